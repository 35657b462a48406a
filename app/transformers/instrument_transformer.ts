import type Instrument from '#models/instrument'
import type { Quote } from '#services/market/price_book'

/** An instrument row of the dashboard list, at the freshest price this process knows. */
export function instrumentListItem(i: Instrument, live?: Quote) {
  return {
    id: i.id,
    name: i.name,
    base: i.base,
    quote: i.quote,
    alias: i.alias,
    category: i.category,
    tradable: i.tradable,
    bids: live?.bids ?? i.bids,
    asks: live?.asks ?? i.asks,
  }
}

export type InstrumentListItem = ReturnType<typeof instrumentListItem>
