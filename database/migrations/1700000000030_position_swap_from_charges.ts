import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A position's swap is the sum of its rollover charges (swap_charges) and is no longer stored on
 * the order (issue 24 item 7): the rollover then writes one charge per position instead of also
 * rewriting every open order, with its seven indexes, every day. The stored column always held that
 * sum (the rollover wrote both in one transaction), so nothing is lost; `down` puts it back from the
 * charges.
 */
export default class extends BaseSchema {
  async up() {
    // Both databases drop a plain column in place (SQLite since 3.35).
    this.schema.raw('ALTER TABLE orders DROP COLUMN swap')
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      table.decimal('swap', 24, 8).notNullable().defaultTo(0)
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE orders SET swap = (SELECT COALESCE(SUM(amount), 0) FROM swap_charges WHERE swap_charges.order_id = orders.id)
          WHERE id IN (SELECT order_id FROM swap_charges)`
      )
    })
  }
}
