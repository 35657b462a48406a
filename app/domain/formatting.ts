import type { MoneyInput } from './money.js'
import { CURRENCY_DECIMALS } from './currency.js'
import { plainDecimal, fractionDigits, roundDecimal, trimDecimal } from './decimal_strings.js'
import type { Category } from './instruments.js'

/**
 * How numbers, money, rates, percentages and dates read on every screen
 * (issue 10 §3, customer spec §2 and §9, admin spec §9). The server and the
 * browser both import it, so a figure reads the same in a page, a toast and
 * an export. Values arrive as decimal strings and are rounded exactly on
 * their digits (#domain/decimal_strings, half away from zero as the money
 * type rounds): no float ever stands for an amount or a price.
 */

/** What an absent value or date shows (admin spec: "a dash when empty"). */
export const EMPTY_VALUE = '-'

/** Currency symbols; other codes show as the code and a space ("SEK 12.00"). */
const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNH: '¥',
  AUD: 'A$',
  CAD: 'C$',
  CHF: 'CHF ',
  BTC: '₿',
}

export function currencySymbol(code: string | null | undefined): string {
  const c = (code ?? 'USD').toUpperCase()
  return SYMBOLS[c] ?? `${c} `
}

/** A value as exact decimal text; an absent value reads as zero, as the money type reads it. */
function plainOf(value: MoneyInput | null | undefined): string {
  return value === null || value === undefined || value === '' ? '0' : plainDecimal(value)
}

/** Fraction digits a value is written with as given ("12.30" → 2). */
function ownDecimals(value: MoneyInput): number {
  return fractionDigits(plainOf(value))
}

/*
 * Intl.NumberFormat reads a decimal string as an exact decimal (ECMA-402
 * NumberFormat v3: Node 19+, Chromium 106+), so grouping a string loses no
 * digit; the value is rounded with the money type before it gets there anyway.
 */
const groupers = new Map<number, Intl.NumberFormat>()
function grouper(decimals: number) {
  let f = groupers.get(decimals)
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    groupers.set(decimals, f)
  }
  return f
}

/**
 * A decimal rounded half-up to `decimals` with trailing zeros kept; grouped
 * in thousands when asked. A value that rounds to zero has no minus sign.
 * Without `decimals`, the value keeps the digits it was written with.
 */
export function formatDecimal(
  value: MoneyInput,
  decimals?: number,
  options: { group?: boolean } = {}
): string {
  const plain = plainOf(value)
  const digits = decimals ?? fractionDigits(plain)
  const rounded = roundDecimal(plain, digits)
  const body = options.group
    ? grouper(digits).format(rounded.text as Intl.StringNumericLiteral)
    : rounded.text
  return rounded.negative ? `-${body}` : body
}

/**
 * Money with the currency's symbol and thousands separators, the sign before
 * the symbol: "-$33.65", "$672,481.00". Without `decimals`, the value keeps
 * the digits the server wrote (the top bar's P/L and equity have 3).
 */
export function formatMoney(
  value: MoneyInput,
  currency?: string | null,
  decimals?: number
): string {
  const text = formatDecimal(value, decimals, { group: true })
  const negative = text.startsWith('-')
  return `${negative ? '-' : ''}${currencySymbol(currency)}${negative ? text.slice(1) : text}`
}

/** An amount in the currency's minor unit: "$1,250.00". */
export function formatCurrency(value: MoneyInput, currency?: string | null): string {
  return formatMoney(value, currency, CURRENCY_DECIMALS)
}

/** A rate with the instrument's digits, trailing zeros kept: "1.08370". */
export function formatRate(value: MoneyInput | null | undefined, digits: number): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  return formatDecimal(value, digits)
}

/**
 * Money in the account's currency as a back-office table column shows it
 * (issue 21 item 8): every money column of a table — margin used,
 * profit/loss, amounts — reads the one way, the wallet's symbol and 2
 * decimals, grouped ("-$1,031.10"), never a bare "31.10000" beside "$6.35".
 * Rates and prices are the other kind of column: `formatRate`.
 */
export function formatAccountMoney(
  value: MoneyInput | null | undefined,
  currency: string | null | undefined
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  return formatMoney(value, currency, CURRENCY_DECIMALS)
}

/** Profit/loss in orders and statements: 5 decimals (customer spec §9). */
export const PROFIT_LOSS_DECIMALS = 5

export function formatProfitLoss(value: MoneyInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  return formatDecimal(value, PROFIT_LOSS_DECIMALS)
}

/** The market watch shows up to 7 fraction digits, 3 for stocks (customer spec §2). */
export function watchPriceDigits(category: Category): number {
  return category === 'stock' ? 3 : 7
}

/**
 * A live price as the market watch shows it: the digits the feed wrote
 * (trailing zeros kept), rounded when it wrote more than the list shows.
 */
export function formatPrice(value: string, category: Category): string {
  const max = watchPriceDigits(category)
  return ownDecimals(value) > max ? formatDecimal(value, max) : value
}

/**
 * A percentage (gateway fee, swap, stop-out, margin level): "2.5%", "50%".
 * Without `decimals` insignificant trailing zeros go ("2.50" → "2.5%").
 */
export function formatPercent(value: MoneyInput | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  const text =
    decimals === undefined
      ? trimDecimal(plainOf(value))
      : formatDecimal(value, decimals, { group: true })
  return `${text}%`
}

/**
 * The two date formats (customer spec §9, admin spec §9), always in UTC, the
 * zone the date filters use: 'table' YYYY-MM-DD h:mm A for orders,
 * statements and histories; 'display' DD/MM/YYYY h:mm A everywhere else and
 * in the back office. An absent or invalid date shows a dash.
 */
export type DateStyle = 'table' | 'display'

export function formatDateTime(value: Date | string | null | undefined, style: DateStyle): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE
  const pad = (n: number) => String(n).padStart(2, '0')
  const year = String(date.getUTCFullYear()).padStart(4, '0')
  const month = pad(date.getUTCMonth() + 1)
  const day = pad(date.getUTCDate())
  const hours = date.getUTCHours()
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
  return style === 'table' ? `${year}-${month}-${day} ${time}` : `${day}/${month}/${year} ${time}`
}

/**
 * A calendar day (YYYY-MM-DD, a UTC day as the date filters take it) in a
 * date style without the time: 'display' DD/MM/YYYY, 'table' YYYY-MM-DD.
 * Anything else shows a dash.
 */
export function formatDay(day: string | null | undefined, style: DateStyle): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '')
  if (!match) return EMPTY_VALUE
  return style === 'table' ? match[0] : `${match[3]}/${match[2]}/${match[1]}`
}

/** 'buy' and 'sell' as positions and statements both write them (a translation key). */
export function orderTypeLabel(type: string): 'Buy' | 'Sell' {
  return type === 'buy' ? 'Buy' : 'Sell'
}
