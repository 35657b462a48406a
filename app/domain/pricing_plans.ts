import { CATEGORIES, type Category } from './instruments.js'

/**
 * Pricing plans (admin spec §2 Pricing Plans, §3 Pricing plan): a price and,
 * per category, a leverage and a stop-out percent, each nullable (a missing
 * leverage falls back to the instrument's, a missing stop-out to 50 %).
 * Browser-safe: the staff page imports it.
 */

/** The highest leverage a plan or an instrument may give (ours; the spec sets none). */
export const MAX_LEVERAGE = 1000

/** Stop-outs are margin-level percentages: above 0, at most 100 (ours; the spec says only "percentages"). */
export const MAX_STOP_OUT = 100

/** A plan's price: whole cents, below a billion (ours). */
export const MAX_PLAN_PRICE_DIGITS = 9

/** Column lengths of pricing_plans (ours). */
export const PLAN_LIMITS = { name: 120, description: 1000 } as const

export type LeverageField = `${Category}Leverage`
export type StopoutField = `${Category}Stopout`

/** The list's and the form's order of the categories (admin spec §2 Pricing Plans columns). */
export const PLAN_CATEGORIES: readonly Category[] = [
  'forex',
  'commodity',
  'stock',
  'index',
  'crypto',
]

/** The list's leverage headers (FOREX LEV., COMM. LEV., …) and the form's labels, per category. */
export const LEVERAGE_COLUMN_LABELS: Record<Category, string> = {
  forex: 'Forex Lev.',
  commodity: 'Comm. Lev.',
  stock: 'Stock Lev.',
  index: 'Index Lev.',
  crypto: 'Crypto Lev.',
}
export const LEVERAGE_LABELS: Record<Category, string> = {
  forex: 'Forex Leverage',
  commodity: 'Commodity Leverage',
  stock: 'Stock Leverage',
  index: 'Index Leverage',
  crypto: 'Crypto Leverage',
}
export const STOPOUT_LABELS: Record<Category, string> = {
  forex: 'Forex Stop-out',
  commodity: 'Commodity Stop-out',
  stock: 'Stock Stop-out',
  index: 'Index Stop-out',
  crypto: 'Crypto Stop-out',
}

export const LEVERAGE_FIELDS = CATEGORIES.map((c) => `${c}Leverage` as LeverageField)
export const STOPOUT_FIELDS = CATEGORIES.map((c) => `${c}Stopout` as StopoutField)

/**
 * Why a plan cannot be deleted: customers still subscribed to it (deleting
 * it would leave them without a plan they paid for). Null when nobody is.
 */
export function planInUseMessage(subscribers: number): string | null {
  if (subscribers <= 0) return null
  if (subscribers === 1) return 'This plan cannot be deleted: 1 customer is subscribed to it'
  return `This plan cannot be deleted: ${subscribers} customers are subscribed to it`
}
