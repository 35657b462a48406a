import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Countries the broker does not take customers from (a compliance list kept by
 * the admin, issue 26's first list added from a declaration): sign-up refuses
 * them. The country is its common name, as users' profiles store it; unique,
 * so two admins adding the same country at once store it once.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('restricted_countries', (table) => {
      table.increments('id')
      table.string('country', 100).notNullable().unique()
      table.string('note', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('restricted_countries')
  }
}
