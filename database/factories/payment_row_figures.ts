import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Balance from '#models/balance'
import type PaymentRow from '#models/payment_row'
import { money, toDbDecimal } from '#domain/money'

/**
 * What the deposit and withdrawal factories fill alike before a row is
 * inserted: its owner's real wallet unless one was merged, and its amounts as
 * stored decimals with `total` always amount + fee.
 */
export async function fillPaymentRowFigures(
  row: PaymentRow,
  client?: { client: TransactionClientContract }
) {
  if (!row.balanceId) {
    const wallet = await Balance.query(client)
      .where('user_id', row.userId)
      .where('mode', 'real')
      .firstOrFail()
    row.balanceId = wallet.id
  }
  row.amount = toDbDecimal(row.amount)
  row.fee = toDbDecimal(row.fee)
  row.total = toDbDecimal(money(row.amount).plus(money(row.fee)))
}

/** Runs a factory's money move in the factory's own transaction, or in one of its own. */
export function inFactoryTransaction(
  trx: TransactionClientContract | undefined,
  work: (trx: TransactionClientContract) => Promise<void>
) {
  return trx ? work(trx) : db.transaction(work)
}
