import Language from '#models/language'
import Translation from '#models/translation'
import { isUniqueViolation } from '#services/db_errors'

export const MAX_UNTRANSLATED_KEYS = 2000

/**
 * Records a key the browser could not translate, so staff can fill it in.
 * English keys are their own value; other languages start empty.
 */
export async function saveMissingTranslation(code: string, key: string) {
  await Language.findByOrFail('code', code)
  const existing = await Translation.query().where('code', code).where('key', key).first()
  if (existing) return existing
  // Visitors may report keys too (the login page is translated): cap the
  // untranslated backlog so nobody can fill the table.
  const backlog = await Translation.query().where('code', code).whereNull('value').count('* as total')
  if (Number(backlog[0].$extras.total) >= MAX_UNTRANSLATED_KEYS) return null
  try {
    return await Translation.create({ code, key, value: code === 'en' ? key : null })
  } catch (error) {
    if (isUniqueViolation(error)) {
      return Translation.query().where('code', code).where('key', key).firstOrFail()
    }
    throw error
  }
}
