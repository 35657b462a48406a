import { DateTime } from 'luxon'
import type { Category } from './instruments.js'
import { money, type MoneyInput } from './money.js'
import type { OrderType } from './trading.js'
import { usStockSession } from './exchange_calendars.js'

/**
 * Pending (limit and stop) orders, issue 23 item 1: when they trigger, where
 * their price and targets may sit, when "end of day" is. Pure: exact decimals,
 * no clock of their own.
 */

export const PENDING_EXECUTIONS = ['limit', 'stop'] as const
export type PendingExecution = (typeof PENDING_EXECUTIONS)[number]

export const PENDING_EXPIRIES = ['gtc', 'day', 'date'] as const
export type PendingExpiry = (typeof PENDING_EXPIRIES)[number]

export const PENDING_STATUSES = ['pending', 'filled', 'cancelled', 'expired'] as const
export type PendingStatus = (typeof PENDING_STATUSES)[number]

export const PENDING_REASONS = [
  'customer',
  'staff',
  'expired',
  'insufficient_margin',
  'not_tradable',
  'exposure_limit',
] as const
export type PendingReason = (typeof PENDING_REASONS)[number]

/** How each reason reads in the lists and notifications (the pages translate it). */
export const PENDING_REASON_TEXT: Record<PendingReason, string> = {
  customer: 'Cancelled by you',
  staff: 'Cancelled by the broker',
  expired: 'Expired',
  insufficient_margin: 'Not enough free margin when the price was reached',
  not_tradable: 'The instrument could not be traded when the price was reached',
  exposure_limit: "The broker's exposure limit on the instrument was reached",
}

/** The name of each order kind, as traders know them (MetaTrader's). */
export const PENDING_ORDER_LABELS: Record<`${OrderType}_${PendingExecution}`, string> = {
  buy_limit: 'Buy Limit',
  buy_stop: 'Buy Stop',
  sell_limit: 'Sell Limit',
  sell_stop: 'Sell Stop',
}

export function pendingOrderLabel(type: OrderType, execution: PendingExecution): string {
  return PENDING_ORDER_LABELS[`${type}_${execution}`]
}

/** How each expiry choice reads; 'day' and 'date' also show their moment. */
export const PENDING_EXPIRY_LABELS: Record<PendingExpiry, string> = {
  gtc: 'Good till cancelled',
  day: 'End of day',
  date: 'Date and time',
}

export interface PendingTrigger {
  type: OrderType
  execution: PendingExecution
  price: MoneyInput
}

/**
 * Whether the market has reached the order: a buy compares the ask, a sell
 * the bid. Buy limit: ask ≤ price; sell limit: bid ≥ price; buy stop:
 * ask ≥ price; sell stop: bid ≤ price.
 */
export function isTriggered(order: PendingTrigger, bid: MoneyInput, ask: MoneyInput): boolean {
  const price = money(order.price)
  if (order.type === 'buy') {
    const a = money(ask)
    return order.execution === 'limit' ? a.lte(price) : a.gte(price)
  }
  const b = money(bid)
  return order.execution === 'limit' ? b.gte(price) : b.lte(price)
}

export interface PlacementError {
  field: 'price' | 'profit' | 'loss'
  message: string
}

/**
 * Where a new or modified pending order may sit (anything else is refused):
 * a buy limit below the ask and a buy stop above it; a sell limit above the
 * bid and a sell stop below it (an order already crossed would fill at once:
 * that is a market order). Targets sit on the right side of the trigger
 * price, above zero: buy TP > price > SL; sell SL > price > TP.
 */
export function placementErrors(input: {
  type: OrderType
  execution: PendingExecution
  price: MoneyInput
  bid: MoneyInput
  ask: MoneyInput
  profit: MoneyInput | null
  loss: MoneyInput | null
}): PlacementError[] {
  const errors: PlacementError[] = []
  const price = money(input.price)
  if (price.lte(0)) {
    errors.push({ field: 'price', message: 'Price must be greater than zero' })
    return errors
  }
  const ask = money(input.ask).toFixed()
  const bid = money(input.bid).toFixed()
  if (input.type === 'buy' && input.execution === 'limit' && !price.lt(input.ask)) {
    errors.push({ field: 'price', message: `A buy limit price must be below the ask (${ask})` })
  } else if (input.type === 'buy' && input.execution === 'stop' && !price.gt(input.ask)) {
    errors.push({ field: 'price', message: `A buy stop price must be above the ask (${ask})` })
  } else if (input.type === 'sell' && input.execution === 'limit' && !price.gt(input.bid)) {
    errors.push({ field: 'price', message: `A sell limit price must be above the bid (${bid})` })
  } else if (input.type === 'sell' && input.execution === 'stop' && !price.lt(input.bid)) {
    errors.push({ field: 'price', message: `A sell stop price must be below the bid (${bid})` })
  }
  const shown = price.toFixed()
  if (input.profit !== null) {
    const tp = money(input.profit)
    const ok = input.type === 'buy' ? tp.gt(price) : tp.gt(0) && tp.lt(price)
    if (!ok) {
      errors.push({
        field: 'profit',
        message:
          input.type === 'buy'
            ? `Take profit must be above the order price (${shown})`
            : `Take profit must be between 0 and the order price (${shown})`,
      })
    }
  }
  if (input.loss !== null) {
    const sl = money(input.loss)
    const ok = input.type === 'buy' ? sl.gt(0) && sl.lt(price) : sl.gt(price)
    if (!ok) {
      errors.push({
        field: 'loss',
        message:
          input.type === 'buy'
            ? `Stop loss must be between 0 and the order price (${shown})`
            : `Stop loss must be above the order price (${shown})`,
      })
    }
  }
  return errors
}

const NEW_YORK = 'America/New_York'

/**
 * When a 'day' order placed at `at` expires: the end of its instrument's
 * trading day. Forex, commodities and indices: the next 17:00 New York (the
 * forex day's roll). Stocks: that day's session close, early closes
 * included (after the close, or on a closed day: the next session's).
 * Crypto: the next 00:00 UTC. Answered in UTC.
 */
export function endOfTradingDay(category: Category, at: DateTime): DateTime {
  if (category === 'crypto') {
    return at.toUTC().startOf('day').plus({ days: 1 })
  }
  const ny = at.setZone(NEW_YORK)
  if (category === 'stock') {
    for (let day = ny.startOf('day'), i = 0; i < 14; day = day.plus({ days: 1 }), i++) {
      if (day.weekday > 5) continue
      const session = usStockSession(day.toISODate()!)
      if (session.closed) continue
      const close = day.set({
        hour: Math.floor(session.closesAt / 60),
        minute: session.closesAt % 60,
      })
      if (close > ny) return close.toUTC()
    }
  }
  let roll = ny.set({ hour: 17, minute: 0, second: 0, millisecond: 0 })
  if (roll <= ny) roll = roll.plus({ days: 1 })
  return roll.toUTC()
}
