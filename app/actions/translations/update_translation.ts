import db from '@adonisjs/lucid/services/db'
import Translation from '#models/translation'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { refusingDuplicates } from '#services/db_errors'
import translationCache from '#services/translation_cache'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  checkTranslation,
  DUPLICATE_KEY,
  translationAudit,
  type TranslationFields,
} from '#actions/translations/translation_fields'

/**
 * Edits a translation (admin spec §7 PUT /admin/languages/translations/{id}),
 * also a key visitors reported (filling its value); audited. Both languages'
 * pages re-read when the row moves to another code.
 */
export async function updateTranslation(input: TranslationFields & StaffContext & { id: number }) {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const [translation, codes] = await refusingDuplicates(
    () =>
      db.transaction(async (trx) => {
        const row = await Translation.query({ client: trx })
          .where('id', input.id)
          .forUpdate()
          .first()
        if (!row) throw new NotFoundException()
        await checkTranslation(trx, input, row.id)
        const before = translationAudit(row)
        row.merge({ code: input.code, key: input.key, value: input.value })
        await row.save()
        await recordStaffAction(trx, {
          staff: input.staff,
          ip: input.ip,
          action: 'translation.update',
          target: { type: 'translation', id: row.id },
          before,
          after: translationAudit(row),
        })
        return [row, [...new Set([before.code, row.code])]] as const
      }),
    DUPLICATE_KEY,
    'key'
  )
  for (const code of codes) translationCache.changed(code)
  return translation
}
