/** Instrument categories (customer spec §2 Instrument list). */
export const CATEGORIES = ['forex', 'commodity', 'index', 'stock', 'crypto'] as const
export type Category = (typeof CATEGORIES)[number]

export const CATEGORY_TABS: Record<Category, string> = {
  forex: 'FOREX',
  commodity: 'COMMODITIES',
  index: 'INDICES',
  stock: 'STOCK',
  crypto: 'CRYPTO',
}

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value)
}

/** Pip size: 0.01 when the quote is JPY, otherwise 0.0001 (customer spec §7, §9). */
export function pipSize(quote: string): string {
  return quote.toUpperCase() === 'JPY' ? '0.01' : '0.0001'
}

/**
 * Fraction digits a quote is kept to: 5 for forex (3 against JPY), and for
 * other markets by price level. Fixed per instrument so a price never loses or
 * gains a digit between restarts.
 */
export function priceDecimals(category: Category, quote: string, price: string): number {
  if (category === 'forex') return quote.toUpperCase() === 'JPY' ? 3 : 5
  const level = Math.abs(Number.parseInt(price, 10))
  if (level >= 1000) return 2
  if (level >= 10) return 3
  if (level >= 1) return 4
  return 6
}

/** The instrument screens' titles, one per category (admin spec §2 menu: Forex … Stock; "title is the type"). */
export const CATEGORY_TITLES: Record<Category, string> = {
  forex: 'Forex',
  commodity: 'Commodity',
  index: 'Index',
  stock: 'Stock',
  crypto: 'Crypto',
}

/** Column sizes of instruments (ours). */
export const INSTRUMENT_LIMITS = {
  name: 40,
  base: 20,
  quote: 6,
  alias: 80,
  tradingview: 40,
} as const

/** Swap is a percent, either sign (a charge or a credit), at most 4 decimals (ours; the spec says "percent, default 0"). */
export const MAX_SWAP = 100

/** The largest exposure limit in USD notional a form takes (13 integer digits fit decimal(24, 2) and 15 exact digits). */
export const MAX_EXPOSURE_LIMIT = '9999999999999.99'

/**
 * Why an instrument cannot be deleted, or renamed or moved to another
 * category (positions are priced and stopped out by its name and kind):
 * positions still open on it. Null when none are.
 */
export function instrumentInUseMessage(
  openPositions: number,
  change: 'delete' | 'rename'
): string | null {
  if (openPositions <= 0) return null
  if (change === 'delete') {
    return openPositions === 1
      ? 'This instrument cannot be deleted: 1 position is open on it'
      : `This instrument cannot be deleted: ${openPositions} positions are open on it`
  }
  return openPositions === 1
    ? 'The name and category of this instrument cannot change: 1 position is open on it'
    : `The name and category of this instrument cannot change: ${openPositions} positions are open on it`
}
