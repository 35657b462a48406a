import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  ROLLUP_TABLE,
  backfill,
  createTriggers,
  dropTriggers,
  type Dialect,
} from '#database/rollups/dashboard_daily'

/**
 * The dashboard's daily rollup (database/rollups/dashboard_daily.ts): per UTC
 * day, wallet mode, currency and market kind, the trades opened, the P/L
 * realized, the deposits and withdrawals approved and the customers
 * registered, kept by triggers in the writer's transaction. The dashboard sums
 * it for any range of days (a few thousand rows at most) instead of
 * aggregating a million orders: measured in docs/BENCHMARKS.md.
 *
 * Its primary key (day first) is the only index the dashboard needs: a range
 * reads its days, "all time" the whole (small) table.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable(ROLLUP_TABLE, (table) => {
      table.string('day', 10).notNullable()
      table.string('metric', 12).notNullable()
      table.string('mode', 8).notNullable()
      table.string('currency', 8).notNullable()
      table.string('kind', 16).notNullable()
      table.bigInteger('count').notNullable().defaultTo(0)
      table.decimal('amount', 24, 8).notNullable().defaultTo('0')
      table.primary(['day', 'metric', 'mode', 'currency', 'kind'])
    })
    const dialect = this.dialect()
    // Today's rows are updated by every order, deposit decision and sign-up: room left in each page
    // lets PostgreSQL update them in place (HOT), without a new index entry per write.
    if (dialect === 'postgres') this.schema.raw(`ALTER TABLE ${ROLLUP_TABLE} SET (fillfactor = 70)`)
    for (const sql of createTriggers(dialect)) this.schema.raw(sql)
    // Rows written before this migration.
    for (const sql of backfill(dialect)) this.schema.raw(sql)
  }

  async down() {
    for (const sql of dropTriggers(this.dialect())) this.schema.raw(sql)
    this.schema.dropTable(ROLLUP_TABLE)
  }

  private dialect(): Dialect {
    return this.db.dialect.name === 'postgres' ? 'postgres' : 'sqlite'
  }
}
