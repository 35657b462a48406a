import { BaseSchema } from '@adonisjs/lucid/schema'
import { DateTime } from 'luxon'
import { GATEWAY_FORMS, GATEWAY_VALUES } from '#domain/gateways'

/**
 * One row per gateway kind (admin spec §7): staff configure them through PUT
 * /admin/gateways/{name}; none is offered before it is configured and active.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      const now = DateTime.now().toSQL({ includeOffset: false })
      const existing = new Set(
        (await db.from('payment_gateways').select('value')).map(
          (row: { value: string }) => row.value
        )
      )
      const rows = GATEWAY_VALUES.filter((value) => !existing.has(value)).map((value) => ({
        name: GATEWAY_FORMS[value].name,
        value,
        kind: GATEWAY_FORMS[value].kind,
        fee: '0',
        is_active: false,
        created_at: now,
        updated_at: now,
      }))
      if (rows.length > 0) await db.table('payment_gateways').multiInsert(rows)
    })
  }

  async down() {
    this.defer(async (db) => {
      await db
        .from('payment_gateways')
        .whereIn('value', [...GATEWAY_VALUES])
        .delete()
    })
  }
}
