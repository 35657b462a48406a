import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Partial close (issue 23 item 3): the closed part of a position is a closed
 * `orders` row of its own (statements, the staff trades list and corrections
 * treat it like any closed order) whose `parent_order_id` names the ticket
 * that stays open with the rest. The column is added in place (ALTER TABLE
 * ADD COLUMN on both databases): SQLite must not rebuild `orders`, which would
 * drop the list-count triggers and partial indexes of migrations 14 and 25.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'ALTER TABLE orders ADD COLUMN parent_order_id integer NULL ' +
        'REFERENCES orders (id) ON DELETE SET NULL'
    )
    this.schema.raw('CREATE INDEX orders_parent_order_id_index ON orders (parent_order_id)')
  }

  async down() {
    this.schema.raw('DROP INDEX orders_parent_order_id_index')
    this.schema.raw('ALTER TABLE orders DROP COLUMN parent_order_id')
  }
}
