import { compareDecimalStrings } from './decimal_strings.js'

/** Candle intervals the platform stores (issue 3: at least 1 minute and 1 day). */
export const CANDLE_INTERVALS = ['1m', '1d'] as const
export type CandleInterval = (typeof CANDLE_INTERVALS)[number]

const MINUTE = 60_000
const DAY = 86_400_000

export function isCandleInterval(value: unknown): value is CandleInterval {
  return typeof value === 'string' && (CANDLE_INTERVALS as readonly string[]).includes(value)
}

/** Start of the bar a moment falls in, in epoch ms (days start at 00:00 UTC). */
export function bucketStart(interval: CandleInterval, at: number): number {
  const size = interval === '1m' ? MINUTE : DAY
  return at - (at % size)
}

export interface Candle {
  start: number
  open: string
  high: string
  low: string
  close: string
  ticks: number
}

/**
 * Folds one price into the bar of its bucket. A price in a later bucket starts
 * a new bar; a late price for an earlier bucket is ignored. Prices stay
 * decimal strings.
 */
export function applyTick(
  current: Candle | null,
  interval: CandleInterval,
  price: string,
  at: number
): Candle | null {
  const start = bucketStart(interval, at)
  if (!current || start > current.start) {
    return { start, open: price, high: price, low: price, close: price, ticks: 1 }
  }
  if (start < current.start) return null
  return {
    start,
    open: current.open,
    high: compareDecimalStrings(price, current.high) > 0 ? price : current.high,
    low: compareDecimalStrings(price, current.low) < 0 ? price : current.low,
    close: price,
    ticks: current.ticks + 1,
  }
}

/** Joins a stored bar with one built since a restart for the same bucket. */
export function mergeCandles(stored: Candle, fresh: Candle): Candle {
  return {
    start: stored.start,
    open: stored.open,
    high: compareDecimalStrings(fresh.high, stored.high) > 0 ? fresh.high : stored.high,
    low: compareDecimalStrings(fresh.low, stored.low) < 0 ? fresh.low : stored.low,
    close: fresh.close,
    ticks: stored.ticks + fresh.ticks,
  }
}
