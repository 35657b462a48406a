import logger from '@adonisjs/core/services/logger'
import feedHealth from '#services/market/feed_health'
import { LineSplitter } from '#services/market/feeds/line_splitter'
import { QuoteWriter } from '#services/market/feeds/quote_writer'
import { ReconnectLoop, type SessionEnd } from '#services/market/feeds/reconnect_loop'
import {
  type FeedConnectionOptions,
  type FeedInstrument,
  type MarketFeed,
  httpRefusal,
  reportDown,
  reportStarting,
} from '#services/market/feeds/provider'

/** The streaming hosts of the two OANDA environments (value3 of the oandaAPI row). */
export const OANDA_STREAM_HOSTS = {
  fxpractice: 'https://stream-fxpractice.oanda.com',
  fxtrade: 'https://stream-fxtrade.oanda.com',
} as const
export type OandaMode = keyof typeof OANDA_STREAM_HOSTS

/** Heartbeats come every few seconds; this long without any line means a dead stream. */
export const DEFAULT_STALL_MS = 30_000
/** A line longer than this is not a price: drop the stream rather than buffer forever. */
const MAX_LINE_CHARS = 1 << 20

/** The stream host for a mode; anything but fxtrade is practice, so a typo never trades live. */
export function oandaStreamBase(mode: string | null | undefined, override?: string): string {
  if (override) return override.replace(/\/+$/, '')
  return mode === 'fxtrade' ? OANDA_STREAM_HOSTS.fxtrade : OANDA_STREAM_HOSTS.fxpractice
}

export function oandaStreamUrl(base: string, accountId: string, instruments: readonly string[]) {
  // OANDA instrument names are [A-Z0-9_]; commas stay literal as in the docs.
  const list = instruments.filter((n) => /^[A-Z0-9_]+$/.test(n)).join(',')
  return `${base}/v3/accounts/${encodeURIComponent(accountId)}/pricing/stream?instruments=${list}`
}

export interface OandaFeedOptions extends FeedConnectionOptions {
  accountId: string
  apiKey: string
  mode: string | null
  instruments: readonly FeedInstrument[]
  /** Replaces the host chosen by mode (OANDA_STREAM_URL, tests). */
  baseUrl?: string
}

interface PriceBucket {
  price?: string
}
interface OandaLine {
  type?: string
  instrument?: string
  tradeable?: boolean
  bids?: PriceBucket[]
  asks?: PriceBucket[]
  closeoutBid?: string
  closeoutAsk?: string
}

/**
 * OANDA v20 pricing stream: one long chunked HTTP GET answering with one JSON
 * object per line (PRICE or HEARTBEAT). Reconnects with capped backoff, and
 * also when neither prices nor heartbeats arrive for `keepaliveMs`.
 */
export class OandaFeed implements MarketFeed {
  readonly name = 'oandaRest' as const
  readonly instruments: readonly string[]
  readonly url: string
  #writer: QuoteWriter
  #loop: ReconnectLoop
  #stallMs: number

  constructor(private options: OandaFeedOptions) {
    this.#writer = new QuoteWriter(this.name, options.instruments, options.now)
    this.instruments = this.#writer.names
    this.url = oandaStreamUrl(
      oandaStreamBase(options.mode, options.baseUrl),
      options.accountId,
      this.instruments
    )
    this.#stallMs = options.keepaliveMs ?? DEFAULT_STALL_MS
    this.#loop = new ReconnectLoop(
      () => {
        const abort = new AbortController()
        return { ended: this.#session(abort), end: () => abort.abort() }
      },
      (end) => reportDown(this.name, end.reason),
      options
    )
  }

  start() {
    if (this.#loop.running) return
    reportStarting(this)
    this.#loop.start()
  }

  async stop() {
    await this.#loop.stop()
    feedHealth.release(this.name)
  }

  /** One stream from request to end; resolves with why it ended. */
  async #session(abort: AbortController): Promise<SessionEnd> {
    let stalled = false
    let watchdog: NodeJS.Timeout | null = null
    const feedWatchdog = () => {
      if (watchdog) clearTimeout(watchdog)
      watchdog = setTimeout(() => {
        stalled = true
        abort.abort()
      }, this.#stallMs)
    }
    try {
      feedWatchdog()
      const response = await fetch(this.url, {
        headers: {
          'Authorization': `Bearer ${this.options.apiKey}`,
          'Accept-Datetime-Format': 'RFC3339',
        },
        signal: abort.signal,
      })
      if (!response.ok || !response.body) {
        const body = await response.text().catch(() => '')
        const refused = response.status === 401 || response.status === 403
        return { reason: httpRefusal(response.status, body), refused }
      }
      feedHealth.report(this.name, true, 'Connected')
      this.#loop.healthy()
      const lines = new LineSplitter()
      // Node streams fetch bodies as async iterables (the DOM typing used by inertia/ lacks it).
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        feedWatchdog()
        for (const line of lines.push(chunk)) this.#onLine(line)
        if (lines.pendingLength > MAX_LINE_CHARS) return { reason: 'Oversized line from OANDA' }
      }
      return { reason: 'Stream ended' }
    } catch (error) {
      if (stalled) return { reason: `No data for ${this.#stallMs} ms` }
      return { reason: errorText(error) }
    } finally {
      if (watchdog) clearTimeout(watchdog)
      abort.abort()
    }
  }

  #onLine(line: string) {
    let message: OandaLine
    try {
      message = JSON.parse(line)
    } catch {
      logger.warn({ feed: this.name }, 'unreadable line from OANDA')
      return
    }
    if (message?.type !== 'PRICE' || typeof message.instrument !== 'string') return
    this.#writer.put(message.instrument, {
      bid: message.bids?.[0]?.price,
      ask: message.asks?.[0]?.price,
      closeoutBid: message.closeoutBid,
      closeoutAsk: message.closeoutAsk,
      tradeable: message.tradeable,
    })
  }
}

/** fetch() says only "fetch failed"; the cause says why (ECONNREFUSED…). */
function errorText(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: string; cause?: { message?: string } }
  return cause?.message || message || 'Disconnected'
}
