import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import marketClock from '#services/market/market_clock'
import { startPriceFanout } from '#services/market/price_fanout'

/** A Wednesday afternoon in New York: every market is open. */
export const MARKETS_OPEN = DateTime.fromISO('2026-11-18T15:00:00', { zone: 'America/New_York' })
/** A Saturday: only crypto trades. */
export const WEEKEND = DateTime.fromISO('2026-11-21T12:00:00', { zone: 'America/New_York' })

/** Pins the market clock to an open weekday and clears quotes around every test of the group. */
export function openMarkets(group: Group) {
  group.each.setup(() => {
    marketClock.pin(MARKETS_OPEN)
    priceBook.clear()
    feedHealth.reset()
    return () => {
      marketClock.unpin()
      priceBook.clear()
      feedHealth.reset()
    }
  })
}

/** Runs the price fan-out around every test of the group, so quotes reach open pages. */
export function withPriceFanout(group: Group) {
  group.each.setup(() => startPriceFanout())
}

/** A fresh live quote, as a feed would put it. */
export function quote(name: string, bid: string, ask: string, at = Date.now()) {
  priceBook.put({ name, bids: bid, asks: ask, closeoutBid: bid, closeoutAsk: ask, at })
}
