import db from '@adonisjs/lucid/services/db'
import Translation from '#models/translation'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import translationCache from '#services/translation_cache'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { translationAudit } from '#actions/translations/translation_fields'

/** Deletes a translation (admin spec §7 DELETE /admin/languages/translations/{id}); the audit row keeps what it said. */
export async function deleteTranslation(input: StaffContext & { id: number }) {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const code = await db.transaction(async (trx) => {
    const row = await Translation.query({ client: trx }).where('id', input.id).forUpdate().first()
    if (!row) throw new NotFoundException()
    await trx.from('translations').where('id', row.id).delete()
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'translation.delete',
      target: { type: 'translation', id: row.id },
      before: translationAudit(row),
    })
    return row.code
  })
  translationCache.changed(code)
}
