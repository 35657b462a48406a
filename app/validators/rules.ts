import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { COUNTRY_NAMES } from '#services/countries'
import { parseId } from '#domain/ids'
import { money, significantDigits, SQLITE_EXACT_DIGITS } from '#domain/money'

/** Small shared rules every account form builds from. */
export const emailRule = () => vine.string().trim().maxLength(254).email().toLowerCase()

export const newPasswordRule = () => vine.string().minLength(8).maxLength(128)

export const countryRule = () => vine.enum(COUNTRY_NAMES as string[])

export const phoneRule = () =>
  vine
    .string()
    .trim()
    .maxLength(20)
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/)

/** The one id rule (`parseId`); reported as `number` so each form's id message applies. */
const plainId = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  const id = parseId(value)
  if (id === null) field.report('The {{ field }} field must be a valid id', 'number', field)
  else field.mutate(id, field)
})

/**
 * A row id sent by a form: a JSON integer or plain decimal text in the id
 * column's range (`vine.number()` alone takes "0x10", "1e1" and [18]).
 */
export const idRule = () =>
  vine
    .any()
    .use(plainId())
    .transform((value) => value as number)

export const shortText = (max: number) => vine.string().trim().maxLength(max)

/** A required text field: blank after trimming counts as missing (report it as `required`). */
export const requiredText = (max: number) => shortText(max).minLength(1)

/** A birth date in the past, at least 18 years back (a broker serves adults only). */
export const birthDateRule = () =>
  vine
    .date({ formats: ['YYYY-MM-DD'] })
    .beforeOrEqual(() => {
      const d = new Date()
      d.setFullYear(d.getFullYear() - 18)
      return d.toISOString().slice(0, 10)
    })
    .afterOrEqual('1900-01-01')

/**
 * A decimal sent as text ("1.08652"). JSON numbers are accepted by turning
 * them back into their shortest text first (see `numbersAsText`), so the value
 * is never computed as a float.
 */
export const decimalText = (maxIntegerDigits: number, maxDecimals: number) =>
  vine
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${maxIntegerDigits}}(\\.\\d{1,${maxDecimals}})?$`))
    .use(exactDigits())

// SQLITE_EXACT_DIGITS (15), spelled out so the Spanish dictionary can hold the text.
export const EXACT_DIGITS_MESSAGE =
  'Use at most 15 digits in all, before and after the decimal point'

/**
 * Refuses a decimal with more significant digits than every database keeps
 * exactly (SQLite's REAL: 15; issue 21 item 7): "999999999.99999999" fits
 * 9 integer digits and 8 decimals but SQLite would store 1000000000. Refused
 * on PostgreSQL too, so both databases take the same values. Runs after the
 * shape check (`decimalText`, `signedDecimalText`); reported as
 * `exactDigits` with EXACT_DIGITS_MESSAGE unless a form names its own.
 */
export const exactDigits = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (significantDigits(value) > SQLITE_EXACT_DIGITS) {
      field.report(EXACT_DIGITS_MESSAGE, 'exactDigits', field)
    }
  }
)

/** Turns finite JSON numbers in `fields` into text for `decimalText`; anything else passes unchanged. */
export function numbersAsText<T extends Record<string, unknown>>(data: T, fields: string[]): T {
  const out: Record<string, unknown> = { ...data }
  for (const field of fields) {
    const value = out[field]
    if (typeof value === 'number' && Number.isFinite(value)) out[field] = String(value)
  }
  return out as T
}

const COMMON_RULES = [
  'required',
  'string',
  'regex',
  'minLength',
  'maxLength',
  'enum',
  'number',
  'withoutDecimals',
  'min',
  'max',
]

/** One message for every way a field can fail (VineJS wants one entry per rule). */
export function oneMessage(
  field: string,
  message: string,
  rules = COMMON_RULES
): Record<string, string> {
  return Object.fromEntries(rules.map((rule) => [`${field}.${rule}`, message]))
}

/**
 * A whole number from `min` to `max`, sent as a JSON integer or its plain
 * decimal text ("100"): `vine.number()` alone takes "0x10", "1e2", " 5" and
 * [18]. Reported as `wholeNumber`; the value becomes a number.
 */
export const wholeNumber = vine.createRule(
  (value: unknown, options: { min: number; max: number }, field: FieldContext) => {
    const parsed =
      typeof value === 'number' && Number.isInteger(value)
        ? value
        : typeof value === 'string' && /^-?\d{1,12}$/.test(value)
          ? Number(value)
          : null
    if (parsed === null || parsed < options.min || parsed > options.max) {
      field.report('The {{ field }} field must be a whole number in range', 'wholeNumber', field)
      return
    }
    field.mutate(parsed, field)
  }
)

/** A whole number field (see `wholeNumber`); add `.nullable()` / `.optional()` as the form needs. */
export const wholeNumberRule = (min: number, max: number) =>
  vine
    .any()
    .use(wholeNumber({ min, max }))
    .transform((value) => value as number)

/**
 * A decimal (text, see `numbersAsText`) within bounds, compared exactly:
 * `min` is exclusive when `aboveMin`. Reported as `decimalRange`.
 */
export const decimalRange = vine.createRule(
  (
    value: unknown,
    options: { min: string; max: string; aboveMin?: boolean },
    field: FieldContext
  ) => {
    if (typeof value !== 'string' || !field.isValid) return
    const n = money(value)
    const low = options.aboveMin ? n.greaterThan(options.min) : n.greaterThanOrEqualTo(options.min)
    if (!low || n.greaterThan(options.max)) {
      field.report('The {{ field }} field is out of range', 'decimalRange', field)
    }
  }
)

/** A signed decimal sent as text ("-0.25"), at most so many integer digits and decimals. */
export const signedDecimalText = (maxIntegerDigits: number, maxDecimals: number) =>
  vine
    .string()
    .trim()
    .regex(new RegExp(`^-?\\d{1,${maxIntegerDigits}}(\\.\\d{1,${maxDecimals}})?$`))
    .use(exactDigits())
