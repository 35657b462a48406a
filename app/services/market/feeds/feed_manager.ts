import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import settings from '#services/settings_service'
import feedHealth, { MONITORED_FEEDS } from '#services/market/feed_health'
import { startSimulator } from '#services/market/simulator'
import { PolygonFeed } from '#services/market/feeds/polygon_feed'
import { EodhdFeed } from '#services/market/feeds/eodhd_feed'
import { OandaFeed } from '#services/market/feeds/oanda_feed'
import { CurrencyApiPoller, CURRENCY_API_SETTING } from '#services/market/feeds/currency_api'
import { loadFeedInstruments, type FeedConnectionOptions, type MarketFeed } from '#services/market/feeds/provider'
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
  #stopSimulator: (() => void) | null = null
  #simulated: Category[] = []
  #heartbeatTimer: NodeJS.Timeout | null = null
  #watchTimer: NodeJS.Timeout | null = null
  #config: string | null = null
  /** Starts, reloads and stops run one after another, never interleaved. */
  #queue: Promise<void> = Promise.resolve()

  start(options: FeedManagerOptions = {}) {
    return this.#enqueue(async () => {
      this.#stopTimers()
      await this.#stopFeeds()
      this.#options = options
      await this.#startFeeds()
      this.#heartbeatTimer = setInterval(() => this.broadcastHeartbeat(), options.heartbeatMs ?? HEARTBEAT_MS)
      this.#watchTimer = setInterval(() => this.#reloadIfChanged(), options.settingsWatchMs ?? SETTINGS_WATCH_MS)
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
    const urls = this.#options.urls ?? {}
    const connection: FeedConnectionOptions = {
      backoff: this.#options.backoff,
      keepaliveMs: this.#options.keepaliveMs,
      now: this.#options.now,
    }
    const instrumentsOf = (feed: MonitoredFeed) => loadFeedInstruments(FEED_CATEGORIES[feed])

    const polygonKey = keyOf(rows, 'polygonAPI')
    if (polygonKey) {
      for (const cluster of ['forex', 'crypto'] as const) {
        const feed = cluster === 'forex' ? 'polygonForex' : 'polygonCrypto'
        const instruments = await instrumentsOf(feed)
        this.#feeds.push(new PolygonFeed({ ...connection, cluster, apiKey: polygonKey, baseUrl: urls.polygon, instruments }))
      }
    }
    const eodKey = keyOf(rows, 'eodAPI')
    if (eodKey) {
      const instruments = await instrumentsOf('eodStock')
      this.#feeds.push(new EodhdFeed({ ...connection, apiKey: eodKey, baseUrl: urls.eodhd, instruments }))
    }
    const oandaAccount = keyOf(rows, 'oandaAPI')
    const oandaKey = keyOf(rows, 'oandaAPI', 'value2')
    if (oandaAccount && oandaKey) {
      this.#feeds.push(
        new OandaFeed({
          ...connection,
          accountId: oandaAccount,
          apiKey: oandaKey,
          mode: keyOf(rows, 'oandaAPI', 'value3'),
          baseUrl: urls.oanda,
          instruments: await instrumentsOf('oandaRest'),
        })
      )
    }
    for (const feed of this.#feeds) feed.start()

    const currencyKey = keyOf(rows, CURRENCY_API_SETTING)
    if (currencyKey) {
      this.#currency = new CurrencyApiPoller({
        apiKey: currencyKey,
        baseUrl: urls.currencyApi,
        now: this.#options.now,
        ...this.#options.currencyApi,
      })
      this.#currency.start()
    }

    const covered = new Set(this.#feeds.flatMap((f) => FEED_CATEGORIES[f.name as MonitoredFeed]))
    this.#simulated = CATEGORIES.filter((c) => !covered.has(c))
    if ((this.#options.simulate ?? true) && this.#simulated.length) {
      this.#stopSimulator = await startSimulator({ categories: this.#simulated })
    } else {
      this.#simulated = []
    }
    logger.info({ live: this.running, simulated: this.#simulated }, 'market feeds started')
  }

  async #stopFeeds() {
    const feeds = this.#feeds.splice(0)
    await Promise.all(feeds.map((f) => f.stop()))
    await this.#currency?.stop()
    this.#currency = null
    this.#stopSimulator?.()
    this.#stopSimulator = null
    this.#simulated = []
  }
}

const feedManager = new FeedManager()
export default feedManager
