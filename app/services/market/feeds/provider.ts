import logger from '@adonisjs/core/services/logger'
import Instrument from '#models/instrument'
import feedHealth from '#services/market/feed_health'
import type { Category } from '#domain/instruments'
import type { FeedName } from '#services/market/feed_health'
import type { BackoffOptions } from '#services/market/feeds/backoff'

/** A live market-data source for a set of instruments. */
export interface MarketFeed {
  readonly name: FeedName
  /** Names of the instruments it quotes. */
  readonly instruments: readonly string[]
  /** Connects in the background; reconnects until stopped. */
  start(): void
  /** Closes sockets and timers; resolves once nothing of it runs. */
  stop(): Promise<void>
}

/** What an adapter needs to know about an instrument it quotes. */
export interface FeedInstrument {
  name: string
  category: Category
  quote: string
  /** The stored bid fixes the price level and so the decimals (priceDecimals). */
  storedBid: string | null
}

/** Options every adapter accepts so tests can point it at a local fake and retry fast. */
export interface FeedConnectionOptions {
  backoff?: BackoffOptions
  /** Ping (websocket) or watchdog (stream) interval that detects a silent dead connection. */
  keepaliveMs?: number
  now?: () => number
}

export async function loadFeedInstruments(
  categories: readonly Category[]
): Promise<FeedInstrument[]> {
  if (categories.length === 0) return []
  const rows = await Instrument.query()
    .whereIn('category', [...categories])
    .orderBy('id', 'asc')
  return rows.map((i) => ({
    name: i.name,
    category: i.category,
    quote: i.quote,
    storedBid: i.bids,
  }))
}

/** Reports a feed down on the status page, logging only the fall from connected (retries stay quiet). */
export function reportDown(feed: FeedName, message: string) {
  if (feedHealth.heartbeat(feed)?.success)
    logger.warn({ feed, reason: message }, 'market feed disconnected')
  feedHealth.report(feed, false, message)
}

/** A starting feed takes charge of its instruments' health: assigned to it, connecting, not yet live. */
export function reportStarting(feed: { name: FeedName; instruments: readonly string[] }) {
  feedHealth.assign(feed.name, feed.instruments)
  feedHealth.report(feed.name, false, 'Connecting')
}

/** The `message` (or `errorMessage`) of a JSON error body, else the text itself. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body)
    const message = parsed?.message ?? parsed?.errorMessage ?? parsed?.error
    if (typeof message === 'string') return message
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 200)
}

/** How a feed reports a refused HTTP request: the status and the body's message ("HTTP 401: bad key"). */
export function httpRefusal(status: number, body: string): string {
  return `HTTP ${status}${body ? `: ${messageOf(body)}` : ''}`
}
