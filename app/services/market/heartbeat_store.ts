import logger from '@adonisjs/core/services/logger'
import type { HeartbeatFrame } from '#services/market/feeds/feed_manager'

/** The Redis side: what `@adonisjs/redis` connections offer. */
export interface HeartbeatShare {
  set(key: string, value: string, mode: 'PX', ms: number): Promise<unknown>
  get(key: string): Promise<string | null>
}

export const HEARTBEAT_KEY = 'broker:last-heartbeat'
/** Older than this, a heartbeat says nothing about now: the page starts at Checking instead. */
export const HEARTBEAT_FRESH_MS = 20_000

/**
 * The last heartbeat the market role broadcast, so the API Status page can
 * show it at once instead of waiting for the next one. In one process it is
 * kept in memory; with REDIS_URL the market process also writes it to Redis
 * (with an expiry) for the web processes to read.
 */
class HeartbeatStore {
  #last: { frame: HeartbeatFrame; at: number } | null = null
  #share: HeartbeatShare | null = null

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
}

const heartbeatStore = new HeartbeatStore()
export default heartbeatStore
