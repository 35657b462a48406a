import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('candles', (table) => {
      table.increments('id')
      table.string('instrument', 40).notNullable()
      table.string('interval', 4).notNullable()
      // Bar start in epoch milliseconds (UTC): the same number on both databases.
      table.bigInteger('start_ms').notNullable()
      table.decimal('open', 24, 8).notNullable()
      table.decimal('high', 24, 8).notNullable()
      table.decimal('low', 24, 8).notNullable()
      table.decimal('close', 24, 8).notNullable()
      table.integer('ticks').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['instrument', 'interval', 'start_ms'])
    })
  }

  async down() {
    this.schema.dropTable('candles')
  }
}
