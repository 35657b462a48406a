import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Translation from '#models/translation'
import { ENGLISH, placeholderProblem } from '#domain/languages'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { ENGLISH_REFUSED } from '#actions/translations/save_missing_translation'

export interface TranslationFields {
  code: string
  key: string
  value: string
}

export const UNKNOWN_LANGUAGE = 'No such language'
export const DUPLICATE_KEY = 'This key already has a translation in this language'

/**
 * The rules every staff write of a translation holds to, inside its
 * transaction: the language exists and is not English (the keys are the
 * English texts; the browser never reads English rows), the value keeps the
 * key's placeholders, and a language holds each key once (`exceptId`: the
 * row being edited). Each refusal is a 422 under its field.
 */
export async function checkTranslation(
  trx: TransactionClientContract,
  fields: TranslationFields,
  exceptId?: number
) {
  const language = await trx.from('languages').where('code', fields.code).first()
  if (!language) throw new UserFacingException(UNKNOWN_LANGUAGE, { field: 'code' })
  if (fields.code === ENGLISH) throw new UserFacingException(ENGLISH_REFUSED, { field: 'code' })
  const placeholders = placeholderProblem(fields.key, fields.value)
  if (placeholders) throw new UserFacingException(placeholders, { field: 'value' })
  const clash = Translation.query({ client: trx })
    .where('code', fields.code)
    .where('key', fields.key)
  if (exceptId !== undefined) clash.whereNot('id', exceptId)
  if (await clash.first()) throw new UserFacingException(DUPLICATE_KEY, { field: 'key' })
}

/** What the audit log keeps of a translation. */
export function translationAudit(t: { code: string; key: string; value: string | null }) {
  return { code: t.code, key: t.key, value: t.value }
}
