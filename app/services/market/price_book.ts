import feedHealth, { type FeedName } from '#services/market/feed_health'
import type { Category } from '#domain/instruments'

/**
 * The latest quote of every instrument, in memory. Feeds write to it; readers
 * (the broadcaster, the database writer, later the risk engine) drain the
 * names that changed since they last looked, so bursts of ticks collapse into
 * one update per instrument.
 */
export interface Quote {
  name: string
  bids: string
  asks: string
  closeoutBid: string
  closeoutAsk: string
  at: number
  /** The market watch category: which price channel carries it to browsers (price_stream). */
  category?: Category
  /** The feed that sent it; its tick keeps the feed fresh (feed_health). */
  feed?: FeedName
  /**
   * False when the provider says the instrument cannot be traded now (OANDA's
   * `tradeable`, e.g. a closed session): shown, but no order may fill on it.
   * Absent means tradable.
   */
  tradeable?: false
}

type Reader = 'broadcast' | 'persist'

class PriceBook {
  #quotes = new Map<string, Quote>()
  #changed: Record<Reader, Set<string>> = { broadcast: new Set(), persist: new Set() }
  #listeners = new Set<(quote: Quote) => void>()

  put(quote: Quote) {
    this.#quotes.set(quote.name, quote)
    if (quote.feed) feedHealth.tick(quote.feed, quote.at)
    this.#changed.broadcast.add(quote.name)
    this.#changed.persist.add(quote.name)
    for (const listener of this.#listeners) listener(quote)
  }

  /** Calls `listener` with every quote as it arrives (candles, later the risk engine). */
  onQuote(listener: (quote: Quote) => void) {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  get(name: string): Quote | undefined {
    return this.#quotes.get(name)
  }

  /** The freshest bid and ask this process knows: its live quote, else the stored prices. */
  latest(instrument: { name: string; bids: string | null; asks: string | null }) {
    const live = this.#quotes.get(instrument.name)
    return { bids: live?.bids ?? instrument.bids, asks: live?.asks ?? instrument.asks }
  }

  /** Drops an instrument's quote (deleted, renamed or moved to another feed): nothing trades on it any more. */
  forget(name: string) {
    this.#quotes.delete(name)
    this.#changed.broadcast.delete(name)
    this.#changed.persist.delete(name)
  }

  /** Quotes changed since this reader last drained, each once. */
  drain(reader: Reader): Quote[] {
    const names = this.#changed[reader]
    if (names.size === 0) return []
    const out: Quote[] = []
    for (const name of names) out.push(this.#quotes.get(name)!)
    names.clear()
    return out
  }

  clear() {
    this.#quotes.clear()
    this.#changed.broadcast.clear()
    this.#changed.persist.clear()
  }
}

const priceBook = new PriceBook()
export default priceBook
