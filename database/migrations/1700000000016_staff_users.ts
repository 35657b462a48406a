import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Admin & Staffs (issue 12 items 1 and 2):
 *
 * - `users.deleted_at`: a user with money history (or named by the audit log)
 *   is never hard-deleted; the row is deactivated and hidden instead, so the
 *   records that name it stay whole (a regulated broker keeps them).
 * - `whitelists`: the staff IP whitelist as the spec stores it
 *   (`whitelists[0].ip_address`): one row per user at most, the
 *   comma-separated addresses and CIDR ranges as text; no row means no check.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.timestamp('deleted_at').nullable()
    })

    this.schema.createTable('whitelists', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.text('ip_address').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('whitelists')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('deleted_at')
    })
  }
}
