import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Two-factor login (issue 12 item 3). A row in two_factor_credentials means
 * the user's second factor is on; enrolment in progress lives in the session
 * until a code confirms it. The TOTP secret is stored encrypted with APP_KEY;
 * recovery codes only as keyed hashes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('two_factor_credentials', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.text('secret').notNullable()
      // The last 30-second time step a code was accepted for: a code is accepted only for a later step (no replay).
      table.integer('last_used_step').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('two_factor_recovery_codes', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('code_hash', 64).notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'code_hash'])
    })
  }

  async down() {
    this.schema.dropTable('two_factor_recovery_codes')
    this.schema.dropTable('two_factor_credentials')
  }
}
