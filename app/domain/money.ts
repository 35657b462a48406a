import { Decimal as DecimalJs } from 'decimal.js'
import { CURRENCY_DECIMALS } from './currency.js'
import { fractionDigits, trimDecimal } from './decimal_strings.js'

/**
 * The one money type. Amounts travel as decimal strings between the database,
 * the server and the browser, and are computed with arbitrary-precision
 * decimals: a JavaScript float never carries money to the database.
 */
export const Money = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP })
export type Money = InstanceType<typeof Money>

export type MoneyInput = Money | string | number | bigint

/** Scale of every money column (decimal(24, 8)): rates and prices use it whole. */
export const MONEY_SCALE = 8

export { CURRENCY_DECIMALS } from './currency.js'

/** Rounds half-up to the currency's minor unit. */
export function roundCurrency(value: MoneyInput): Money {
  return money(value).toDecimalPlaces(CURRENCY_DECIMALS, Money.ROUND_HALF_UP)
}

/**
 * SQLite stores a decimal column as a 64-bit float when it can, which keeps
 * 15 significant digits exactly; more would be rounded silently.
 */
export const SQLITE_EXACT_DIGITS = 15

export function significantDigits(value: MoneyInput): number {
  return money(value).precision(true)
}

export function money(value: MoneyInput | null | undefined): Money {
  if (value === null || value === undefined || value === '') return new Money(0)
  if (typeof value === 'bigint') return new Money(value.toString())
  return new Money(value)
}

/** A decimal written plainly, as PostgreSQL returns numeric and forms send amounts. */
const PLAIN_DECIMAL = /^-?\d{1,30}(\.\d{1,30})?$/

/** The canonical string written to a decimal column. */
export function toDbDecimal(value: MoneyInput): string {
  // A plain string with at most MONEY_SCALE significant fraction digits needs no rounding, only
  // its insignificant zeros dropped: done on the text, since every order and row read passes here.
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) {
    const trimmed = trimDecimal(value)
    if (fractionDigits(trimmed) <= MONEY_SCALE) return trimmed
  }
  return money(value).toDecimalPlaces(MONEY_SCALE).toFixed()
}

/**
 * A decimal column's value as read back (PostgreSQL returns numeric as a
 * string, SQLite as a number) as the canonical decimal string: the one reader
 * of stored decimals that are not read through a model's money column. A
 * nullable column's null stays null.
 */
export function fromDbDecimal(value: string | number): string
export function fromDbDecimal(value: string | number | null | undefined): string | null
export function fromDbDecimal(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : toDbDecimal(String(value))
}

/** A fixed-decimals string for display and page props ("12.30"). */
export function toFixedString(value: MoneyInput, decimals = 2): string {
  return money(value).toFixed(decimals)
}

export function sum(values: MoneyInput[]): Money {
  return values.reduce<Money>((acc, v) => acc.plus(money(v)), new Money(0))
}

/** True when `value` has at most `decimals` fraction digits. */
export function hasAtMostDecimals(value: MoneyInput, decimals: number): boolean {
  return money(value).decimalPlaces() <= decimals
}
