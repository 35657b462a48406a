import vine from '@vinejs/vine'
import { COUNTRY_NAMES } from '#services/countries'
import { MAX_ID } from '#domain/ids'

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

/** A row id sent by a form: a whole number in the id column's range. */
export const idRule = () => vine.number().withoutDecimals().min(1).max(MAX_ID)

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

/** Turns finite JSON numbers in `fields` into text for `decimalText`; anything else passes unchanged. */
export function numbersAsText<T extends Record<string, unknown>>(data: T, fields: string[]): T {
  const out: Record<string, unknown> = { ...data }
  for (const field of fields) {
    const value = out[field]
    if (typeof value === 'number' && Number.isFinite(value)) out[field] = String(value)
  }
  return out as T
}

const COMMON_RULES = ['required', 'string', 'regex', 'minLength', 'maxLength', 'enum', 'number', 'withoutDecimals', 'min', 'max']

/** One message for every way a field can fail (VineJS wants one entry per rule). */
export function oneMessage(field: string, message: string, rules = COMMON_RULES): Record<string, string> {
  return Object.fromEntries(rules.map((rule) => [`${field}.${rule}`, message]))
}
