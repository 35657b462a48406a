import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Order from '#models/order'
import LedgerEntry from '#models/ledger_entry'
import { isStorableId } from '#domain/ids'
import { sum, type Money } from '#domain/money'
import type { LedgerEntryType } from '#domain/ledger'
import { positionsChanging } from '#services/ledger_service'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'

export const TRADE_DELETED_MESSAGE = 'This trade was deleted'

/**
 * A live (not deleted) order read again inside the caller's transaction and
 * locked there (FOR UPDATE on PostgreSQL; SQLite's one connection serializes
 * transactions), so a staff write and a close, a customer's target change or
 * another staff write are decided one after the other. Unknown: 404; deleted
 * (the row stays for the audit trail): 409, as for any row decided meanwhile.
 */
export async function lockedLiveOrder(trx: TransactionClientContract, orderId: number) {
  const order = isStorableId(orderId)
    ? await Order.query({ client: trx }).where('id', orderId).forUpdate().first()
    : null
  if (!order) throw new NotFoundException()
  if (order.deletedAt) throw new UserFacingException(TRADE_DELETED_MESSAGE, { status: 409 })
  return order
}

/**
 * `lockedLiveOrder` for a correction, which may stop the account out in its
 * own transaction and so close other positions of the wallet: every open
 * order of the wallet is locked with it, in id order, before the wallet
 * (the lock order of every close: order rows, then the wallet). A close by
 * the customer or the risk engine waits for the correction, or the
 * correction for it; neither can hold what the other needs next.
 */
export async function lockedOrderForCorrection(trx: TransactionClientContract, orderId: number) {
  const peek = isStorableId(orderId)
    ? await trx.from('orders').select('balance_id').where('id', orderId).first()
    : null
  if (!peek) throw new NotFoundException()
  const rows = await Order.query({ client: trx })
    .where('id', orderId)
    .orWhere((open) =>
      open.where('balance_id', peek.balance_id).whereNull('close_time').whereNull('deleted_at')
    )
    .orderBy('id')
    .forUpdate()
  const order = rows.find((o) => o.id === orderId)
  if (!order) throw new NotFoundException()
  if (order.deletedAt) throw new UserFacingException(TRADE_DELETED_MESSAGE, { status: 409 })
  return order
}

/**
 * Locks the order's wallet before the order row is written, and moves its
 * version (`positionsChanging`): an order decided on the positions as they
 * were must not commit on them. Every money path takes the wallet before the
 * `orders` write whose trigger locks a block of `order_list_counts` (placing
 * an order reserves margin first, then inserts); taking them in the other
 * order here could deadlock with a placement on PostgreSQL.
 */
export async function lockWallet(trx: TransactionClientContract, balanceId: number) {
  await positionsChanging(trx, balanceId)
}

/** What the ledger holds for an order, by entry type (`reference_type = 'order'`). */
export async function orderLedgerSum(
  trx: TransactionClientContract,
  orderId: number,
  types?: LedgerEntryType[]
): Promise<Money> {
  const query = LedgerEntry.query({ client: trx })
    .where('reference_type', 'order')
    .where('reference_id', orderId)
  if (types) query.whereIn('type', types)
  const entries = await query.select('amount')
  return sum(entries.map((e) => e.amount))
}

/** One affected-row count as both drivers report it. */
export function affected(result: unknown) {
  return Number(Array.isArray(result) ? result[0] : result)
}
