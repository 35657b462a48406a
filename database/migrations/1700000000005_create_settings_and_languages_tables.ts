import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    /* Key/value1…value5 rows, as the admin spec stores site, API, spread and lot settings. */
    this.schema.createTable('settings', (table) => {
      table.increments('id')
      table.string('key', 64).notNullable().unique()
      for (const n of [1, 2, 3, 4, 5]) table.text(`value${n}`).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('languages', (table) => {
      table.increments('id')
      table.string('name', 64).notNullable()
      table.string('code', 12).notNullable().unique()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('translations', (table) => {
      table.increments('id')
      table.string('code', 12).notNullable()
      // The key is the English text itself (admin spec §1).
      table.string('key', 500).notNullable()
      table.text('value').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.unique(['code', 'key'])
    })

    this.schema.createTable('notifications', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('title', 255).notNullable()
      table.text('description').nullable()
      table.string('url', 500).nullable()
      table.timestamp('read_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('notifications')
    this.schema.dropTable('translations')
    this.schema.dropTable('languages')
    this.schema.dropTable('settings')
  }
}
