import Language from '#models/language'
import Translation from '#models/translation'
import { isUniqueViolation } from '#services/db_errors'

/**
 * Records a key the browser could not translate, so staff can fill it in.
 * English keys are their own value; other languages start empty.
 */
export async function saveMissingTranslation(code: string, key: string) {
  await Language.findByOrFail('code', code)
  const existing = await Translation.query().where('code', code).where('key', key).first()
  if (existing) return existing
  try {
    return await Translation.create({ code, key, value: code === 'en' ? key : null })
  } catch (error) {
    if (isUniqueViolation(error)) {
      return Translation.query().where('code', code).where('key', key).firstOrFail()
    }
    throw error
  }
}
