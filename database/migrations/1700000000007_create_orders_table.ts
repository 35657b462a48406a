import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('orders', (table) => {
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
      table.decimal('trade_amount', 24, 8).notNullable()
      table.decimal('open_rate', 24, 8).notNullable()
      table.decimal('close_rate', 24, 8).nullable()
      table.timestamp('close_time').nullable()
      table.decimal('profit', 24, 8).nullable()
      table.decimal('loss', 24, 8).nullable()
      table.decimal('spread', 24, 8).notNullable().defaultTo('0')
      table.decimal('exchange_rate', 24, 8).notNullable().defaultTo('1')
      table.decimal('margin_used', 24, 8).notNullable().defaultTo('0')
      table.integer('leverage').notNullable().defaultTo(1)
      table.decimal('pro_loss', 24, 8).nullable()
      table.string('close_reason', 16).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['balance_id', 'close_time'])
      table.index(['instrument', 'close_time'])
    })
  }

  async down() {
    this.schema.dropTable('orders')
  }
}
