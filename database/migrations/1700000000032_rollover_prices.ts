import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A rollover run's price list (issue 24 item 7): one row per size of position (an instrument, a
 * side, a wallet currency and a trade amount), priced once by the app's own swap rule
 * (#domain/swaps), or the reason it owes nothing today. On PostgreSQL each batch then joins its
 * positions to this list and writes claims, wallets and ledger entries in the database, so no
 * position travels to the process and back. Each run keeps its own rows (`run`), deleted when it ends; a crashed run's rows are
 * deleted by the next run after a day.
 */
export default class extends BaseSchema {
  protected tableName = 'rollover_prices'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('run', 36).notNullable()
      table.string('instrument', 40).notNullable()
      table.string('kind', 16).notNullable()
      table.string('type', 4).notNullable()
      table.string('currency', 8).notNullable()
      table.decimal('units', 24, 8).notNullable()
      /** 'charge', or why positions of this size owe nothing today: 'none' or 'unpriced'. */
      table.string('outcome', 8).notNullable()
      table.decimal('amount', 24, 8).nullable()
      table.decimal('rate', 10, 4).nullable()
      table.integer('days').nullable()
      table.decimal('notional', 24, 8).nullable()
      table.string('description', 120).nullable()
      table.timestamp('created_at').notNullable()
      table.primary(['run', 'instrument', 'kind', 'type', 'currency', 'units'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
