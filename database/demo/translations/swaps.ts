/** Spanish for the overnight swaps' ledger entries (issue 24 item 1). */
export const TEXTS: Record<string, string> = {
  'Swap {instrument} {date}': 'Swap de {instrument} {date}',
  'Swap {instrument} {date} (×{days})': 'Swap de {instrument} {date} (×{days})',
}
