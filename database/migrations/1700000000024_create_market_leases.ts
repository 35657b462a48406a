import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 22 item 1: the market lease. One row per role (name 'market'): the
 * process holding it runs the market role; everyone else stands by. Acquire
 * and renew are one compare-and-set UPDATE each (app/services/market/market_lease.ts);
 * the epoch grows on every takeover and fences the role's money writes.
 * Times are milliseconds since 1970 read from the database's own clock, so
 * the same comparisons run on SQLite and PostgreSQL and no process's clock
 * decides who holds the lease.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('market_leases', (table) => {
      table.string('name', 32).primary()
      table.string('holder', 200).nullable()
      table.bigInteger('epoch').notNullable().defaultTo(0)
      table.bigInteger('expires_at').notNullable().defaultTo(0)
      table.bigInteger('acquired_at').nullable()
      table.bigInteger('renewed_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('market_leases')
  }
}
