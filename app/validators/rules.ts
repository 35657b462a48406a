import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { COUNTRY_NAMES } from '#services/countries'
import { parseId } from '#domain/ids'

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
