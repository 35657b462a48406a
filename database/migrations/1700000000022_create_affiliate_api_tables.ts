import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The affiliate API (issue 14 items 5 and 6; CRM spec §3 "Affiliate API key"):
 * - `affiliate_api_keys`: one key per affiliate, stored as its SHA-256 only
 *   (with the last characters as a hint). Generating replaces the row's hash,
 *   so the old key stops working at once.
 * - `lead_intake_requests`: the first answer to `POST /api/v1/leads` per key
 *   and idempotency key (the `Idempotency-Key` header or the affiliate's
 *   reference); a retry gets that answer and creates nothing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('affiliate_api_keys', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('key_hash', 64).notNullable().unique()
      table.string('key_hint', 8).notNullable()
      table.timestamp('created_at').notNullable()
    })

    this.schema.createTable('lead_intake_requests', (table) => {
      table.increments('id')
      // 'affiliate:<user id>' or 'site' (the webhookApiKeyLeads setting).
      table.string('scope', 40).notNullable()
      table.string('key', 260).notNullable()
      table.string('fingerprint', 64).notNullable()
      table.integer('status').notNullable()
      table.text('response').notNullable()
      table
        .integer('lead_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('leads')
        .onDelete('SET NULL')
        .index()
      table.timestamp('created_at').notNullable()
      table.unique(['scope', 'key'])
    })
  }

  async down() {
    this.schema.dropTable('lead_intake_requests')
    this.schema.dropTable('affiliate_api_keys')
  }
}
