import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Instrument from '#models/instrument'
import { money, toDbDecimal } from '#domain/money'
import type { Category } from '#domain/instruments'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** An instrument as the staff form sends it (admin spec §3 Instrument), validated. */
export interface InstrumentFields {
  name: string
  base: string
  quote: string
  category: Category
  /** Absent on an edit: the stored price stays (a live feed keeps it current). */
  bids?: string | null
  asks?: string | null
  tradingview: string
  alias?: string | null
  leverage: number
  tradable: boolean
  swap?: string | null
  swapLong?: string | null
  swapShort?: string | null
  exposureLimit?: string | null
}

/** The issue-24 columns as stored: empty stays null (swap: the spec's `swap` both ways; limit: none). */
export function bookColumns(input: InstrumentFields) {
  const orNull = (value: string | null | undefined) =>
    value === null || value === undefined || value === '' ? null : toDbDecimal(value)
  return {
    swap_long: orNull(input.swapLong),
    swap_short: orNull(input.swapShort),
    exposure_limit: orNull(input.exposureLimit),
  }
}

/** What the audit trail keeps of an instrument. */
export function instrumentAudit(i: Instrument) {
  return {
    name: i.name,
    base: i.base,
    quote: i.quote,
    category: i.category,
    bids: i.bids,
    asks: i.asks,
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

/**
 * A starting price is a bid and an ask together (the simulator walks from
 * both, a quote needs both), the ask not below the bid.
 */
export function checkPrices(bids: string | null | undefined, asks: string | null | undefined) {
  if ((bids ?? null) === null && (asks ?? null) !== null) {
    throw new UserFacingException('Give the bid with the ask, or neither', { field: 'bids' })
  }
  if ((bids ?? null) !== null && (asks ?? null) === null) {
    throw new UserFacingException('Give the ask with the bid, or neither', { field: 'asks' })
  }
  if (bids && asks && money(asks).lessThan(money(bids))) {
    throw new UserFacingException('The ask must not be below the bid', { field: 'asks' })
  }
}

export const DUPLICATE_NAME = 'An instrument with this name already exists'

/** Refuses a name another instrument already has (the unique index decides a race; see isUniqueViolation). */
export async function ensureNameFree(
  trx: TransactionClientContract,
  name: string,
  exceptId?: number
) {
  const query = trx.from('instruments').where('name', name)
  if (exceptId !== undefined) query.whereNot('id', exceptId)
  if (await query.first()) throw new UserFacingException(DUPLICATE_NAME, { field: 'name' })
}

/** Positions still open on an instrument (by its id, or its name for rows written before ids were kept). */
export async function openPositionsOn(
  trx: TransactionClientContract,
  instrument: Instrument
): Promise<number> {
  const row = await trx
    .from('orders')
    .whereNull('close_time')
    .whereNull('deleted_at')
    .where((q) => q.where('instrument_id', instrument.id).orWhere('instrument', instrument.name))
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}
