import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import settings from '#services/settings_service'
import changeBus from '#services/change_bus'
import feedHealth, { MONITORED_FEEDS } from '#services/market/feed_health'
import heartbeatStore from '#services/market/heartbeat_store'
import priceBook from '#services/market/price_book'
import marketEvents, { type InstrumentChange } from '#services/market/market_events'
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
import { PULSE_MS } from '#domain/market_watch'
import { CATEGORIES, type Category } from '#domain/instruments'
import type { SettingRows } from '#domain/site_settings'
import type { HeartbeatFrame, MonitoredFeed } from '#domain/feed_status'

export const HEARTBEAT_MS = 5000
/**
 * A fallback only: an API settings change reaches this process at once through
 * the change bus; this periodic check covers a message lost on the way.
 */
export const SETTINGS_WATCH_MS = 60_000

/** The heartbeat message of a feed with no key whose markets the simulator quotes. */
export const SIMULATED_MESSAGE = 'Simulated market (no API key)'
export const NOT_CONFIGURED_MESSAGE = 'Not configured'

/** The settings rows the feeds are built from (a change of another row restarts nothing). */
export const FEED_SETTING_KEYS = ['polygonAPI', 'eodAPI', 'oandaAPI', CURRENCY_API_SETTING]

export type { HeartbeatFrame, MonitoredFeed } from '#domain/feed_status'

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

/**
 * What a feed is built from, or null when its settings hold no key: a feed
 * restarts only when this changes (not for the quota the Currency API poller
 * writes back, nor for another provider's key).
 */
function feedConfigOf(name: MonitoredFeed, rows: SettingRows): string | null {
  switch (name) {
    case 'polygonForex':
    case 'polygonCrypto':
      return keyOf(rows, 'polygonAPI')
    case 'eodStock':
      return keyOf(rows, 'eodAPI')
    case 'oandaRest': {
      const accountId = keyOf(rows, 'oandaAPI')
      const apiKey = keyOf(rows, 'oandaAPI', 'value2')
      if (!accountId || !apiKey) return null
      return JSON.stringify([accountId, apiKey, keyOf(rows, 'oandaAPI', 'value3')])
    }
  }
}

const byMonitoredOrder = (a: MarketFeed, b: MarketFeed) =>
  MONITORED_FEEDS.indexOf(a.name as MonitoredFeed) -
  MONITORED_FEEDS.indexOf(b.name as MonitoredFeed)

/**
 * Starts a live adapter for every provider whose API settings row holds a key,
 * the simulator for the markets none covers, and the Currency API poller; every
 * few seconds it broadcasts each monitored feed's status on the heartbeat
 * channel. A saved API setting (the change bus, from this or another process)
 * restarts only the feeds whose key changed and moves their markets between
 * the simulator and the provider; a slow periodic check is the fallback.
 */
class FeedManager {
  #options: FeedManagerOptions = {}
  #feeds: MarketFeed[] = []
  /** Each feed's settings as last applied (null: no key), so a reload restarts only what changed. */
  #configs = new Map<MonitoredFeed, string | null>()
  #currency: CurrencyApiPoller | null = null
  #currencyKey: string | null = null
  #simulator: SimulatorHandle | null = null
  #simulated: Category[] = []
  #heartbeatTimer: NodeJS.Timeout | null = null
  #watchTimer: NodeJS.Timeout | null = null
  /** The role's pulse: web processes call it down when it stops (app/domain/market_watch.ts). */
  #pulseTimer: NodeJS.Timeout | null = null
  /** Starts, reloads, stops and instrument changes run one after another, never interleaved. */
  #queue: Promise<void> = Promise.resolve()

  constructor() {
    // A staff change to the instruments, made here or in another process, reaches the feeds at once (a no-op while they are off).
    marketEvents.on('instruments.changed', ({ change }) => {
      this.instrumentsChanged(change).catch(() => {}) // logged by the queue
    })
    // An API key saved here or in another process (Redis): the settings cache is already dropped.
    changeBus.on('settings', ({ detail }) => {
      if (!this.#heartbeatTimer) return
      if (detail !== undefined && !FEED_SETTING_KEYS.includes(detail)) return
      this.reload().catch(() => {}) // logged by the queue
    })
  }

  start(options: FeedManagerOptions = {}) {
    return this.#enqueue(async () => {
      this.#stopTimers()
      await this.#stopFeeds()
      this.#options = options
      await this.#apply(await settings.rows())
      logger.info({ live: this.running, simulated: this.#simulated }, 'market feeds started')
      this.#heartbeatTimer = setInterval(
        () => this.broadcastHeartbeat(),
        options.heartbeatMs ?? HEARTBEAT_MS
      )
      this.#watchTimer = setInterval(
        () => this.reload().catch(() => {}), // logged by the queue
        options.settingsWatchMs ?? SETTINGS_WATCH_MS
      )
      this.#pulseTimer = setInterval(() => heartbeatStore.pulse(), PULSE_MS)
      heartbeatStore.pulse()
      this.broadcastHeartbeat()
    })
  }

  /**
   * Re-reads the API settings and applies what changed: a feed whose key
   * changed restarts, one whose key was cleared stops and its markets go back
   * to the simulator, a new one starts and takes its markets from it. Does
   * nothing in a process whose market role is off.
   */
  reload() {
    return this.#enqueue(async () => {
      if (!this.#heartbeatTimer) return
      settings.forget()
      if (await this.#apply(await settings.rows())) {
        logger.info({ live: this.running, simulated: this.#simulated }, 'market feeds reloaded')
        this.broadcastHeartbeat()
      }
    })
  }

  stop() {
    return this.#enqueue(async () => {
      this.#stopTimers()
      await this.#stopFeeds()
      heartbeatStore.forget()
    })
  }

  /** Quotes what was added, stops quoting what was removed (see #applyInstrumentChange). */
  instrumentsChanged(change: InstrumentChange) {
    return this.#enqueue(() => this.#applyInstrumentChange(change))
  }

  /** The market role runs in this process (started, not stopped). */
  get active() {
    return this.#heartbeatTimer !== null
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
      if (running.has(feed)) {
        feeds[feed] = { success: beat?.success ?? false, message: beat?.message ?? 'Connecting' }
      } else {
        const simulated = FEED_CATEGORIES[feed].some((c) => this.#simulated.includes(c))
        feeds[feed] = {
          success: false,
          message: simulated ? SIMULATED_MESSAGE : NOT_CONFIGURED_MESSAGE,
        }
      }
    }
    return { type: 'heartbeat', feeds }
  }

  broadcastHeartbeat() {
    const frame = this.heartbeat()
    heartbeatStore.remember(frame)
    transmit.broadcast(HEARTBEAT_CHANNEL, frame)
  }

  #stopTimers() {
    if (this.#heartbeatTimer) clearInterval(this.#heartbeatTimer)
    if (this.#watchTimer) clearInterval(this.#watchTimer)
    if (this.#pulseTimer) clearInterval(this.#pulseTimer)
    this.#heartbeatTimer = null
    this.#watchTimer = null
    this.#pulseTimer = null
  }

  #enqueue(work: () => Promise<void>) {
    const next = this.#queue.then(work)
    this.#queue = next.catch((error) => logger.error({ err: error }, 'market feeds'))
    return next
  }

  /**
   * Brings the running feeds in line with the settings rows; true when
   * anything started or stopped. Stops first, then hands the markets to the
   * simulator or takes them from it, then starts the new adapters.
   */
  async #apply(rows: SettingRows): Promise<boolean> {
    let changed = false
    const toStart: MonitoredFeed[] = []
    for (const name of MONITORED_FEEDS) {
      const wanted = feedConfigOf(name, rows)
      if (this.#configs.has(name) && this.#configs.get(name) === wanted) continue
      changed = true
      this.#configs.set(name, wanted)
      const current = this.#feeds.find((f) => f.name === name)
      if (current) {
        await current.stop()
        this.#feeds.splice(this.#feeds.indexOf(current), 1)
      }
      if (wanted) toStart.push(name)
    }
    if (await this.#applyCurrencyKey(keyOf(rows, CURRENCY_API_SETTING))) changed = true

    const live = [...this.#feeds.map((f) => f.name as MonitoredFeed), ...toStart]
    const covered = new Set(live.flatMap((name) => FEED_CATEGORIES[name]))
    if (await this.#simulate(CATEGORIES.filter((c) => !covered.has(c)))) changed = true
    for (const name of toStart) {
      const feed = await this.#createFeed(name, rows)
      if (!feed) continue
      this.#feeds.push(feed)
      feed.start()
    }
    this.#feeds.sort(byMonitoredOrder)
    return changed
  }

  /** The simulator quotes exactly these markets (none when simulation is off); true if that changed. */
  async #simulate(categories: Category[]) {
    const next = (this.#options.simulate ?? true) ? categories : []
    if (next.join() === this.#simulated.join() && (next.length === 0) === !this.#simulator) {
      return false
    }
    if (next.length === 0) {
      this.#simulator?.()
      this.#simulator = null
    } else if (this.#simulator) {
      await this.#simulator.setCategories(next)
    } else {
      this.#simulator = await startSimulator({ categories: next })
    }
    this.#simulated = next
    return true
  }

  /** Restarts the Currency API poller when its key changed; true if it did. */
  async #applyCurrencyKey(key: string | null) {
    if (key === this.#currencyKey && (key === null) === !this.#currency) return false
    await this.#currency?.stop()
    this.#currency = null
    this.#currencyKey = key
    if (key) {
      this.#currency = new CurrencyApiPoller({
        apiKey: key,
        baseUrl: this.#options.urls?.currencyApi,
        now: this.#options.now,
        ...this.#options.currencyApi,
      })
      this.#currency.start()
    }
    return true
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
   * Instruments were added, edited or removed (market_events' instruments.changed): removed names
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
    this.#currencyKey = null
    this.#simulator?.()
    this.#simulator = null
    this.#simulated = []
    this.#configs.clear()
  }
}

const feedManager = new FeedManager()
export default feedManager
