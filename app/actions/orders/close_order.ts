import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Order from '#models/order'
import { isStorableId } from '#domain/ids'
import Instrument from '#models/instrument'
import { postEntry } from '#services/ledger_service'
import { tradeQuoteFor, type TradeQuote } from '#services/market/trade_quote'
import marketEvents from '#services/market/market_events'
import { signalAccountChanged } from '#services/notification_service'
import { currentRateFor, positionProfitLoss } from '#domain/account_metrics'
import { money, roundCurrency, toDbDecimal, type Money } from '#domain/money'
import { negativeBalanceWriteOff } from '#domain/risk'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { lockWallet } from '#actions/trades/trade_parts'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'
import type { Fence } from '#services/market/market_lease'
import {
  closeEvidenceColumns,
  evidenceForAudit,
  type AccountAtTrigger,
  type QuoteEvidence,
} from '#domain/evidence'

export type CloseReason =
  'manual' | 'take_profit' | 'stop_loss' | 'trailing_stop' | 'stop_out' | 'admin'

/** How a close reads in the ledger and the customer's notification. */
export const CLOSE_REASON_TEXT: Record<CloseReason, string> = {
  manual: 'manual',
  take_profit: 'take profit',
  stop_loss: 'stop loss',
  trailing_stop: 'trailing stop',
  stop_out: 'stop out',
  admin: 'by the broker',
}

export interface CloseOrderInput {
  orderId: number
  /** The customer asking; null when the server's risk engine or staff close. */
  userId: number | null
  /** The staff member closing (reason 'admin'): a lost race is a 409 for them, as for a customer. */
  staffId?: number
  /** The staff member closing as the customer in a login-as session (audited; the ledger rows name them). */
  actingStaff?: StaffContext | null
  reason: CloseReason
  /** The quote that triggered a server close; a customer's close uses the current one. */
  quote?: TradeQuote
  /** A stop-out's account at the trigger (equity, used margin, margin level), stored as evidence. */
  account?: AccountAtTrigger
  /**
   * The market role's closes (TP/SL, stop-outs) pass the lease check first in their transaction:
   * a deposed market process's close rolls back. Customers' and staff's closes have none.
   */
  fence?: Fence
  /** Checked with the trigger's own exact rate before closing (TP/SL/stop-out confirmations). */
  confirm?: (order: Order, closeRate: string) => boolean
  /** More writes of the winning close, in its transaction (staff closes: the notification, the audit row). */
  inTransaction?: (
    trx: TransactionClientContract,
    order: Order,
    close: { closeRate: string; realized: string; entryIds: number[]; quote: TradeQuote }
  ) => Promise<void>
}

export interface ClosedOrder {
  order: Order
  realized: string
  writtenOff: string
}

/**
 * Closes an open position exactly once: the close is a conditional update
 * (`close_time IS NULL`, not deleted), so of any number of concurrent closes
 * — the customer's, the risk engine's, staff's — one wins and the rest find
 * it closed. The order is read again inside the transaction (locked on
 * PostgreSQL; SQLite's one connection serializes), so the P/L is computed
 * from the rates as they stand when it closes, even if staff edited them a
 * moment before. The winner realizes the P/L (rounded to cents) through the
 * ledger, releases the margin in the same write, and, if the loss exceeds
 * the balance, writes the excess off so the balance ends at zero (negative
 * balance protection), all in one transaction.
 */
export async function closeOrder(input: CloseOrderInput): Promise<ClosedOrder | null> {
  const found = isStorableId(input.orderId) ? await Order.find(input.orderId) : null
  if (!found || (input.userId !== null && found.userId !== input.userId))
    throw new NotFoundException()
  // A deleted trade is gone for its customer; staff are told what happened to it.
  if (found.deletedAt) throw input.staffId !== undefined ? deleted() : new NotFoundException()
  if (found.closeTime) throw alreadyClosed()

  const quote = input.quote ?? tradeQuoteFor(await instrumentOf(found), 'orderId')

  const result = await db.transaction(async (trx) => {
    await input.fence?.(trx)
    const order = await Order.query({ client: trx }).where('id', found.id).forUpdate().first()
    if (!order || order.closeTime || order.deletedAt)
      return { lost: true as const, deleted: !!order?.deletedAt }
    const closeRate = currentRateFor(order.type, quote.bid, quote.ask)
    if (input.confirm && !input.confirm(order, closeRate)) return { declined: true as const }
    const settled = await settleClose(trx, order, {
      closeRate,
      reason: input.reason,
      staffId: input.staffId ?? input.actingStaff?.staff.id ?? null,
      evidence: { quote, account: input.account },
    })
    if (!settled) return { lost: true as const, deleted: false }
    const { realized, writeOff, entryIds } = settled
    await input.inTransaction?.(trx, order, {
      closeRate: toDbDecimal(closeRate),
      realized: toDbDecimal(realized),
      entryIds,
      quote,
    })
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.order_close',
      customerId: order.userId,
      before: { orderId: null, status: 'open' },
      after: {
        orderId: order.id,
        status: 'closed',
        closeRate: toDbDecimal(closeRate),
        proLoss: toDbDecimal(realized),
        evidence: evidenceForAudit(quote),
      },
      ledgerEntryIds: entryIds,
    })
    return { realized: toDbDecimal(realized), writtenOff: toDbDecimal(writeOff) }
  })
  if ('declined' in result) return null
  if ('lost' in result) {
    if (input.userId === null && input.staffId === undefined) return null
    if (result.deleted) throw input.staffId !== undefined ? deleted() : new NotFoundException()
    throw alreadyClosed()
  }

  const order = await Order.findOrFail(found.id)
  signalAccountChanged(order.userId)
  return { order, ...result }
}

export interface SettledClose {
  realized: Money
  writeOff: Money
  /** The ledger entries the close wrote (realized P/L, then any write-off). */
  entryIds: number[]
}

/**
 * The writes of a close inside the caller's transaction, the order already
 * read there: lock the wallet, claim the close with a conditional update
 * (`close_time IS NULL`, not deleted: of racing closes one wins), realize
 * the P/L (cents half-up) releasing the margin in the same write, and write
 * off any excess below zero. Null when another close or a delete won. The
 * staff member, if any, is named on every entry; the evidence is stored on the row.
 */
export async function settleClose(
  trx: TransactionClientContract,
  order: Order,
  close: {
    closeRate: string
    reason: CloseReason
    staffId: number | null
    /** The quote the close used and, for a stop-out, the account at the trigger (issue 24 item 2). */
    evidence?: { quote: QuoteEvidence; account?: AccountAtTrigger | null }
  }
): Promise<SettledClose | null> {
  const { closeRate } = close
  // The wallet before the order row's write (whose trigger locks a block of order_list_counts), as placing does.
  await lockWallet(trx, order.balanceId)

  const realized = roundCurrency(
    positionProfitLoss({
      type: order.type,
      tradeAmount: order.tradeAmount,
      openRate: order.openRate,
      currentRate: closeRate,
      spread: order.spread,
      exchangeRate: order.exchangeRate,
    })
  )
  const now = DateTime.now().toSQL({ includeOffset: false })
  const claimed = await trx
    .from('orders')
    .where('id', order.id)
    .whereNull('close_time')
    .whereNull('deleted_at')
    .update({
      close_time: now,
      close_rate: toDbDecimal(closeRate),
      pro_loss: toDbDecimal(realized),
      close_reason: close.reason,
      ...(close.evidence && closeEvidenceColumns(close.evidence.quote, close.evidence.account)),
      updated_at: now,
    })
  if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) return null
  // Every close (customer, staff, risk engine, a correction's stop-out) tells the market role once committed.
  marketEvents.afterCommit(trx, {
    type: 'order.closed',
    orderId: order.id,
    balanceId: order.balanceId,
  })

  const entry = await postEntry(trx, {
    balanceId: order.balanceId,
    type: 'realized_pnl',
    amount: realized,
    marginDelta: money(order.marginUsed).negated(),
    referenceType: 'order',
    referenceId: order.id,
    createdById: close.staffId,
    description: `Position #${order.id} ${order.instrument} closed (${CLOSE_REASON_TEXT[close.reason]})`,
  })
  const entryIds = [entry.id]
  const writeOff = negativeBalanceWriteOff(entry.balanceAfter)
  if (writeOff.greaterThan(0)) {
    const written = await postEntry(trx, {
      balanceId: order.balanceId,
      type: 'write_off',
      amount: writeOff,
      referenceType: 'order',
      referenceId: order.id,
      createdById: close.staffId,
      description: `Negative balance protection after position #${order.id}`,
    })
    entryIds.push(written.id)
  }
  return { realized, writeOff, entryIds }
}

async function instrumentOf(order: Order) {
  const instrument = await Instrument.findBy('name', order.instrument)
  if (!instrument)
    throw new UserFacingException('This instrument is no longer listed', { field: 'orderId' })
  return instrument
}

function deleted() {
  return new UserFacingException('This trade was deleted', { status: 409, field: 'orderId' })
}

function alreadyClosed() {
  return new UserFacingException('This position is already closed', {
    status: 409,
    field: 'orderId',
  })
}
