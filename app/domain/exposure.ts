import type { Category } from './instruments.js'
import { CATEGORIES } from './instruments.js'
import { currentRateFor } from './account_metrics.js'

/*
 * The dealing desk's exposure arithmetic (issue 24 item 3). The market role's
 * book keeps, per instrument, mode and side, three running sums of its open
 * positions — Σunits, Σ(units × open rate), Σspread cost — so every figure
 * of a snapshot is constant work per instrument, however many positions:
 *
 *   long/short units   = Σunits of the buys / of the sells
 *   net units          = long − short;  gross = long + short
 *   notional (USD)     = units × mid ÷ rate(quote→USD)   (net: signed; gross: always positive)
 *   customers' P/L     = buys:  mark × Σu − Σ(u × open) − Σspread
 *                        sells: Σ(u × open) − mark × Σu − Σspread      (in the quote currency, then ÷ rate)
 *
 * The mark is the price each side is valued at on the customer's own
 * positions (currentRateFor: a buy at the ask, a sell at the bid, customer
 * spec §9), so the column is the sum of the P/L the customers see. The house
 * holds the opposite. Floats, as in the risk engine: this is a screen, no money
 * moves from it; figures leave as decimal strings.
 */

export type BookMode = 'real' | 'demo'
export const BOOK_MODES: readonly BookMode[] = ['real', 'demo']

export interface SideSums {
  positions: number
  units: number
  /** Σ(units × open rate), in the quote currency. */
  cost: number
  /** Σ spread cost charged at open, in the quote currency (the P/L formula subtracts it). */
  spread: number
}

export function emptySide(): SideSums {
  return { positions: 0, units: 0, cost: 0, spread: 0 }
}

export interface PositionTerms {
  amount: number
  openRate: number
  spread: number
}

/** Adds (sign 1) or removes (sign −1) one position's terms. */
export function applyToSide(side: SideSums, p: PositionTerms, sign: 1 | -1) {
  side.positions += sign
  side.units += sign * p.amount
  side.cost += sign * p.amount * p.openRate
  side.spread += sign * p.spread
  // Sums that return to nothing are set to exactly nothing: float residue must not show as exposure.
  if (side.positions === 0) {
    side.units = 0
    side.cost = 0
    side.spread = 0
  }
}

export interface InstrumentSums {
  instrument: string
  category: Category
  quote: string
  long: SideSums
  short: SideSums
}

export interface Quote {
  bid: number
  ask: number
}

/**
 * How many USD one unit of the quote currency is worth, from a conversion
 * rate as app/domain/conversion.ts gives it (quote units per USD); null when
 * no listed pair connects them.
 */
export function usdPerUnit(rate: number | null | undefined): number | null {
  return rate && Number.isFinite(rate) && rate > 0 ? 1 / rate : null
}

export interface ExposureFigures {
  instrument: string
  category: Category
  longUnits: number
  shortUnits: number
  netUnits: number
  grossUnits: number
  positions: number
  /** Signed net notional in USD; null without a price or a USD conversion. */
  usdNotional: number | null
  usdGross: number | null
  /** The customers' unrealized P/L in USD (the house's is its opposite). */
  clientsUnrealizedPl: number | null
}

/** Customers' unrealized P/L in the quote currency of both sides at these prices. */
export function unrealizedInQuote(sums: Pick<InstrumentSums, 'long' | 'short'>, quote: Quote) {
  const buyMark = currentRateFor('buy', quote.bid, quote.ask)
  const sellMark = currentRateFor('sell', quote.bid, quote.ask)
  const long = buyMark * sums.long.units - sums.long.cost - sums.long.spread
  const short = sums.short.cost - sellMark * sums.short.units - sums.short.spread
  return long + short
}

/** One instrument's figures: constant work. */
export function exposureFigures(
  sums: InstrumentSums,
  quote: Quote | null,
  usdPerQuoteUnit: number | null
): ExposureFigures {
  const longUnits = sums.long.units
  const shortUnits = sums.short.units
  const netUnits = longUnits - shortUnits
  const grossUnits = longUnits + shortUnits
  const priced = quote !== null && usdPerQuoteUnit !== null
  const usdPerUnitHeld = priced ? ((quote.bid + quote.ask) / 2) * usdPerQuoteUnit : 0
  return {
    instrument: sums.instrument,
    category: sums.category,
    longUnits,
    shortUnits,
    netUnits,
    grossUnits,
    positions: sums.long.positions + sums.short.positions,
    usdNotional: priced ? netUnits * usdPerUnitHeld : null,
    usdGross: priced ? grossUnits * usdPerUnitHeld : null,
    clientsUnrealizedPl: priced ? unrealizedInQuote(sums, quote) * usdPerQuoteUnit : null,
  }
}

export interface CategoryTotals {
  category: Category
  positions: number
  usdNotional: number
  usdGross: number
  clientsUnrealizedPl: number
  realizedToday: number
}

/** Totals per category, in CATEGORIES order, of the categories that appear (USD figures only: units do not add up across instruments). */
export function categoryTotals(
  rows: readonly (Pick<
    ExposureFigures,
    'category' | 'positions' | 'usdNotional' | 'usdGross' | 'clientsUnrealizedPl'
  > & { realizedToday: number | null })[]
): CategoryTotals[] {
  const totals = new Map<Category, CategoryTotals>()
  for (const row of rows) {
    let t = totals.get(row.category)
    if (!t) {
      t = {
        category: row.category,
        positions: 0,
        usdNotional: 0,
        usdGross: 0,
        clientsUnrealizedPl: 0,
        realizedToday: 0,
      }
      totals.set(row.category, t)
    }
    t.positions += row.positions
    t.usdNotional += row.usdNotional ?? 0
    t.usdGross += row.usdGross ?? 0
    t.clientsUnrealizedPl += row.clientsUnrealizedPl ?? 0
    t.realizedToday += row.realizedToday ?? 0
  }
  return CATEGORIES.filter((c) => totals.has(c)).map((c) => totals.get(c)!)
}

/** Margin level in percent, (equity ÷ used margin) × 100; null without used margin. */
export function marginLevel(equity: number, usedMargin: number): number | null {
  return usedMargin > 0 ? (equity / usedMargin) * 100 : null
}

/** At or below the margin-call level (a float screen; a tiny tolerance absorbs float error). */
export function atOrBelowMarginCall(level: number | null, callLevel: number): boolean {
  return level !== null && level <= callLevel * (1 + 1e-12)
}

/**
 * The `limit` largest items by `score` (ties: the first seen), largest first:
 * one pass keeping a small sorted list, O(n × limit) with limit 10.
 */
export function topBy<T>(items: Iterable<T>, score: (item: T) => number, limit: number): T[] {
  const kept: { item: T; score: number }[] = []
  for (const item of items) {
    const s = score(item)
    if (!Number.isFinite(s)) continue
    if (kept.length === limit && s <= kept[kept.length - 1].score) continue
    let i = kept.length
    while (i > 0 && kept[i - 1].score < s) i--
    kept.splice(i, 0, { item, score: s })
    if (kept.length > limit) kept.pop()
  }
  return kept.map((k) => k.item)
}

/** A float as a decimal string with at most `decimals` places (no exponent, no trailing zeros, no "-0"). */
export function decimalText(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals)
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
  return trimmed === '-0' ? '0' : trimmed
}

/** Money in USD as a decimal string with two places ("-0.00" shows as "0.00"). */
export function usdText(value: number | null): string | null {
  if (value === null) return null
  const text = value.toFixed(2)
  return text === '-0.00' ? '0.00' : text
}
