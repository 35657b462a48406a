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

/** EOD Historical Data websocket host; the `us-quote` endpoint carries US stock bid/ask. */
export const EODHD_WS_URL = 'wss://ws.eodhistoricaldata.com'

export interface EodhdFeedOptions extends FeedConnectionOptions {
  apiKey: string
  instruments: readonly FeedInstrument[]
  /** Without the `/ws/us-quote` path; defaults to EODHD_WS_URL. */
  baseUrl?: string
}

interface EodhdMessage {
  status_code?: number
  status?: number
  message?: string
  /** Quote: symbol, bid price, ask price. */
  s?: string
  bp?: number | string
  ap?: number | string
}

/**
 * US stock quotes from EODHD: the key travels in the query string and is
 * checked at the handshake; after `Authorized` we subscribe (subscriptions do
 * not survive a reconnect, so every session subscribes again).
 * Stock instruments are named by their ticker, which is the EODHD symbol.
 */
export class EodhdFeed implements MarketFeed {
  readonly name = 'eodStock' as const
  readonly instruments: readonly string[]
  #writer: QuoteWriter
  #socket: ReconnectingSocket
  #refused = false

  constructor(options: EodhdFeedOptions) {
    this.#writer = new QuoteWriter(this.name, options.instruments, options.now)
    this.instruments = this.#writer.names
    const base = (options.baseUrl ?? EODHD_WS_URL).replace(/\/+$/, '')
    const url = `${base}/ws/us-quote?api_token=${encodeURIComponent(options.apiKey)}`
    this.#socket = new ReconnectingSocket(
      url,
      {
        onOpen: () => {
          this.#refused = false
        },
        onMessage: (text) => this.#onMessage(text),
        onDown: (reason) => {
          if (!this.#refused) reportDown(this.name, reason)
          // A handshake refused with 401/403 is a bad key: do not hammer.
          if (/^HTTP 40[13]\b/.test(reason)) this.#socket.refused()
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

  #onMessage(text: string) {
    let message: EodhdMessage
    try {
      message = JSON.parse(text)
    } catch {
      logger.warn({ feed: this.name }, 'unreadable frame from EODHD')
      return
    }
    if (!message || typeof message !== 'object') return
    if (typeof message.s === 'string') {
      this.#writer.put(message.s.toUpperCase(), { bid: message.bp, ask: message.ap })
      return
    }
    const code = message.status_code ?? message.status
    if (code === undefined) return
    if (code === 200) {
      if (this.instruments.length)
        this.#socket.send({ action: 'subscribe', symbols: this.instruments.join(',') })
      this.#socket.healthy()
      feedHealth.report(this.name, true, 'Connected')
      return
    }
    this.#refused = true
    if (code === 401 || code === 403) this.#socket.refused()
    feedHealth.report(this.name, false, message.message || `Status ${code}`)
    logger.warn({ feed: this.name, code, message: message.message }, 'EODHD refused the connection')
    this.#socket.drop()
  }
}
