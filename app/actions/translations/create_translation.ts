import db from '@adonisjs/lucid/services/db'
import Translation from '#models/translation'
import { refusingDuplicates } from '#services/db_errors'
import translationCache from '#services/translation_cache'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  checkTranslation,
  DUPLICATE_KEY,
  translationAudit,
  type TranslationFields,
} from '#actions/translations/translation_fields'

/** Adds a translation (admin spec §2 Languages, §7 POST /admin/languages/translations), audited; open pages re-read. */
export async function createTranslation(input: TranslationFields & StaffContext) {
  const translation = await refusingDuplicates(
    () =>
      db.transaction(async (trx) => {
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
      }),
    DUPLICATE_KEY,
    'key'
  )
  translationCache.changed(translation.code)
  return translation
}
