import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('balances', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('mode', 8).notNullable()
      table.string('currency', 8).notNullable()
      table.decimal('balance', 24, 8).notNullable().defaultTo('0')
      table.decimal('margin', 24, 8).notNullable().defaultTo('0')
      table.decimal('on_hold', 24, 8).notNullable().defaultTo('0')
      // Bumped by every balance write: a compare-and-set on it makes money
      // movements exactly-once on SQLite (no row locks) and PostgreSQL alike.
      table.integer('version').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['user_id', 'mode', 'currency'])
    })

    this.schema.createTable('ledger_entries', (table) => {
      table.increments('id')
      table
        .integer('balance_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('balances')
        .onDelete('CASCADE')
      table.string('type', 32).notNullable()
      table.decimal('amount', 24, 8).notNullable()
      table.decimal('balance_after', 24, 8).notNullable()
      table.string('reference_type', 32).nullable()
      table.integer('reference_id').nullable()
      table.string('description', 255).nullable()
      table.integer('created_by_id').unsigned().nullable()
      table.timestamp('created_at').notNullable()
      table.index(['balance_id', 'id'])
      table.index(['reference_type', 'reference_id'])
    })
  }

  async down() {
    this.schema.dropTable('ledger_entries')
    this.schema.dropTable('balances')
  }
}
