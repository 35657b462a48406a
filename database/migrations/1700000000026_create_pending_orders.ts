import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 23 item 1: pending (limit and stop) orders. A table of their own, so
 * `orders` stays "positions" and none of its queries, counts or triggers
 * change. No margin is reserved while an order waits (docs/DECISIONS.md):
 * `margin_required` is what it would take at the trigger price when placed,
 * and the fill checks the free margin again. `order_id` is unique: one fill
 * opens one position.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('pending_orders', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('balance_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('balances')
        .onDelete('CASCADE')
      table
        .integer('instrument_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('instruments')
        .onDelete('SET NULL')
      table.string('instrument', 40).notNullable()
      table.string('base_symbol', 20).notNullable()
      table.string('quote_symbol', 20).notNullable()
      table.string('kind', 16).notNullable()
      table.string('type', 4).notNullable()
      table.string('execution', 8).notNullable()
      table.decimal('price', 24, 8).notNullable()
      table.decimal('trade_amount', 24, 8).notNullable()
      table.decimal('profit', 24, 8).nullable()
      table.decimal('loss', 24, 8).nullable()
      table.string('expiry', 8).notNullable().defaultTo('gtc')
      table.timestamp('expires_at').nullable()
      table.string('status', 12).notNullable().defaultTo('pending')
      table.string('reason', 32).nullable()
      table
        .integer('order_id')
        .unsigned()
        .nullable()
        .unique()
        .references('id')
        .inTable('orders')
        .onDelete('SET NULL')
      table.decimal('fill_rate', 24, 8).nullable()
      table.integer('cancelled_by_id').unsigned().nullable()
      table.decimal('margin_required', 24, 8).notNullable().defaultTo('0')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.timestamp('resolved_at').nullable()
      table.index(['status', 'instrument'])
      table.index(['balance_id', 'status'])
      table.index(['user_id', 'status', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('pending_orders')
  }
}
