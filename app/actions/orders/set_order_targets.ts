import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Knex } from 'knex'
import Order from '#models/order'
import Instrument from '#models/instrument'
import settings from '#services/settings_service'
import { tradeQuoteFor, type TradeQuote } from '#services/market/trade_quote'
import { orderRateDigits } from '#transformers/order_transformer'
import { trailedStop, trailingDistance, trailingDistanceErrors } from '#domain/trailing'
import { isStorableId } from '#domain/ids'
import marketEvents from '#services/market/market_events'
import { orderTargetErrors } from '#domain/risk'
import { toDbDecimal } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'
import { affected } from '#actions/trades/trade_parts'

export interface SetOrderTargetsInput {
  userId: number
  orderId: number
  /** Take-profit rate; null clears it; undefined leaves it alone. */
  profit?: string | null
  /** Stop-loss rate; null clears it; undefined leaves it alone. */
  loss?: string | null
  /**
   * Trailing-stop distance as typed: price units, or pips when the site's
   * stopLossSelector is pips; null removes it; undefined leaves it alone.
   */
  trailing?: string | null
  /** The staff member setting them in a login-as session (audited). */
  actingStaff?: StaffContext | null
}

/**
 * Sets or clears an open order's take-profit or stop-loss within the bounds
 * of the customer spec §5 modals, and its trailing stop (issue 23 item 2).
 * Only an open order changes: the update is conditional on
 * `close_time IS NULL`, so it cannot race a close.
 *
 * Setting a trailing distance moves the stop at once to where the trail puts
 * it now, when that is better than the stop it has (cTrader's server-side
 * trailing); a better stop stays. Clearing the stop-loss ends the trail too.
 */
export async function setOrderTargets(input: SetOrderTargetsInput): Promise<Order> {
  const order = isStorableId(input.orderId) ? await Order.find(input.orderId) : null
  if (!order || order.deletedAt || order.userId !== input.userId) throw new NotFoundException()
  if (input.profit === undefined && input.loss === undefined && input.trailing === undefined) {
    throw new UserFacingException('Set a take-profit or a stop-loss rate', { field: 'loss' })
  }
  const errors = orderTargetErrors({
    type: order.type,
    openRate: order.openRate,
    profit: input.profit,
    loss: input.loss,
  })
  const trail = input.trailing ? await trailingChange(order, input.trailing, input.loss) : null
  const allErrors = [...errors, ...(trail?.errors ?? [])]
  if (allErrors.length) throw UserFacingException.forFields(allErrors)

  const changes: Record<string, string | null | Knex.Raw> = {}
  if (input.profit !== undefined)
    changes.profit = input.profit === null ? null : toDbDecimal(input.profit)
  if (input.loss !== undefined) changes.loss = input.loss === null ? null : toDbDecimal(input.loss)
  if (input.trailing === null || (input.loss === null && input.trailing === undefined)) {
    // A stop-loss cleared by hand ends its trail: a trail with no stop would set one again at once.
    if (input.trailing === null || order.trailingDistance !== null) changes.trailing_distance = null
  }
  await db.transaction(async (trx) => {
    if (trail) {
      changes.trailing_distance = trail.distance
      if (trail.stop !== null) {
        // An explicit stop in this request is the base; else only a better stop than the stored
        // one is written — the market role may have trailed it further since it was read.
        changes.loss =
          input.loss !== undefined
            ? trail.stop
            : trx.knexRawQuery(
                order.type === 'buy'
                  ? 'CASE WHEN loss IS NULL OR loss < ? THEN ? ELSE loss END'
                  : 'CASE WHEN loss IS NULL OR loss > ? THEN ? ELSE loss END',
                [trail.stop, trail.stop]
              )
      }
    }
    const updated = await trx
      .from('orders')
      .where('id', order.id)
      .whereNull('close_time')
      .whereNull('deleted_at')
      .update({ ...changes, updated_at: DateTime.now().toSQL({ includeOffset: false }) })
    if (affected(updated) !== 1) {
      throw new UserFacingException('This position is already closed', { status: 409 })
    }
    const before: Record<string, string | null> = { orderId: null }
    if (changes.profit !== undefined) before.takeProfit = order.profit
    if (changes.loss !== undefined) before.stopLoss = order.loss
    if (changes.trailing_distance !== undefined) before.trailing = order.trailingDistance
    const after: Record<string, string | number | null> = { orderId: order.id }
    if (changes.profit !== undefined) after.takeProfit = changes.profit as string | null
    if (changes.loss !== undefined) after.stopLoss = trail?.stop ?? (changes.loss as string | null)
    if (changes.trailing_distance !== undefined) {
      after.trailing = changes.trailing_distance as string | null
    }
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.order_targets',
      customerId: order.userId,
      before,
      after,
    })
  })
  marketEvents.publish({ type: 'order.changed', orderId: order.id })
  return Order.findOrFail(order.id)
}

/**
 * The trailing distance in price units (pips × pip size when the site shows
 * pips) and the stop it puts at once from the freshest tradable quote; with
 * no such quote (market closed, stale price) only the distance is stored and
 * the market role trails from its next quote.
 */
async function trailingChange(order: Order, typed: string, loss: string | null | undefined) {
  const mode = (await settings.site()).stopLossSelector === 'pips' ? 'pips' : 'price'
  const distance = trailingDistance(typed, mode, order.quoteSymbol)
  const digits = orderRateDigits(order)
  const quote = await currentQuote(order)
  const errors = trailingDistanceErrors({
    type: order.type,
    distance,
    mode,
    digits,
    bid: quote?.bid,
    ask: quote?.ask,
  })
  if (errors.length) return { errors, distance: '', stop: null }
  const base = loss !== undefined ? loss : order.loss
  const moved = quote
    ? trailedStop({
        type: order.type,
        bid: quote.bid,
        ask: quote.ask,
        distance,
        digits,
        stop: base,
      })
    : null
  return {
    errors,
    distance: toDbDecimal(distance),
    stop: moved ?? (loss !== undefined && loss !== null ? toDbDecimal(loss) : null),
  }
}

async function currentQuote(order: Order): Promise<TradeQuote | null> {
  const instrument = await Instrument.findBy('name', order.instrument)
  if (!instrument) return null
  try {
    return tradeQuoteFor(instrument)
  } catch (error) {
    if (error instanceof UserFacingException) return null
    throw error
  }
}
