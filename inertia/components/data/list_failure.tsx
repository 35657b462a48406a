import { Alert } from '@heroui/react'

/** A list read the server refused, in its words (already translated by the caller). */
export function ListFailure(props: { title: string; testId: string }) {
  return (
    <Alert color="danger" className="basis-full" title={props.title} data-testid={props.testId} />
  )
}
