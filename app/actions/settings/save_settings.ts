import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import settings from '#services/settings_service'
import { keepsStored, storedText, type SettingsSchema, type SettingSlot } from '#domain/settings_schema'

/**
 * Saves a settings form in one transaction: each field's slot of its row
 * (rows created when missing), blank secrets kept as stored. The cache is
 * dropped after the commit so the next read (the next order's spread, the
 * order dialog's lot mode) sees the new values at once.
 */
export async function saveSettings(schema: SettingsSchema, values: Record<string, unknown>) {
  const byKey = new Map<string, Partial<Record<SettingSlot, string | null>>>()
  for (const field of schema.fields) {
    if (keepsStored(field, values[field.name])) continue
    const slots = byKey.get(field.key) ?? {}
    slots[field.slot ?? 'value1'] = storedText(field, values[field.name])
    byKey.set(field.key, slots)
  }
  const now = DateTime.now().toSQL({ includeOffset: false })
  await db.transaction(async (trx) => {
    for (const [key, slots] of byKey) {
      // An upsert: two first saves at once cannot both insert the row.
      await trx
        .knexQuery()
        .table('settings')
        .insert({ key, ...slots, created_at: now, updated_at: now })
        .onConflict('key')
        .merge({ ...slots, updated_at: now })
    }
  })
  settings.forget()
}
