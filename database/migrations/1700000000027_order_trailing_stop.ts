import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 23 item 2: a server-side trailing stop. The distance is stored in
 * price units always (a pips entry is converted when set), so the market role
 * needs no setting to read it. The stop itself is `loss`: the engine moves it
 * and persists each move, so a restart resumes from the stored stop (no peak
 * price is kept).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.decimal('trailing_distance', 24, 8).nullable()
    })
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      table.dropColumn('trailing_distance')
    })
  }
}
