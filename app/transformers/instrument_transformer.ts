import type Instrument from '#models/instrument'

/** An instrument row of the dashboard list, at the freshest price this process knows. */
export function instrumentListItem(i: Instrument, prices: { bids: string | null; asks: string | null }) {
  return {
    id: i.id,
    name: i.name,
    base: i.base,
    quote: i.quote,
    alias: i.alias,
    category: i.category,
    tradable: i.tradable,
    bids: prices.bids,
    asks: prices.asks,
  }
}

export type InstrumentListItem = ReturnType<typeof instrumentListItem>
