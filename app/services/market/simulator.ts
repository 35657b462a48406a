import { DateTime } from 'luxon'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import type { Category } from '#domain/instruments'
import { priceDecimals } from '#domain/instruments'
import { isCategoryOpen, marketStatus, type MarketStatus } from '#domain/market_hours'
import { askOf, bidOf, quoteFromStrings, stepScale, walk, type TickQuote } from '#domain/price_walk'

const TICK_MS = 100
/** Chance that an instrument quotes in a 100 ms slot: liquid markets tick several times a second. */
const TICK_CHANCE: Record<Category, number> = {
  forex: 0.4,
  crypto: 0.5,
  commodity: 0.25,
  index: 0.25,
  stock: 0.15,
}

interface Simulated {
  name: string
  category: Category
  quote: TickQuote
  anchorTicks: number
}

/**
 * The built-in market: a random walk in whole ticks around each instrument's
 * stored price, keeping its spread, quoting only while its market is open.
 * `categories` limits it to the markets no live feed covers (all by default).
 * Returns a function that stops it.
 */
export async function startSimulator(
  options: { random?: () => number; now?: () => DateTime; categories?: readonly Category[] } = {}
) {
  const random = options.random ?? Math.random
  const now = options.now ?? (() => DateTime.now())
  const query = Instrument.query().whereNotNull('bids').whereNotNull('asks')
  if (options.categories) query.whereIn('category', [...options.categories])
  const instruments = options.categories?.length === 0 ? [] : await query
  const simulated: Simulated[] = instruments.map((i) => {
    const decimals = priceDecimals(i.category, i.quote, i.bids!)
    const quote = quoteFromStrings(i.bids!, i.asks!, decimals)
    return { name: i.name, category: i.category, quote, anchorTicks: quote.bidTicks }
  })
  feedHealth.assign('simulator', simulated.map((s) => s.name))
  let status: MarketStatus = marketStatus(now())
  for (const s of simulated) publish(s)

  const timer = setInterval(() => {
    status = marketStatus(now())
    for (const s of simulated) {
      if (!isCategoryOpen(s.category, status)) continue
      if (random() >= TICK_CHANCE[s.category]) continue
      const scale = stepScale(s.quote)
      const step = Math.round((random() * 2 - 1) * scale)
      if (step === 0) continue
      s.quote = walk(s.quote, step, s.anchorTicks)
      publish(s)
    }
  }, TICK_MS)

  return () => {
    clearInterval(timer)
    feedHealth.release('simulator')
  }
}

function publish(s: Simulated) {
  const bids = bidOf(s.quote)
  const asks = askOf(s.quote)
  priceBook.put({ name: s.name, bids, asks, closeoutBid: bids, closeoutAsk: asks, at: Date.now(), feed: 'simulator' })
}
