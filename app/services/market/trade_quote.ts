import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Instrument from '#models/instrument'
import type { TradedInstrument } from '#queries/traded_instrument'
import { fromDbDecimal, toDbDecimal, type MoneyInput } from '#domain/money'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import marketClock from '#services/market/market_clock'
import { isInstrumentOpen } from '#domain/market_hours'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { sourceOfFeed, type QuoteSource } from '#domain/evidence'
import { canonicalTimestamp } from '#domain/audit'
import type { Quote } from '#services/market/price_book'

/** When the price the server would trade at was quoted: the live quote of this process, else the stored one. */
export function quoteTime(
  instrument: Pick<TradedInstrument, 'name' | 'updatedAt'>
): number | undefined {
  return priceBook.get(instrument.name)?.at ?? instrument.updatedAt?.toMillis()
}

/** True while orders on the instrument are refused for a stale price (the rule tradeQuoteFor applies). */
export function isQuoteStale(
  instrument: Pick<Instrument, 'name' | 'updatedAt'>,
  now = Date.now()
): boolean {
  return feedHealth.isStale(instrument.name, quoteTime(instrument), now)
}

export interface TradeQuote {
  bid: string
  ask: string
  at: number
  /** The feed it came from (execution evidence); 'stored' for the instruments row's price. */
  source?: QuoteSource
}

/** A live quote of the price book as the price a trade uses, with its feed. */
export function liveTradeQuote(q: Quote): TradeQuote {
  return { bid: q.bids, ask: q.asks, at: q.at, source: sourceOfFeed(q.feed) }
}

/**
 * The price the server trades an instrument at now, or a clear refusal: not
 * tradable, market closed, no price, or a price too old to trust. The live
 * quote of this process wins; a stored price counts from its last update.
 */
export function tradeQuoteFor(instrument: TradedInstrument, field = 'instrument'): TradeQuote {
  if (!instrument.tradable) {
    throw new UserFacingException('This instrument is not tradable', { field })
  }
  if (!isInstrumentOpen(instrument, marketClock.status())) {
    throw new UserFacingException('Market is closed', { field })
  }
  const live = priceBook.get(instrument.name)
  if (live?.tradeable === false) {
    throw new UserFacingException('This instrument is not tradable right now', { field })
  }
  const bid = live?.bids ?? instrument.bids
  const ask = live?.asks ?? instrument.asks
  const at = quoteTime(instrument)
  if (!bid || !ask) {
    throw new UserFacingException('There is no price for this instrument yet', { field })
  }
  if (feedHealth.isStale(instrument.name, at, Date.now())) {
    throw new UserFacingException(
      'The price of this instrument is stale; trading resumes with fresh prices',
      {
        field,
      }
    )
  }
  return { bid, ask, at: at!, source: live ? sourceOfFeed(live.feed) : 'stored' }
}

/**
 * The quote a server-side close without a crossing tick uses (a stop-out):
 * this process's live quote with its feed, else the instrument's stored prices
 * with their own time ('stored'), else `fallbackRate` (the rate the decision
 * priced the position at) as both sides, now.
 */
export async function evidenceQuoteOf(
  name: string,
  fallbackRate: MoneyInput,
  client?: TransactionClientContract
): Promise<TradeQuote> {
  const live = priceBook.get(name)
  if (live) return liveTradeQuote(live)
  const stored = await (client ?? db)
    .from('instruments')
    .select('bids', 'asks', 'updated_at')
    .where('name', name)
    .first()
  if (stored && stored.bids !== null && stored.asks !== null) {
    // SQLite hands back zone-less text, PostgreSQL a Date: both are UTC (canonicalTimestamp).
    const updated = stored.updated_at
      ? new Date(canonicalTimestamp(stored.updated_at)).getTime()
      : Number.NaN
    return {
      bid: fromDbDecimal(stored.bids),
      ask: fromDbDecimal(stored.asks),
      at: Number.isFinite(updated) ? updated : Date.now(),
      source: 'stored',
    }
  }
  const rate = toDbDecimal(fallbackRate)
  return { bid: rate, ask: rate, at: Date.now(), source: 'stored' }
}
