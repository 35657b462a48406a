import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('instruments', (table) => {
      table.increments('id')
      table.string('name', 40).notNullable().unique()
      table.string('base', 20).notNullable()
      table.string('quote', 20).notNullable()
      table.string('alias', 80).nullable()
      table.string('category', 16).notNullable().index()
      table.decimal('bids', 24, 8).nullable()
      table.decimal('asks', 24, 8).nullable()
      table.integer('leverage').notNullable().defaultTo(0)
      table.boolean('tradable').notNullable().defaultTo(true)
      table.string('tradingview', 40).nullable()
      table.decimal('swap', 10, 4).notNullable().defaultTo('0')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('lot_options', (table) => {
      table.increments('id')
      table.string('label', 40).notNullable()
      table.decimal('value', 24, 8).notNullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('favorites', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('instrument_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('instruments')
        .onDelete('CASCADE')
      table.integer('list_id').notNullable().defaultTo(1)
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'instrument_id', 'list_id'])
    })
  }

  async down() {
    this.schema.dropTable('favorites')
    this.schema.dropTable('lot_options')
    this.schema.dropTable('instruments')
  }
}
