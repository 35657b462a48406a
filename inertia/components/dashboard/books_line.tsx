import { Alert } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/**
 * The last reconciliation of the books (issue 24 item 6): "Books balanced at
 * 17:00 New York: 2,412 wallets, 0 differences", a warning when they differ,
 * a neutral line before the first run. `ledger:reconcile` lists the differences.
 */
export function BooksLine(props: {
  books: { tone: 'success' | 'warning' | 'neutral'; text: string; values: Record<string, string> }
}) {
  const { t } = useTranslation()
  const { tone, text, values } = props.books
  const color = tone === 'neutral' ? 'default' : tone
  return (
    <Alert
      color={color}
      variant="flat"
      title={t(text, values)}
      data-testid="dashboard-books"
      data-tone={tone}
    />
  )
}
