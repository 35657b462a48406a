import Candle from '#models/candle'
import type Instrument from '#models/instrument'
import { priceDecimals } from '#domain/instruments'
import { bucketStart } from '#domain/candles'
import { quoteFromStrings, stepScale, ticksToString } from '#domain/price_walk'

const DAYS = 120
const DAY_MS = 86_400_000

/** A small deterministic generator (mulberry32), so every demo database gets the same history. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Daily bars for the last DAYS days that end at each instrument's current bid,
 * walked backwards in whole ticks, so the chart has history on a fresh demo.
 */
export async function seedCandleHistory(instruments: Instrument[], now = Date.now()) {
  const rows: Partial<Candle>[] = []
  instruments.forEach((instrument, index) => {
    if (!instrument.bids || !instrument.asks) return
    const decimals = priceDecimals(instrument.category, instrument.quote, instrument.bids)
    const quote = quoteFromStrings(instrument.bids, instrument.asks, decimals)
    const random = seeded(index + 1)
    const daily = stepScale(quote) * 40
    let close = quote.bidTicks
    for (let day = 1; day <= DAYS; day++) {
      const open = Math.max(1, close + Math.round((random() * 2 - 1) * daily))
      const high = Math.max(open, close) + Math.round(random() * daily * 0.6)
      const low = Math.max(1, Math.min(open, close) - Math.round(random() * daily * 0.6))
      rows.push({
        instrument: instrument.name,
        interval: '1d',
        startMs: bucketStart('1d', now - day * DAY_MS),
        open: ticksToString(open, decimals),
        high: ticksToString(high, decimals),
        low: ticksToString(low, decimals),
        close: ticksToString(close, decimals),
        ticks: 0,
      })
      close = open
    }
  })
  for (let i = 0; i < rows.length; i += 400) await Candle.createMany(rows.slice(i, i + 400))
}
