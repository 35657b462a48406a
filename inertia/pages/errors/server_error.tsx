import { ErrorView } from '~/components/common/error_view'

export default function ServerError() {
  return (
    <ErrorView
      title="Something went wrong"
      message="An unexpected error occurred. Please try again."
    />
  )
}
