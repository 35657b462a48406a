/**
 * Which feed quotes which instrument, when each feed last ticked, and what its
 * last heartbeat said. A feed that has not ticked for `staleAfterMs` is stale:
 * its instruments stop being tradable until ticks resume (issue 3 §1).
 *
 * An instrument no running feed has claimed (a test, or a web process whose
 * market role runs elsewhere) is judged by the age of its own quote instead.
 */
export const FEED_NAMES = [
  'simulator',
  'polygonForex',
  'polygonCrypto',
  'eodStock',
  'oandaRest',
] as const
export type FeedName = (typeof FEED_NAMES)[number]

/** The feeds the API Status page shows (admin spec: one heartbeat entry per feed). */
export { MONITORED_FEEDS } from '#domain/feed_status'

export interface FeedHeartbeat {
  success: boolean
  message: string
  at: number
}

export const DEFAULT_STALE_AFTER_MS = 30_000

class FeedHealth {
  staleAfterMs = DEFAULT_STALE_AFTER_MS
  #feedOf = new Map<string, FeedName>()
  #lastTick = new Map<FeedName, number>()
  #heartbeats = new Map<FeedName, FeedHeartbeat>()

  /** A feed takes over quoting these instruments. */
  assign(feed: FeedName, instrumentNames: Iterable<string>) {
    for (const name of instrumentNames) this.#feedOf.set(name, feed)
  }

  /** A feed stops (its instruments fall back to their quote age). */
  release(feed: FeedName) {
    for (const [name, owner] of this.#feedOf) if (owner === feed) this.#feedOf.delete(name)
    this.#lastTick.delete(feed)
    this.#heartbeats.delete(feed)
  }

  /** These instruments are no longer quoted by the feed (deleted, renamed, moved); others' claims stay. */
  unassign(feed: FeedName, instrumentNames: Iterable<string>) {
    for (const name of instrumentNames)
      if (this.#feedOf.get(name) === feed) this.#feedOf.delete(name)
  }

  /** An instrument no feed quotes any more. */
  forget(instrumentName: string) {
    this.#feedOf.delete(instrumentName)
  }

  feedOf(instrumentName: string): FeedName | undefined {
    return this.#feedOf.get(instrumentName)
  }

  tick(feed: FeedName, at = Date.now()) {
    const last = this.#lastTick.get(feed) ?? 0
    if (at > last) this.#lastTick.set(feed, at)
  }

  report(feed: FeedName, success: boolean, message: string, at = Date.now()) {
    this.#heartbeats.set(feed, { success, message, at })
  }

  heartbeat(feed: FeedName): FeedHeartbeat | undefined {
    return this.#heartbeats.get(feed)
  }

  isFeedStale(feed: FeedName, now = Date.now()) {
    const last = this.#lastTick.get(feed)
    return last === undefined || now - last > this.staleAfterMs
  }

  /**
   * True when the instrument's price cannot be trusted for trading now:
   * its feed is stale, or (no feed claims it) its quote is older than the limit.
   */
  isStale(instrumentName: string, quoteAt: number | undefined, now = Date.now()) {
    const feed = this.#feedOf.get(instrumentName)
    if (feed) return this.isFeedStale(feed, now)
    return quoteAt === undefined || now - quoteAt > this.staleAfterMs
  }

  reset() {
    this.#feedOf.clear()
    this.#lastTick.clear()
    this.#heartbeats.clear()
    this.staleAfterMs = DEFAULT_STALE_AFTER_MS
  }
}

const feedHealth = new FeedHealth()
export default feedHealth
