import { DateTime } from 'luxon'
import { marketStatus } from '#domain/market_hours'

/**
 * The time trading decisions use. Tests pin it to a weekday so that orders can
 * be placed whatever day the suite runs; nothing else changes it.
 */
class MarketClock {
  #pinned: DateTime | null = null

  now(): DateTime {
    return this.#pinned ?? DateTime.now()
  }

  status() {
    return marketStatus(this.now())
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
