import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import settings from '#services/settings_service'
import feedHealth, { MONITORED_FEEDS } from '#services/market/feed_health'
import priceBook from '#services/market/price_book'
import catalogEvents, { type InstrumentChange } from '#services/market/catalog_events'
import { startSimulator, type SimulatorHandle } from '#services/market/simulator'
import { PolygonFeed } from '#services/market/feeds/polygon_feed'
import { EodhdFeed } from '#services/market/feeds/eodhd_feed'
import { OandaFeed } from '#services/market/feeds/oanda_feed'
import { CurrencyApiPoller, CURRENCY_API_SETTING } from '#services/market/feeds/currency_api'
import {
  loadFeedInstruments,
  type FeedConnectionOptions,
  type MarketFeed,
} from '#services/market/feeds/provider'
import { HEARTBEAT_CHANNEL } from '#domain/channels'
import { CATEGORIES, type Category } from '#domain/instruments'
import type { SettingRows } from '#domain/site_settings'

export const HEARTBEAT_MS = 5000
/** How often the API settings are compared, so a change made through another process applies too. */
export const SETTINGS_WATCH_MS = 30_000

export type MonitoredFeed = (typeof MONITORED_FEEDS)[number]
/** A type alias, not an interface, so it is Broadcastable as it stands. */
export type HeartbeatFrame = {
  type: 'heartbeat'
  feeds: Record<MonitoredFeed, { success: boolean; message: string }>
}

/** The markets each monitored feed quotes (DESIGN.md "Market data"). */
export const FEED_CATEGORIES: Record<MonitoredFeed, readonly Category[]> = {
  polygonForex: ['forex'],
  polygonCrypto: ['crypto'],
  eodStock: ['stock'],
  oandaRest: ['commodity', 'index'],
}

export interface FeedManagerOptions extends FeedConnectionOptions {
  /** Provider hosts (env overrides such as POLYGON_WS_URL; tests point them at fakes). */
  urls?: { polygon?: string; eodhd?: string; oanda?: string; currencyApi?: string }
  /** Simulate the categories no configured feed covers (default true). */
  simulate?: boolean
  heartbeatMs?: number
  settingsWatchMs?: number
  currencyApi?: { statusEveryMs?: number; latestEveryMs?: number }
}

const keyOf = (rows: SettingRows, key: string, field: 'value1' | 'value2' | 'value3' = 'value1') =>
  rows[key]?.[field]?.trim() || null

/** The settings the feeds are built from (not the quota the Currency API poller writes back). */
function configOf(rows: SettingRows) {
  return JSON.stringify([
    keyOf(rows, 'polygonAPI'),
    keyOf(rows, 'eodAPI'),
    keyOf(rows, 'oandaAPI'),
    keyOf(rows, 'oandaAPI', 'value2'),
    keyOf(rows, 'oandaAPI', 'value3'),
    keyOf(rows, CURRENCY_API_SETTING),
  ])
}

/**
 * Starts a live adapter for every provider whose API settings row holds a key,
 * the simulator for the markets none covers, and the Currency API poller; every
 * few seconds it broadcasts each monitored feed's status on the heartbeat
 * channel. reload() applies changed API settings at once; a periodic check
 * applies changes saved by another process.
 */
class FeedManager {
  #options: FeedManagerOptions = {}
  #feeds: MarketFeed[] = []
  #currency: CurrencyApiPoller | null = null
  #simulator: SimulatorHandle | null = null
  #simulated: Category[] = []
  #heartbeatTimer: NodeJS.Timeout | null = null
  #watchTimer: NodeJS.Timeout | null = null
  #config: string | null = null
  /** Starts, reloads, stops and instrument changes run one after another, never interleaved. */
  #queue: Promise<void> = Promise.resolve()

  constructor() {
    // A staff change to the instruments reaches the feeds of this process at once (a no-op while they are off).
    catalogEvents.on('instruments', (change) => {
      this.instrumentsChanged(change).catch(() => {}) // logged by the queue
    })
  }

  start(options: FeedManagerOptions = {}) {
    return this.#enqueue(async () => {
      this.#stopTimers()
      await this.#stopFeeds()
      this.#options = options
      await this.#startFeeds()
      this.#heartbeatTimer = setInterval(
        () => this.broadcastHeartbeat(),
        options.heartbeatMs ?? HEARTBEAT_MS
      )
      this.#watchTimer = setInterval(
        () => this.#reloadIfChanged(),
        options.settingsWatchMs ?? SETTINGS_WATCH_MS
      )
      this.broadcastHeartbeat()
    })
  }

  /**
   * Re-reads the API settings and restarts the feeds (after an admin changed
   * them). Does nothing in a process whose market role is off.
   */
  reload() {
    return this.#enqueue(async () => {
      if (!this.#heartbeatTimer) return
      await this.#stopFeeds()
      settings.forget()
      await this.#startFeeds()
      this.broadcastHeartbeat()
    })
  }

  stop() {
    return this.#enqueue(async () => {
      this.#stopTimers()
      await this.#stopFeeds()
    })
  }

  /** Quotes what was added, stops quoting what was removed (see #applyInstrumentChange). */
  instrumentsChanged(change: InstrumentChange) {
    return this.#enqueue(() => this.#applyInstrumentChange(change))
  }

  /** Live feeds running now, by name. */
  get running(): string[] {
    return this.#feeds.map((f) => f.name)
  }

  /** Categories the simulator quotes now. */
  get simulated(): readonly Category[] {
    return this.#simulated
  }

  get currencyApi() {
    return this.#currency
  }

  heartbeat(): HeartbeatFrame {
    const running = new Set<string>(this.running)
    const feeds = {} as HeartbeatFrame['feeds']
    for (const feed of MONITORED_FEEDS) {
      const beat = feedHealth.heartbeat(feed)
      feeds[feed] = !running.has(feed)
        ? { success: false, message: 'Not configured' }
        : { success: beat?.success ?? false, message: beat?.message ?? 'Connecting' }
    }
    return { type: 'heartbeat', feeds }
  }

  broadcastHeartbeat() {
    transmit.broadcast(HEARTBEAT_CHANNEL, this.heartbeat())
  }

  /** Settings are cached for a few seconds, so a change saved by any process shows here soon after. */
  async #reloadIfChanged() {
    try {
      if (configOf(await settings.rows()) !== this.#config) await this.reload()
    } catch (error) {
      logger.warn({ err: error }, 'API settings not read')
    }
  }

  #stopTimers() {
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer)
    if (this.#watchTimer) clearInterval(this.#watchTimer)
    this.#heartbeatTimer = null
    this.#watchTimer = null
  }

  #enqueue(work: () => Promise<void>) {
    const next = this.#queue.then(work)
    this.#queue = next.catch((error) => logger.error({ err: error }, 'market feeds'))
    return next
  }

  async #startFeeds() {
    const rows = await settings.rows()
    this.#config = configOf(rows)
    for (const name of MONITORED_FEEDS) {
      const feed = await this.#createFeed(name, rows)
      if (feed) this.#feeds.push(feed)
    }
    for (const feed of this.#feeds) feed.start()

    const currencyKey = keyOf(rows, CURRENCY_API_SETTING)
    if (currencyKey) {
      this.#currency = new CurrencyApiPoller({
        apiKey: currencyKey,
        baseUrl: this.#options.urls?.currencyApi,
        now: this.#options.now,
        ...this.#options.currencyApi,
      })
      this.#currency.start()
    }

    const covered = new Set(this.#feeds.flatMap((f) => FEED_CATEGORIES[f.name as MonitoredFeed]))
    this.#simulated = CATEGORIES.filter((c) => !covered.has(c))
    if ((this.#options.simulate ?? true) && this.#simulated.length) {
      this.#simulator = await startSimulator({ categories: this.#simulated })
    } else {
      this.#simulated = []
    }
    logger.info({ live: this.running, simulated: this.#simulated }, 'market feeds started')
  }

  /** The live adapter of a monitored feed, when the API settings hold its key (not started). */
  async #createFeed(name: MonitoredFeed, rows: SettingRows): Promise<MarketFeed | null> {
    const urls = this.#options.urls ?? {}
    const connection: FeedConnectionOptions = {
      backoff: this.#options.backoff,
      keepaliveMs: this.#options.keepaliveMs,
      now: this.#options.now,
    }
    const instruments = () => loadFeedInstruments(FEED_CATEGORIES[name])
    switch (name) {
      case 'polygonForex':
      case 'polygonCrypto': {
        const apiKey = keyOf(rows, 'polygonAPI')
        if (!apiKey) return null
        const cluster = name === 'polygonForex' ? 'forex' : 'crypto'
        return new PolygonFeed({
          ...connection,
          cluster,
          apiKey,
          baseUrl: urls.polygon,
          instruments: await instruments(),
        })
      }
      case 'eodStock': {
        const apiKey = keyOf(rows, 'eodAPI')
        if (!apiKey) return null
        return new EodhdFeed({
          ...connection,
          apiKey,
          baseUrl: urls.eodhd,
          instruments: await instruments(),
        })
      }
      case 'oandaRest': {
        const accountId = keyOf(rows, 'oandaAPI')
        const apiKey = keyOf(rows, 'oandaAPI', 'value2')
        if (!accountId || !apiKey) return null
        return new OandaFeed({
          ...connection,
          accountId,
          apiKey,
          mode: keyOf(rows, 'oandaAPI', 'value3'),
          baseUrl: urls.oanda,
          instruments: await instruments(),
        })
      }
    }
  }

  /**
   * Instruments were added, edited or removed (catalog_events): removed names
   * stop being quoted, the simulator picks up its markets' changes, and each
   * live feed of a touched market reconnects with its new instrument list.
   */
  async #applyInstrumentChange(change: InstrumentChange) {
    if (!this.#heartbeatTimer) return
    for (const name of change.removed ?? []) {
      priceBook.forget(name)
      feedHealth.forget(name)
    }
    if (this.#simulator && change.categories.some((c) => this.#simulated.includes(c))) {
      await this.#simulator.sync(
        (change.upserted ?? []).filter((u) => u.repriced).map((u) => u.name)
      )
    }
    const touched = this.#feeds.filter((f) =>
      FEED_CATEGORIES[f.name as MonitoredFeed].some((c) => change.categories.includes(c))
    )
    if (touched.length === 0) return
    const rows = await settings.rows()
    for (const feed of touched) {
      await feed.stop()
      const fresh = await this.#createFeed(feed.name as MonitoredFeed, rows)
      const index = this.#feeds.indexOf(feed)
      if (fresh) {
        this.#feeds.splice(index, 1, fresh)
        fresh.start()
      } else {
        this.#feeds.splice(index, 1)
      }
    }
    logger.info(
      { categories: change.categories, restarted: touched.map((f) => f.name) },
      'instruments changed'
    )
  }

  async #stopFeeds() {
    const feeds = this.#feeds.splice(0)
    await Promise.all(feeds.map((f) => f.stop()))
    await this.#currency?.stop()
    this.#currency = null
    this.#simulator?.()
    this.#simulator = null
    this.#simulated = []
  }
}

const feedManager = new FeedManager()
export default feedManager
