import type Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import marketClock from '#services/market/market_clock'
import { isInstrumentOpen } from '#domain/market_hours'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** When the price the server would trade at was quoted: the live quote of this process, else the stored one. */
export function quoteTime(instrument: Pick<Instrument, 'name' | 'updatedAt'>): number | undefined {
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
}

/**
 * The price the server trades an instrument at now, or a clear refusal: not
 * tradable, market closed, no price, or a price too old to trust. The live
 * quote of this process wins; a stored price counts from its last update.
 */
export function tradeQuoteFor(instrument: Instrument, field = 'instrument'): TradeQuote {
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
  return { bid, ask, at: at! }
}
