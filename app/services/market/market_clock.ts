import { DateTime } from 'luxon'
import { marketStatus, type MarketStatus } from '#domain/market_hours'

const MINUTE_MS = 60_000

/**
 * The time trading decisions use. Tests pin it to a weekday so that orders can
 * be placed whatever day the suite runs; nothing else changes it.
 */
class MarketClock {
  #pinned: DateTime | null = null
  /** Every session boundary falls on a whole minute (market_hours reads hours and minutes only). */
  #status: { minute: number; status: MarketStatus } | null = null

  now(): DateTime {
    return this.#pinned ?? DateTime.now()
  }

  /** The sessions now; worked out once a minute, since each order asks (issue 25: the order path). */
  status(): MarketStatus {
    const at = this.#pinned?.toMillis() ?? Date.now()
    const minute = Math.floor(at / MINUTE_MS)
    if (this.#status?.minute !== minute) {
      const status = marketStatus(this.#pinned ?? DateTime.fromMillis(at))
      // Shared by every caller until the minute turns: frozen, so none can change it for the rest.
      Object.freeze(status.closedVenues)
      this.#status = { minute, status: Object.freeze(status) }
    }
    return this.#status.status
  }

  pin(at: DateTime) {
    this.#pinned = at
  }

  unpin() {
    this.#pinned = null
  }
}

const marketClock = new MarketClock()
export default marketClock
