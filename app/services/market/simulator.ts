import { DateTime } from 'luxon'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import type { Category } from '#domain/instruments'
import { priceDecimals } from '#domain/instruments'
import { isInstrumentOpen, marketStatus, type MarketStatus } from '#domain/market_hours'
import { askOf, bidOf, quoteFromStrings, stepScale, walk, type TickQuote } from '#domain/price_walk'

const TICK_MS = 100
/** Chance that an instrument quotes in a 100 ms slot: liquid markets tick several times a second. */
const TICK_CHANCE: Record<Category, number> = {
  forex: 0.4,
  crypto: 0.5,
  commodity: 0.25,
  index: 0.25,
  stock: 0.15,
}

interface Simulated {
  name: string
  category: Category
  base: string
  quote: TickQuote
  anchorTicks: number
}

/** Stops the simulator when called; `sync` picks up instruments added, edited or removed since it started. */
export interface SimulatorHandle {
  (): void
  /**
   * Re-reads the instruments of its markets: new ones start walking from
   * their stored price (quoted at once), removed ones stop, and those named
   * in `reprice` restart from their stored price (an admin set a new one).
   */
  sync(reprice?: Iterable<string>): Promise<void>
  /**
   * Quotes these markets from now on (a provider was configured or cleared):
   * instruments of dropped markets stop, those of added markets start, the
   * others keep walking where they are.
   */
  setCategories(categories: readonly Category[]): Promise<void>
}

/**
 * The built-in market: a random walk in whole ticks around each instrument's
 * stored price, keeping its spread, quoting only while its market is open.
 * `categories` limits it to the markets no live feed covers (all by default).
 * An instrument without a stored bid and ask has no price to walk from and is
 * not quoted. Returns a function that stops it, with `sync`.
 */
export async function startSimulator(
  options: { random?: () => number; now?: () => DateTime; categories?: readonly Category[] } = {}
): Promise<SimulatorHandle> {
  const random = options.random ?? Math.random
  const now = options.now ?? (() => DateTime.now())
  const simulated = new Map<string, Simulated>()
  let stopped = false
  let categories = options.categories

  const load = async () => {
    if (categories?.length === 0) return []
    const query = Instrument.query().whereNotNull('bids').whereNotNull('asks')
    if (categories) query.whereIn('category', [...categories])
    return query
  }
  const add = (i: Instrument) => {
    const decimals = priceDecimals(i.category, i.quote, i.bids!)
    const quote = quoteFromStrings(i.bids!, i.asks!, decimals)
    const s: Simulated = {
      name: i.name,
      category: i.category,
      base: i.base,
      quote,
      anchorTicks: quote.bidTicks,
    }
    simulated.set(s.name, s)
    feedHealth.assign('simulator', [s.name])
    publish(s)
  }

  for (const i of await load()) add(i)
  let status: MarketStatus = marketStatus(now())

  const timer = setInterval(() => {
    status = marketStatus(now())
    for (const s of simulated.values()) {
      if (!isInstrumentOpen(s, status)) continue
      if (random() >= TICK_CHANCE[s.category]) continue
      const scale = stepScale(s.quote)
      const step = Math.round((random() * 2 - 1) * scale)
      if (step === 0) continue
      s.quote = walk(s.quote, step, s.anchorTicks)
      publish(s)
    }
  }, TICK_MS)

  const stop = () => {
    stopped = true
    clearInterval(timer)
    feedHealth.release('simulator')
  }
  const sync = async (reprice: Iterable<string> = []) => {
    const rows = await load()
    if (stopped) return
    const again = new Set(reprice)
    const current = new Set(rows.map((i) => i.name))
    for (const name of [...simulated.keys()]) {
      if (current.has(name)) continue
      simulated.delete(name)
      feedHealth.unassign('simulator', [name])
    }
    for (const i of rows) {
      const known = simulated.get(i.name)
      if (!known || again.has(i.name) || known.category !== i.category || known.base !== i.base)
        add(i)
    }
  }
  const setCategories = (next: readonly Category[]) => {
    categories = [...next]
    return sync()
  }
  return Object.assign(stop, { sync, setCategories })
}

function publish(s: Simulated) {
  const bids = bidOf(s.quote)
  const asks = askOf(s.quote)
  priceBook.put({
    name: s.name,
    bids,
    asks,
    closeoutBid: bids,
    closeoutAsk: asks,
    at: Date.now(),
    category: s.category,
    feed: 'simulator',
  })
}
