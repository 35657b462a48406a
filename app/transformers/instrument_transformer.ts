import type Instrument from '#models/instrument'
import { toDbDecimal } from '#domain/money'
import type { InstrumentListRow } from '#domain/staff_lists/instruments'

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

/**
 * An instrument as the staff list shows it and its edit modal fills in (admin
 * spec §2 Instruments list, §3 Instrument): bids and asks as this process
 * knows them now (the live quote, else the stored one).
 */
export function instrumentAdminRow(
  i: Instrument,
  prices: { bids: string | null; asks: string | null }
): InstrumentListRow {
  return {
    id: i.id,
    name: i.name,
    base: i.base,
    quote: i.quote,
    category: i.category,
    bids: prices.bids,
    asks: prices.asks,
    tradingview: i.tradingview,
    alias: i.alias,
    leverage: i.leverage,
    tradable: i.tradable,
    swap: toDbDecimal(i.swap),
    swapLong: i.swapLong === null ? null : toDbDecimal(i.swapLong),
    swapShort: i.swapShort === null ? null : toDbDecimal(i.swapShort),
    exposureLimit: i.exposureLimit === null ? null : toDbDecimal(i.exposureLimit),
  }
}
