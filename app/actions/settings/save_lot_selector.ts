import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { money, toDbDecimal } from '#domain/money'
import { recordStaffAction, type StaffContext } from '#services/audit_log'

export interface LotSelectorEntry {
  label: string
  value: string
}

/**
 * Replaces the lot selector (admin spec §2 Lot Settings) as a whole, in the
 * order given, in one transaction with its audit row: an order dialog reads
 * either the old list or the new one, never a mix.
 */
export async function saveLotSelector(entries: LotSelectorEntry[], actor: StaffContext) {
  const now = DateTime.now().toSQL({ includeOffset: false })
  const listed = (list: { label: string; value: string }[]) =>
    list.map((e) => `${e.label}=${money(e.value).toFixed()}`).join(', ')
  await db.transaction(async (trx) => {
    const old = await trx.from('lot_options').orderBy('position', 'asc').orderBy('id', 'asc')
    await trx.from('lot_options').delete()
    if (entries.length > 0) {
      await trx.table('lot_options').multiInsert(
        entries.map((entry, position) => ({
          label: entry.label,
          value: toDbDecimal(entry.value),
          position,
          created_at: now,
          updated_at: now,
        }))
      )
    }
    await recordStaffAction(trx, {
      ...actor,
      action: 'settings.update',
      target: { type: 'setting', id: 'lotSelector' },
      before: { lotSelector: listed(old) },
      after: { lotSelector: listed(entries) },
    })
  })
}
