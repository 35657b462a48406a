import logger from '@adonisjs/core/services/logger'
import type { HeartbeatFrame } from '#services/market/feeds/feed_manager'

/** The Redis side: what `@adonisjs/redis` connections offer. */
export interface HeartbeatShare {
  set(key: string, value: string, mode: 'PX', ms: number): Promise<unknown>
  get(key: string): Promise<string | null>
}

/** Stored as `${REDIS_PREFIX}:last-heartbeat`: the connection's keyPrefix adds the prefix. */
export const HEARTBEAT_KEY = 'last-heartbeat'
/** Older than this, a heartbeat says nothing about now: the page starts at Checking instead. */
export const HEARTBEAT_FRESH_MS = 20_000
/**
 * The market role's pulse (the instant, ms, it last said it is alive), for the web processes'
 * watch (app/services/market/market_watch.ts). Kept long after the role stops, so a web process
 * started later can still say since when it is down.
 */
export const PULSE_KEY = 'market:pulse'
const PULSE_KEEP_MS = 30 * 24 * 3600_000

/**
 * The last heartbeat the market role broadcast, so the API Status page can
 * show it at once instead of waiting for the next one. In one process it is
 * kept in memory; with REDIS_URL the market process also writes it to Redis
 * (with an expiry) for the web processes to read.
 */
class HeartbeatStore {
  #last: { frame: HeartbeatFrame; at: number } | null = null
  #share: HeartbeatShare | null = null
  #pulse: number | null = null

  remember(frame: HeartbeatFrame, at = Date.now()) {
    this.#last = { frame, at }
    this.#share
      ?.set(HEARTBEAT_KEY, JSON.stringify(frame), 'PX', HEARTBEAT_FRESH_MS)
      .catch((error) => logger.warn({ err: error }, 'heartbeat not shared'))
  }

  /** The last fresh heartbeat of this process or, failing that, of the market process; null if none. */
  async last(now = Date.now()): Promise<HeartbeatFrame | null> {
    if (this.#last && now - this.#last.at <= HEARTBEAT_FRESH_MS) return this.#last.frame
    if (!this.#share) return null
    try {
      const text = await this.#share.get(HEARTBEAT_KEY)
      const frame = text ? JSON.parse(text) : null
      return frame?.type === 'heartbeat' && typeof frame.feeds === 'object' ? frame : null
    } catch (error) {
      logger.warn({ err: error }, 'shared heartbeat not read')
      return null
    }
  }

  /** The market role is alive at `at` (every second, while it runs here). */
  pulse(at = Date.now()) {
    this.#pulse = at
    this.#share
      ?.set(PULSE_KEY, String(at), 'PX', PULSE_KEEP_MS)
      .catch((error) => logger.warn({ err: error }, 'market pulse not shared'))
  }

  /**
   * The latest pulse of the market role: this process's, or the shared one (another process's,
   * or this one's before a restart), whichever is later; null if none is known.
   */
  async lastPulse(): Promise<number | null> {
    if (!this.#share) return this.#pulse
    try {
      const shared = Number((await this.#share.get(PULSE_KEY)) ?? Number.NaN)
      if (!Number.isFinite(shared)) return this.#pulse
      return Math.max(shared, this.#pulse ?? 0)
    } catch (error) {
      logger.warn({ err: error }, 'market pulse not read')
      return this.#pulse
    }
  }

  /** Shares heartbeats across processes; returns the function that stops sharing. */
  shareThrough(share: HeartbeatShare) {
    this.#share = share
    return () => {
      if (this.#share === share) this.#share = null
    }
  }

  forget() {
    this.#last = null
  }

  /** Forgets the pulse too (tests): a stopped role's pulse is otherwise kept, as its time of death. */
  forgetPulse() {
    this.#pulse = null
  }
}

const heartbeatStore = new HeartbeatStore()
export default heartbeatStore
