/**
 * Row ids are `integer` columns (increments): 1 … 2,147,483,647. A larger or
 * non-integer id cannot name a row, and PostgreSQL refuses to even compare
 * an integer column with it — so such ids are "not found" before any query.
 *
 * The one id rule (route params, bodies, query strings): a JSON integer in
 * that range, or its plain decimal text — no sign, no leading zero, no
 * spaces, no exponent, no hex, no fraction. `Number()` alone would read
 * "0x10" as 16, "1e1" as 10, " 5" as 5 and [18] as 18.
 */
export const MAX_ID = 2_147_483_647

/** Plain decimal text of 1 … MAX_ID (2147483647), digit by digit so no larger number matches. */
export const ID_TEXT =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/

export function isStorableId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
}

/** The id a value names under the rule above, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number') return isStorableId(value) ? value : null
  if (typeof value === 'string' && ID_TEXT.test(value)) return Number(value)
  return null
}

/** Route param matcher (`router.where`): an id that breaks the rule matches no route, so it is a 404. */
export const ID_PARAM = { match: ID_TEXT, cast: (value: string) => Number(value) }
