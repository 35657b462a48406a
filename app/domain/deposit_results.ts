import { toFixedString, type MoneyInput } from './money.js'
import type { PaymentStatus } from './payments.js'

/**
 * The query string of the /deposits result modal (customer spec §2 Deposits):
 * status success, pending, or anything else for 'Deposit Failed', with the
 * amount and an optional message.
 */
export function depositResultQuery(
  deposit: { status: PaymentStatus; amount: MoneyInput },
  message?: string
) {
  const status =
    deposit.status === 'approved' ? 'success' : deposit.status === 'pending' ? 'pending' : 'failed'
  const query = new URLSearchParams({ status, amount: toFixedString(deposit.amount) })
  if (message) query.set('message', message)
  return query.toString()
}
