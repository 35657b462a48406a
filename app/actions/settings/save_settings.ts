import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import settings from '#services/settings_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  keepsStored,
  storedText,
  type SettingsSchema,
  type SettingSlot,
} from '#domain/settings_schema'

/**
 * Saves a settings form in one transaction with its audit row (the fields'
 * stored text before → after, secrets masked): each field's slot of its row
 * (rows created when missing), blank secrets kept as stored. The cache is
 * dropped after the commit so the next read (the next order's spread, the
 * order dialog's lot mode) sees the new values at once.
 */
export async function saveSettings(
  schema: SettingsSchema,
  values: Record<string, unknown>,
  actor: StaffContext
) {
  const byKey = new Map<string, Partial<Record<SettingSlot, string | null>>>()
  const after: Record<string, string | null> = {}
  for (const field of schema.fields) {
    if (keepsStored(field, values[field.name])) continue
    const slots = byKey.get(field.key) ?? {}
    slots[field.slot ?? 'value1'] = storedText(field, values[field.name])
    byKey.set(field.key, slots)
    after[field.name] = slots[field.slot ?? 'value1'] ?? null
  }
  const now = DateTime.now().toSQL({ includeOffset: false })
  await db.transaction(async (trx) => {
    const rows = await trx.from('settings').whereIn('key', [...byKey.keys()])
    const stored = new Map(rows.map((row) => [row.key as string, row]))
    const before = Object.fromEntries(
      Object.keys(after).map((name) => {
        const field = schema.fields.find((f) => f.name === name)!
        return [name, stored.get(field.key)?.[field.slot ?? 'value1'] ?? null]
      })
    )
    for (const [key, slots] of byKey) {
      // An upsert: two first saves at once cannot both insert the row.
      await trx
        .knexQuery()
        .table('settings')
        .insert({ key, ...slots, created_at: now, updated_at: now })
        .onConflict('key')
        .merge({ ...slots, updated_at: now })
    }
    await recordStaffAction(trx, {
      ...actor,
      action: 'settings.update',
      target: { type: 'setting', id: schema.id },
      before,
      after,
      secretFields: schema.fields.filter((f) => f.kind === 'text' && f.secret).map((f) => f.name),
    })
  })
  settings.forget()
}
