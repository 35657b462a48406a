import { CATEGORIES } from './instruments.js'
import { isDecimalString } from './decimal_strings.js'
import type { SettingRows } from './site_settings.js'
import { DEFAULT_TRIPLE_DAYS, WEEKDAYS, type TripleDays, type Weekday } from './swaps.js'

/*
 * The broker's-book settings of issue 24, stored as site settings rows:
 *
 * - `swapTripleDays`: value1…value5 are the triple-charge weekday of forex,
 *   commodity, index, stock and crypto (CATEGORIES order), a weekday name in
 *   lower case or 'none'; a missing or unknown value keeps that category's default.
 * - `marginCallLevel`: value1 is the margin level in percent at or below which a
 *   customer is warned (default 100).
 */
export const SWAP_TRIPLE_DAYS_KEY = 'swapTripleDays'
export const MARGIN_CALL_LEVEL_KEY = 'marginCallLevel'
export const DEFAULT_MARGIN_CALL_LEVEL = '100'

const VALUE_COLUMNS = ['value1', 'value2', 'value3', 'value4', 'value5'] as const

export function isTripleDayValue(value: unknown): value is Weekday | 'none' {
  return value === 'none' || (WEEKDAYS as readonly unknown[]).includes(value)
}

export function tripleDaysFrom(rows: SettingRows): TripleDays {
  const row = rows[SWAP_TRIPLE_DAYS_KEY]
  const out = { ...DEFAULT_TRIPLE_DAYS }
  CATEGORIES.forEach((category, i) => {
    const value = row?.[VALUE_COLUMNS[i]]?.trim().toLowerCase()
    if (isTripleDayValue(value)) out[category] = value === 'none' ? null : value
  })
  return out
}

/** The row that stores `days` (the settings writer's input). */
export function tripleDaysRow(days: TripleDays): Record<(typeof VALUE_COLUMNS)[number], string> {
  const row = {} as Record<(typeof VALUE_COLUMNS)[number], string>
  CATEGORIES.forEach((category, i) => (row[VALUE_COLUMNS[i]] = days[category] ?? 'none'))
  return row
}

/** The margin-call level in percent, as a decimal string. */
export function marginCallLevelFrom(rows: SettingRows): string {
  const value = rows[MARGIN_CALL_LEVEL_KEY]?.value1?.trim()
  return value && isDecimalString(value) && Number(value) > 0 ? value : DEFAULT_MARGIN_CALL_LEVEL
}
