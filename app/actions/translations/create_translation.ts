import db from '@adonisjs/lucid/services/db'
import Translation from '#models/translation'
import { isUniqueViolation } from '#services/db_errors'
import translationCache from '#services/translation_cache'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  checkTranslation,
  duplicateKeyRefusal,
  translationAudit,
  type TranslationFields,
} from '#actions/translations/translation_fields'

/** Adds a translation (admin spec §2 Languages, §7 POST /admin/languages/translations), audited; open pages re-read. */
export async function createTranslation(input: TranslationFields & StaffContext) {
  let translation: Translation
  try {
    translation = await db.transaction(async (trx) => {
      await checkTranslation(trx, input)
      const created = await Translation.create(
        { code: input.code, key: input.key, value: input.value },
        { client: trx }
      )
      await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'translation.create',
        target: { type: 'translation', id: created.id },
        after: translationAudit(created),
      })
      return created
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateKeyRefusal()
    throw error
  }
  translationCache.changed(translation.code)
  return translation
}
