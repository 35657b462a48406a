import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Order from '#models/order'
import { isStorableId } from '#domain/ids'
import Instrument from '#models/instrument'
import { postEntry } from '#services/ledger_service'
import { tradeQuoteFor, type TradeQuote } from '#services/market/trade_quote'
import orderEvents from '#services/market/order_events'
import { signalAccountChanged } from '#services/notification_service'
import { currentRateFor, positionProfitLoss } from '#domain/account_metrics'
import { money, roundCurrency, toDbDecimal } from '#domain/money'
import { negativeBalanceWriteOff } from '#domain/risk'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'

export type CloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'stop_out'

export interface CloseOrderInput {
  orderId: number
  /** The customer asking; null when the server's risk engine closes. */
  userId: number | null
  reason: CloseReason
  /** The quote that triggered a server close; a customer's close uses the current one. */
  quote?: TradeQuote
  /** Checked with the trigger's own exact rate before closing (TP/SL/stop-out confirmations). */
  confirm?: (order: Order, closeRate: string) => boolean
}

export interface ClosedOrder {
  order: Order
  realized: string
  writtenOff: string
}

/**
 * Closes an open position exactly once: the close is a conditional update
 * (`close_time IS NULL`), so of any number of concurrent closes one wins and
 * the rest find it closed. The winner realizes the P/L (rounded to cents)
 * through the ledger, releases the margin in the same write, and, if the loss
 * exceeds the balance, writes the excess off so the balance ends at zero
 * (negative balance protection), all in one transaction.
 */
export async function closeOrder(input: CloseOrderInput): Promise<ClosedOrder | null> {
  const found = isStorableId(input.orderId) ? await Order.find(input.orderId) : null
  if (!found || (input.userId !== null && found.userId !== input.userId)) throw new NotFoundException()
  if (found.closeTime) throw alreadyClosed()

  const quote = input.quote ?? tradeQuoteFor(await instrumentOf(found), 'orderId')
  const closeRate = currentRateFor(found.type, quote.bid, quote.ask)
  if (input.confirm && !input.confirm(found, closeRate)) return null

  const profitLoss = positionProfitLoss({
    type: found.type,
    tradeAmount: found.tradeAmount,
    openRate: found.openRate,
    currentRate: closeRate,
    spread: found.spread,
    exchangeRate: found.exchangeRate,
  })
  const realized = roundCurrency(profitLoss)

  const result = await db.transaction(async (trx) => {
    const now = DateTime.now().toSQL({ includeOffset: false })
    const claimed = await trx
      .from('orders')
      .where('id', found.id)
      .whereNull('close_time')
      .update({
        close_time: now,
        close_rate: toDbDecimal(closeRate),
        pro_loss: toDbDecimal(realized),
        close_reason: input.reason,
        updated_at: now,
      })
    if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) return null

    const entry = await postEntry(trx, {
      balanceId: found.balanceId,
      type: 'realized_pnl',
      amount: realized,
      marginDelta: money(found.marginUsed).negated(),
      referenceType: 'order',
      referenceId: found.id,
      description: `Position #${found.id} ${found.instrument} closed (${input.reason.replace('_', ' ')})`,
    })
    const writeOff = negativeBalanceWriteOff(entry.balanceAfter)
    if (writeOff.greaterThan(0)) {
      await postEntry(trx, {
        balanceId: found.balanceId,
        type: 'write_off',
        amount: writeOff,
        referenceType: 'order',
        referenceId: found.id,
        description: `Negative balance protection after position #${found.id}`,
      })
    }
    return { realized: toDbDecimal(realized), writtenOff: toDbDecimal(writeOff) }
  })
  if (!result) {
    if (input.userId === null) return null
    throw alreadyClosed()
  }

  const order = await Order.findOrFail(found.id)
  orderEvents.emit('closed', order.id, order.balanceId)
  signalAccountChanged(order.userId)
  return { order, ...result }
}

async function instrumentOf(order: Order) {
  const instrument = await Instrument.findBy('name', order.instrument)
  if (!instrument) throw new UserFacingException('This instrument is no longer listed', { field: 'orderId' })
  return instrument
}

function alreadyClosed() {
  return new UserFacingException('This position is already closed', { status: 409, field: 'orderId' })
}
