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
