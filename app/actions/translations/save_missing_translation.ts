import Language from '#models/language'
import Translation from '#models/translation'
import { isUniqueViolation } from '#services/db_errors'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * The most rows one language may hold: the app has a few hundred texts, and
 * visitors report keys (each at most 500 characters: translationKeyValidator).
 */
export const MAX_KEYS_PER_LANGUAGE = 2000
export const ENGLISH_REFUSED = 'English texts need no translation'
export const TOO_MANY_KEYS = 'This language has too many keys already'

/**
 * Records a key the browser could not translate, so staff can fill it in (an
 * empty value). English is the keys' own language: it needs no rows, and
 * accepting them let visitors add rows without end.
 */
export async function saveMissingTranslation(code: string, key: string) {
  await Language.findByOrFail('code', code)
  if (code === 'en') throw new UserFacingException(ENGLISH_REFUSED, { field: 'key' })
  const existing = await Translation.query().where('code', code).where('key', key).first()
  if (existing) return existing
  // Visitors may report keys too (the login page is translated): cap the rows so nobody can fill the table.
  const rows = await Translation.query().where('code', code).count('* as total')
  if (Number(rows[0].$extras.total) >= MAX_KEYS_PER_LANGUAGE) {
    throw new UserFacingException(TOO_MANY_KEYS, { field: 'key' })
  }
  try {
    return await Translation.create({ code, key, value: null })
  } catch (error) {
    if (isUniqueViolation(error)) {
      return Translation.query().where('code', code).where('key', key).firstOrFail()
    }
    throw error
  }
}
