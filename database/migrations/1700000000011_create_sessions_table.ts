import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (the `database` store of @adonisjs/session, the default
 * without REDIS_URL): the cookie carries only the id, so deleting a row ends
 * that session. `users.session_generation` ends every session of a user at
 * once (app/services/session_stamp.ts): bumping it makes their stamps stale.
 */
export default class extends BaseSchema {
  async up() {
    // The layout @adonisjs/session's store reads and writes (its make:session-table stub).
    this.schema.createTable('sessions', (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at').notNullable().index()
    })

    this.schema.alterTable('users', (table) => {
      table.integer('session_generation').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('session_generation')
    })
    this.schema.dropTable('sessions')
  }
}
