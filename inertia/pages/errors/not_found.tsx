import { ErrorView } from '~/components/common/error_view'

export default function NotFound() {
  return <ErrorView title="Page not found" message="The page you are looking for does not exist." />
}
