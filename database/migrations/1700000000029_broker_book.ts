import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 24, the broker's book: every column and table its items need, in one
 * migration so that each item's code builds on the same schema.
 *
 * - Swaps: `instruments.swap_long`/`swap_short` (annual %, positive = credit;
 *   null = the spec's `swap` charged both ways), `pricing_plans.swap_free`,
 *   `orders.swap` (what the position has been charged or credited so far),
 *   `swap_charges` (one row per position and rollover day: its unique key is
 *   what makes a rollover exactly-once) and `rollovers` (one row per day run).
 * - Execution evidence: the quote a close used (`orders.close_*`) and, for a
 *   stop-out, the account at the trigger; the quote a pending fill used
 *   (`pending_orders.fill_*`).
 * - Exposure limits: `instruments.exposure_limit` (USD notional, null = none).
 * - Margin calls: `margin_calls`, one row per episode; the partial unique
 *   index allows one open episode per wallet, so one notice per episode.
 * - Reconciliation: `reconciliations`, one row per run.
 *
 * `orders` gains its columns by ALTER TABLE ADD COLUMN on both databases:
 * SQLite must not rebuild it (its triggers and partial indexes would go).
 */
const ORDER_COLUMNS = [
  ['swap', 'decimal(24, 8) NOT NULL DEFAULT 0'],
  ['close_bid', 'decimal(24, 8) NULL'],
  ['close_ask', 'decimal(24, 8) NULL'],
  ['close_quoted_at', 'timestamp NULL'],
  ['close_source', 'varchar(32) NULL'],
  ['close_equity', 'decimal(24, 8) NULL'],
  ['close_margin', 'decimal(24, 8) NULL'],
  ['close_margin_level', 'decimal(24, 8) NULL'],
] as const

export default class extends BaseSchema {
  async up() {
    for (const [name, type] of ORDER_COLUMNS) {
      this.schema.raw(`ALTER TABLE orders ADD COLUMN ${name} ${type}`)
    }

    this.schema.alterTable('instruments', (table) => {
      table.decimal('swap_long', 10, 4).nullable()
      table.decimal('swap_short', 10, 4).nullable()
      table.decimal('exposure_limit', 24, 2).nullable()
    })

    this.schema.alterTable('pricing_plans', (table) => {
      table.boolean('swap_free').notNullable().defaultTo(false)
    })

    this.schema.alterTable('pending_orders', (table) => {
      table.decimal('fill_bid', 24, 8).nullable()
      table.decimal('fill_ask', 24, 8).nullable()
      table.timestamp('fill_quoted_at').nullable()
      table.string('fill_source', 32).nullable()
    })

    this.schema.createTable('rollovers', (table) => {
      table.increments('id')
      /** The New York trading day the rollover closes, YYYY-MM-DD. */
      table.string('rollover_date', 10).notNullable().unique()
      table.integer('positions').notNullable().defaultTo(0)
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
    })

    this.schema.createTable('swap_charges', (table) => {
      table.increments('id')
      table
        .integer('order_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('orders')
        .onDelete('CASCADE')
      table
        .integer('balance_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('balances')
        .onDelete('CASCADE')
      table.string('rollover_date', 10).notNullable()
      /** Signed, in the wallet's currency: negative is a charge. */
      table.decimal('amount', 24, 8).notNullable()
      /** The annual percent applied and how many days it covered (3 on the triple day). */
      table.decimal('rate', 10, 4).notNullable()
      table.integer('days').notNullable().defaultTo(1)
      table.decimal('notional', 24, 8).notNullable()
      table.integer('ledger_entry_id').unsigned().nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['order_id', 'rollover_date'])
      table.index(['rollover_date'])
    })

    this.schema.createTable('margin_calls', (table) => {
      table.increments('id')
      table
        .integer('balance_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('balances')
        .onDelete('CASCADE')
      table.decimal('margin_level', 24, 8).notNullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('ended_at').nullable()
      table.timestamp('emailed_at').nullable()
      table.index(['balance_id', 'id'])
    })
    this.schema.raw(
      'CREATE UNIQUE INDEX margin_calls_open_unique ON margin_calls (balance_id) WHERE ended_at IS NULL'
    )

    this.schema.createTable('reconciliations', (table) => {
      table.increments('id')
      /** 'rollover' after a rollover, 'manual' from the command line. */
      table.string('kind', 16).notNullable()
      table.string('rollover_date', 10).nullable()
      table.integer('wallets').notNullable().defaultTo(0)
      table.integer('differences').notNullable().defaultTo(0)
      /** The differences found, as JSON (the first thousand). */
      table.text('details').nullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('reconciliations')
    this.schema.raw('DROP INDEX margin_calls_open_unique')
    this.schema.dropTable('margin_calls')
    this.schema.dropTable('swap_charges')
    this.schema.dropTable('rollovers')
    this.schema.alterTable('pending_orders', (table) => {
      table.dropColumns('fill_bid', 'fill_ask', 'fill_quoted_at', 'fill_source')
    })
    this.schema.alterTable('pricing_plans', (table) => table.dropColumn('swap_free'))
    this.schema.alterTable('instruments', (table) => {
      table.dropColumns('swap_long', 'swap_short', 'exposure_limit')
    })
    for (const [name] of [...ORDER_COLUMNS].reverse()) {
      this.schema.raw(`ALTER TABLE orders DROP COLUMN ${name}`)
    }
  }
}
