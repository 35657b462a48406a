import { ErrorView } from '~/components/common/error_view'

export default function Forbidden() {
  return <ErrorView title="Access denied" message="You are not allowed to open this page." />
}
