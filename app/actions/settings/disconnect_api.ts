import db from '@adonisjs/lucid/services/db'
import settings from '#services/settings_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { secretNames } from '#domain/settings_schema'
import type { ApiSettingsCard } from '#domain/api_settings'
import { UserFacingException } from '#exceptions/user_facing_exception'

const SLOTS = ['value1', 'value2', 'value3', 'value4', 'value5'] as const

/**
 * Disconnects a provider (issue 21 item 8): its settings row is deleted in
 * one transaction with its audit row (the stored values before, secrets
 * masked), so the card is empty again and, once the change bus says so, the
 * market role hands that provider's markets back to the simulator. A blank
 * key cannot do this through the save (a required key is refused empty).
 * A provider with nothing stored is refused: there is nothing to disconnect.
 */
export async function disconnectApi(card: ApiSettingsCard, actor: StaffContext): Promise<void> {
  await db.transaction(async (trx) => {
    const row = await trx.from('settings').where('key', card.key).forUpdate().first()
    const before = Object.fromEntries(
      SLOTS.filter((slot) => row?.[slot] !== null && row?.[slot] !== undefined).map((slot) => [
        slot,
        row[slot],
      ])
    )
    if (Object.keys(before).length === 0) {
      throw new UserFacingException(`${card.key} is not connected`)
    }
    await trx.from('settings').where('key', card.key).delete()
    // Secrets by their slot: the schema's secret field names are its slots here.
    const secretSlots = card.schema.fields
      .filter((field) => secretNames(card.schema).includes(field.name))
      .map((field) => field.slot ?? 'value1')
    await recordStaffAction(trx, {
      ...actor,
      action: 'settings.disconnect',
      target: { type: 'setting', id: card.key },
      before,
      secretFields: secretSlots,
    })
  })
  settings.changed(card.key)
}
