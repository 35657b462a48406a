import Candle from '#models/candle'
import candleAggregator from '#services/market/candle_aggregator'
import type { CandleInterval } from '#domain/candles'
import { toDbDecimal } from '#domain/money'

export const MAX_CANDLES = 1000

/**
 * The latest bars of an instrument, oldest first, as the chart draws them
 * (time in UTC seconds); the bar being built now replaces its stored copy.
 */
export async function candleHistory(instrument: string, interval: CandleInterval, limit: number) {
  const rows = await Candle.query()
    .where('instrument', instrument)
    .where('interval', interval)
    .orderBy('start_ms', 'desc')
    .limit(limit)
  const bars = rows.reverse().map((c) => ({
    time: Math.floor(c.startMs / 1000),
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
  }))
  const live = candleAggregator.current(instrument, interval)
  if (live) {
    // The same canonical decimals as the stored bars.
    const bar = {
      time: Math.floor(live.start / 1000),
      open: toDbDecimal(live.open),
      high: toDbDecimal(live.high),
      low: toDbDecimal(live.low),
      close: toDbDecimal(live.close),
    }
    const last = bars[bars.length - 1]
    if (last && last.time === bar.time) bars[bars.length - 1] = bar
    else if (!last || last.time < bar.time) bars.push(bar)
    if (bars.length > limit) bars.shift()
  }
  return bars
}
