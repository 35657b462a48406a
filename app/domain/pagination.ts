/** Page size of statements and histories (customer spec §9). */
export const DEFAULT_PAGE_SIZE = 15
/** Page sizes the admin data table offers. */
export const PAGE_SIZES = [15, 25, 50] as const

/** Number of pages: the ceiling of total ÷ page size, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) throw new RangeError('page size must be positive')
  return Math.max(1, Math.ceil(total / pageSize))
}

/** Clamps a requested page and size into what the list can serve. */
export function normalizePage(
  page: unknown,
  limit: unknown,
  allowed: readonly number[] = PAGE_SIZES
): { page: number; limit: number } {
  const p = Number(page)
  const l = Number(limit)
  return {
    page: Number.isInteger(p) && p >= 1 ? p : 1,
    limit: allowed.includes(l) ? l : allowed[0],
  }
}
