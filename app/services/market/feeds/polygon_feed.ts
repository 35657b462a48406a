import logger from '@adonisjs/core/services/logger'
import feedHealth from '#services/market/feed_health'
import { ReconnectingSocket } from '#services/market/feeds/reconnecting_socket'
import { QuoteWriter } from '#services/market/feeds/quote_writer'
import {
  type FeedConnectionOptions,
  type FeedInstrument,
  type MarketFeed,
  reportDown,
  reportStarting,
} from '#services/market/feeds/provider'

/** Massive (formerly Polygon.io) websocket host; the cluster is the path. */
export const POLYGON_WS_URL = 'wss://socket.massive.com'

export type PolygonCluster = 'forex' | 'crypto'

/** Forex quotes are `C` events, crypto quotes `XQ` events (PROTOCOLS.md §1). */
const QUOTE_EVENT: Record<PolygonCluster, string> = { forex: 'C', crypto: 'XQ' }

export interface PolygonFeedOptions extends FeedConnectionOptions {
  cluster: PolygonCluster
  apiKey: string
  instruments: readonly FeedInstrument[]
  /** Without the cluster path; defaults to POLYGON_WS_URL. */
  baseUrl?: string
}

/** EUR_USD → EUR-USD, the ticker format the docs give for subscriptions. */
export function polygonTicker(name: string) {
  return name.replace('_', '-')
}

/** EUR-USD or EUR/USD (older forex frames) → EUR_USD. */
export function nameFromPolygonPair(pair: string) {
  return pair.toUpperCase().replace(/[-/]/, '_')
}

interface PolygonEvent {
  ev?: string
  status?: string
  message?: string
  /** Forex: pair, ask, bid. */
  p?: string
  a?: number | string
  b?: number | string
  /** Crypto: pair, bid price, ask price. */
  pair?: string
  bp?: number | string
  ap?: number | string
}

/**
 * One Massive cluster connection: authenticate on open, subscribe to our
 * instruments once `auth_success` arrives, and write every quote of the
 * JSON-array frames to the price book.
 */
export class PolygonFeed implements MarketFeed {
  readonly name
  readonly instruments: readonly string[]
  #writer: QuoteWriter
  #socket: ReconnectingSocket
  /** The provider refused us; the close that follows must not hide its message. */
  #refused = false

  constructor(private options: PolygonFeedOptions) {
    this.name = options.cluster === 'forex' ? ('polygonForex' as const) : ('polygonCrypto' as const)
    this.#writer = new QuoteWriter(this.name, options.instruments, options.now)
    this.instruments = this.#writer.names
    const url = `${(options.baseUrl ?? POLYGON_WS_URL).replace(/\/+$/, '')}/${options.cluster}`
    this.#socket = new ReconnectingSocket(
      url,
      {
        onOpen: () => {
          this.#refused = false
          this.#socket.send({ action: 'auth', params: options.apiKey })
        },
        onMessage: (text) => this.#onFrame(text),
        onDown: (reason) => {
          if (!this.#refused) reportDown(this.name, reason)
        },
      },
      options
    )
  }

  start() {
    reportStarting(this)
    this.#socket.start()
  }

  async stop() {
    await this.#socket.stop()
    feedHealth.release(this.name)
  }

  #onFrame(text: string) {
    let events: unknown
    try {
      events = JSON.parse(text)
    } catch {
      logger.warn({ feed: this.name }, 'unreadable frame from Massive')
      return
    }
    for (const event of Array.isArray(events) ? events : [events]) {
      if (event && typeof event === 'object') this.#onEvent(event as PolygonEvent)
    }
  }

  #onEvent(event: PolygonEvent) {
    if (event.ev === 'status') return this.#onStatus(event)
    if (event.ev !== QUOTE_EVENT[this.options.cluster]) return
    if (this.options.cluster === 'forex') {
      if (typeof event.p === 'string')
        this.#writer.put(nameFromPolygonPair(event.p), { bid: event.b, ask: event.a })
    } else if (typeof event.pair === 'string') {
      this.#writer.put(nameFromPolygonPair(event.pair), { bid: event.bp, ask: event.ap })
    }
  }

  #onStatus({ status, message = '' }: PolygonEvent) {
    switch (status) {
      case 'connected':
      case 'success': // subscription acknowledged
        return
      case 'auth_success': {
        const prefix = QUOTE_EVENT[this.options.cluster]
        const params = this.instruments.map((n) => `${prefix}.${polygonTicker(n)}`).join(',')
        if (params) this.#socket.send({ action: 'subscribe', params })
        this.#socket.healthy()
        feedHealth.report(this.name, true, 'Connected')
        return
      }
      default:
        // auth_failed, max_connections, error…: the provider's words reach the status page.
        this.#refused = true
        this.#socket.refused()
        feedHealth.report(this.name, false, message || status || 'Refused')
        logger.warn({ feed: this.name, status, message }, 'Massive refused the connection')
        this.#socket.drop()
    }
  }
}
