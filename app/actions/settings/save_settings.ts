import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import settings from '#services/settings_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  keepsStored,
  secretNames,
  storedText,
  type SettingsSchema,
  type SettingSlot,
} from '#domain/settings_schema'

export interface SaveSettingsOptions {
  /** Secrets erased on purpose (a blank one is kept otherwise). */
  clear?: readonly string[]
  /** New files already stored on the public disk, by field name: their keys are written. */
  files?: Record<string, string>
  /**
   * The form's own cross-field rule, run in the transaction on every field's
   * text as it will be stored (by field name); it throws to refuse the save.
   */
  verify?: (stored: Record<string, string | null>) => void
}

/**
 * Saves a settings form in one transaction with its audit row (the fields'
 * stored text before → after, secrets masked, files by their stored key):
 * each field's slot of its row (rows created when missing), blank secrets
 * kept as stored unless listed in `options.clear`, file fields only when a new
 * file is given. The cache is dropped after the commit so the next read (the
 * next order's spread, the order dialog's lot mode, every page's branding)
 * sees the new values at once, in every process; the change names the row
 * when the form has one (the market role restarts only for API keys).
 * Answers the keys of the files the save replaced, for the caller to remove
 * now that it committed.
 */
export async function saveSettings(
  schema: SettingsSchema,
  values: Record<string, unknown>,
  actor: StaffContext,
  options: SaveSettingsOptions = {}
): Promise<{ replacedFiles: string[] }> {
  const cleared = new Set(options.clear ?? [])
  const after: Record<string, string | null> = {}
  for (const field of schema.fields) {
    if (field.kind === 'file') {
      if (options.files?.[field.name]) after[field.name] = options.files[field.name]
    } else if (cleared.has(field.name)) after[field.name] = null
    else if (!keepsStored(field, values[field.name])) {
      after[field.name] = storedText(field, values[field.name])
    }
  }
  const changed = schema.fields.filter((field) => Object.hasOwn(after, field.name))
  const slotOf = (field: SettingsSchema['fields'][number]) => field.slot ?? 'value1'
  const now = DateTime.now().toSQL({ includeOffset: false })

  const replacedFiles: string[] = []
  await db.transaction(async (trx) => {
    const keys = [...new Set(schema.fields.map((field) => field.key))]
    // Locked (PostgreSQL) so two saves replacing the same file cannot both keep the old one's key.
    const rows = await trx.from('settings').whereIn('key', keys).orderBy('key').forUpdate()
    const stored = new Map(rows.map((row) => [row.key as string, row]))
    const storedValue = (field: SettingsSchema['fields'][number]): string | null =>
      stored.get(field.key)?.[slotOf(field)] ?? null

    options.verify?.(
      Object.fromEntries(
        schema.fields.map((field) => [
          field.name,
          Object.hasOwn(after, field.name) ? after[field.name] : storedValue(field),
        ])
      )
    )

    const before = Object.fromEntries(changed.map((field) => [field.name, storedValue(field)]))
    const byKey = new Map<string, Partial<Record<SettingSlot, string | null>>>()
    for (const field of changed) {
      byKey.set(field.key, { ...byKey.get(field.key), [slotOf(field)]: after[field.name] })
      const old = storedValue(field)
      if (field.kind === 'file' && old && old !== after[field.name]) replacedFiles.push(old)
    }
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
      secretFields: secretNames(schema),
    })
  })
  const keys = [...new Set(changed.map((field) => field.key))]
  settings.changed(keys.length === 1 ? keys[0] : undefined)
  return { replacedFiles }
}
