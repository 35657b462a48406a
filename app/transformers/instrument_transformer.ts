import type Instrument from '#models/instrument'

/** An instrument row of the dashboard list, at the freshest price this process knows. */
export function instrumentListItem(
  i: Instrument,
  prices: { bids: string | null; asks: string | null },
  leverage = i.leverage
) {
  return {
    id: i.id,
    name: i.name,
    base: i.base,
    quote: i.quote,
    alias: i.alias,
    category: i.category,
    tradable: i.tradable,
    /** The user's effective leverage: their plan's for the category, else the instrument's. */
    leverage,
    bids: prices.bids,
    asks: prices.asks,
  }
}

export type InstrumentListItem = ReturnType<typeof instrumentListItem>
