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
