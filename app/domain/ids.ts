/**
 * Row ids are `integer` columns (increments): 1 … 2,147,483,647. A larger or
 * non-integer id cannot name a row, and PostgreSQL refuses to even compare
 * an integer column with it — so such ids are "not found" before any query.
 */
export const MAX_ID = 2_147_483_647

export function isStorableId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
}
