import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { toDbDecimal } from '#domain/money'

export interface LotSelectorEntry {
  label: string
  value: string
}

/**
 * Replaces the lot selector (admin spec §2 Lot Settings) as a whole, in the
 * order given, in one transaction: an order dialog reads either the old list
 * or the new one, never a mix.
 */
export async function saveLotSelector(entries: LotSelectorEntry[]) {
  const now = DateTime.now().toSQL({ includeOffset: false })
  await db.transaction(async (trx) => {
    await trx.from('lot_options').delete()
    if (entries.length === 0) return
    await trx.table('lot_options').multiInsert(
      entries.map((entry, position) => ({
        label: entry.label,
        value: toDbDecimal(entry.value),
        position,
        created_at: now,
        updated_at: now,
      }))
    )
  })
}
