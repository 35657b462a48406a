import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Instrument from '#models/instrument'
import { fromDbDecimal } from '#domain/money'

/**
 * What opening a position needs of its instrument. An Instrument model is
 * one; so is the plain row `lockTradedInstrument` reads for a market order.
 */
export type TradedInstrument = Pick<
  Instrument,
  | 'id'
  | 'name'
  | 'base'
  | 'quote'
  | 'category'
  | 'bids'
  | 'asks'
  | 'leverage'
  | 'tradable'
  | 'exposureLimit'
> & {
  /** When its stored price was written (the stale-price rule); a luxon DateTime on a model. */
  updatedAt: { toMillis(): number } | null
}

/** An instrument's columns as a query returns them (decimals as either database, or text, hands them back). */
export interface InstrumentRow {
  id: number
  name: string
  base: string
  quote: string
  category: Instrument['category']
  bids: string | number | null
  asks: string | number | null
  leverage: number | string
  tradable: boolean | number
  exposure_limit: string | number | null
  updated_at: Date | string | null
}

/**
 * The instrument a market order trades, by name, locked FOR KEY SHARE in
 * the order's transaction (a staff edit or delete waits for the commit), as
 * a plain row: an order reads it once and needs no model of it.
 */
export async function lockTradedInstrument(
  trx: TransactionClientContract,
  name: string
): Promise<TradedInstrument | null> {
  const query = trx
    .from('instruments')
    .select(
      'id',
      'name',
      'base',
      'quote',
      'category',
      'bids',
      'asks',
      'leverage',
      'tradable',
      'exposure_limit',
      'updated_at'
    )
    .where('name', name)
  // KEY SHARE (Lucid has no helper for it): a staff edit or delete takes FOR UPDATE first and
  // waits for the order, but the market role's price writes (plain updates) neither wait for it
  // nor make it wait. SQLite has no row locks.
  query.knexQuery.forKeyShare()
  const row: InstrumentRow | null = await query.first()
  return row ? tradedInstrumentOf(row) : null
}

/** The row as opening a position reads it: exact decimal strings, a boolean, the price's time. */
export function tradedInstrumentOf(row: InstrumentRow): TradedInstrument {
  // A Date from PostgreSQL; text from SQLite (zone-less, in the process zone, as the model reads
  // it) or from PostgreSQL's JSON (ISO 8601 with its offset).
  const updatedMs =
    row.updated_at instanceof Date
      ? row.updated_at.getTime()
      : row.updated_at
        ? new Date(row.updated_at.replace(' ', 'T')).getTime()
        : null
  return {
    id: row.id,
    name: row.name,
    base: row.base,
    quote: row.quote,
    category: row.category,
    bids: fromDbDecimal(row.bids),
    asks: fromDbDecimal(row.asks),
    leverage: Number(row.leverage),
    tradable: row.tradable === true || row.tradable === 1,
    exposureLimit: fromDbDecimal(row.exposure_limit),
    updatedAt: updatedMs === null || Number.isNaN(updatedMs) ? null : { toMillis: () => updatedMs },
  }
}
