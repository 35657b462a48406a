import { DateTime } from 'luxon'
import type { Category } from './instruments.js'
import { CURRENCY_DECIMALS, Money, money, type MoneyInput } from './money.js'
import { minorUnitExponent } from './minor_units.js'
import type { OrderType } from './trading.js'

/*
 * Overnight financing (issue 24 item 1). Rollover happens once a day at 17:00
 * New York time, the forex market's day boundary (daylight saving honoured by
 * the zone). A position open at that moment pays or earns
 *
 *   notional in the account currency × annual rate / 100 / 360 (× 3 on the triple day)
 *
 * rounded to the wallet's minor unit. Forex, commodities, indices and stocks
 * roll Monday to Friday (the weekend is paid on the triple day: Wednesday for
 * forex, commodities and indices, whose spot settles two days later; Friday for
 * stocks); crypto trades every day and rolls every calendar day, never triple.
 */

export const ROLLOVER_ZONE = 'America/New_York'
export const ROLLOVER_HOUR = 17

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** The weekday whose rollover charges three days, per category (null: no triple day). */
export type TripleDays = Record<Category, Weekday | null>

export const DEFAULT_TRIPLE_DAYS: TripleDays = {
  forex: 'wednesday',
  commodity: 'wednesday',
  index: 'wednesday',
  stock: 'friday',
  crypto: null,
}

/** Categories that roll on every calendar day rather than Monday to Friday. */
const EVERY_DAY: ReadonlySet<Category> = new Set<Category>(['crypto'])

/** The instant of the rollover of the New York day `date` (YYYY-MM-DD), in UTC. */
export function rolloverInstant(date: string): DateTime {
  const at = DateTime.fromISO(date, { zone: ROLLOVER_ZONE }).set({
    hour: ROLLOVER_HOUR,
    minute: 0,
    second: 0,
    millisecond: 0,
  })
  if (!at.isValid) throw new RangeError(`Not a date: ${date}`)
  return at.toUTC()
}

/** The New York day of the latest rollover at or before `at` (YYYY-MM-DD). */
export function latestRolloverDate(at: DateTime): string {
  const ny = at.setZone(ROLLOVER_ZONE)
  const day = ny.hour >= ROLLOVER_HOUR ? ny : ny.minus({ days: 1 })
  return day.toISODate()!
}

/** The rollover days after `after` up to and including `upTo` (both YYYY-MM-DD), oldest first. */
export function rolloverDatesBetween(after: string, upTo: string): string[] {
  const out: string[] = []
  let day = DateTime.fromISO(after, { zone: ROLLOVER_ZONE }).plus({ days: 1 })
  const last = DateTime.fromISO(upTo, { zone: ROLLOVER_ZONE })
  while (day <= last) {
    out.push(day.toISODate()!)
    day = day.plus({ days: 1 })
  }
  return out
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[DateTime.fromISO(date, { zone: ROLLOVER_ZONE }).weekday - 1]
}

/**
 * How many days of swap the rollover of `date` charges a position of
 * `category`: 0 (no rollover that day), 1, or 3 on the category's triple day.
 */
export function swapDays(category: Category, date: string, tripleDays: TripleDays): 0 | 1 | 3 {
  const weekday = weekdayOf(date)
  if (!EVERY_DAY.has(category) && (weekday === 'saturday' || weekday === 'sunday')) return 0
  return tripleDays[category] === weekday ? 3 : 1
}

/**
 * The annual rate a position pays (negative) or earns (positive). `swapLong`
 * and `swapShort` are signed as the issue states (positive = credit); when the
 * side's own rate is empty, the spec's `swap` percent is charged.
 */
export function swapRate(
  type: OrderType,
  instrument: { swap: MoneyInput; swapLong: MoneyInput | null; swapShort: MoneyInput | null }
): Money {
  const own = type === 'buy' ? instrument.swapLong : instrument.swapShort
  if (own !== null && own !== undefined && String(own).trim() !== '') return money(own)
  return money(instrument.swap).abs().negated()
}

/** Decimals a wallet in `currency` is charged in: its minor unit, at most the ledger's two. */
export function walletDecimals(currency: string): number {
  return Math.min(minorUnitExponent(currency), CURRENCY_DECIMALS)
}

export interface SwapInput {
  /** Units of the base (the order's trade amount). */
  units: MoneyInput
  /** The price the position is valued at (its closing side: bid for a buy, ask for a sell). */
  price: MoneyInput
  /** Quote currency per account currency unit, as the §9 formulas divide by it (conversion.ts). */
  conversion: MoneyInput
  /** Annual percent, signed: negative charges, positive credits. */
  rate: MoneyInput
  days: number
  /** The wallet's currency: the amount is rounded to its minor unit. */
  currency: string
}

/** Notional in the account currency: units × price ÷ conversion. */
export function swapNotional(input: Pick<SwapInput, 'units' | 'price' | 'conversion'>): Money {
  return money(input.units).times(money(input.price)).dividedBy(money(input.conversion))
}

/** The signed swap amount of one rollover, rounded half away from zero to the wallet's minor unit. */
export function swapAmount(input: SwapInput): Money {
  return swapNotional(input)
    .times(money(input.rate))
    .dividedBy(100)
    .dividedBy(360)
    .times(input.days)
    .toDecimalPlaces(walletDecimals(input.currency), Money.ROUND_HALF_UP)
}

/** A swap ledger entry's description: "Swap EUR_USD 2025-06-10", with "(×3)" on a triple day. */
export function swapEntryDescription(date: string, instrument: string, days: number): string {
  return `Swap ${instrument} ${date}${days > 1 ? ` (×${days})` : ''}`
}
