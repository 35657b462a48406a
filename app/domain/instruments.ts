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
