import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import currencyRates from '#services/market/feeds/currency_rates'
import type { FeedInstrument } from '#services/market/feeds/provider'
import type { Category } from '#domain/instruments'
import { DEMO_INSTRUMENTS } from '#database/demo/instruments'

/** Retry in milliseconds so reconnect tests take no time; pings rarely. */
export const FAST = { backoff: { minMs: 10, maxMs: 40 }, keepaliveMs: 5000 }

/** The seeded instruments of some categories, as an adapter receives them (no database). */
export function demoFeedInstruments(...categories: Category[]): FeedInstrument[] {
  return DEMO_INSTRUMENTS.filter((i) => categories.includes(i.category)).map((i) => ({
    name: i.name,
    category: i.category,
    quote: i.quote,
    storedBid: i.mid,
  }))
}

/** Every feed test starts from an empty price book, no feed claims and no rates. */
export function resetMarketState() {
  priceBook.clear()
  feedHealth.reset()
  currencyRates.clear()
}

/** Handles (sockets, timers, servers) open in this process, by kind. */
