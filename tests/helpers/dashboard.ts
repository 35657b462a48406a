import db from '@adonisjs/lucid/services/db'
import { ROLLUP_TABLE, backfill } from '#database/rollups/dashboard_daily'
import { money } from '#domain/money'

const FRESH = 'dashboard_daily_fresh'

/**
 * The rows where the trigger-kept rollup differs from one computed afresh
 * from the source tables (empty when they agree). Rows summing to nothing
 * (a day whose only trade was deleted) count as absent; amounts are compared
 * to 6 decimals, since SQLite adds its decimal columns as floats.
 */
export async function rollupDrift() {
  const dialect = db.connection().dialect.name === 'postgres' ? 'postgres' : 'sqlite'
  await db.rawQuery(`DROP TABLE IF EXISTS ${FRESH}`)
  await db.rawQuery(
    `CREATE TEMPORARY TABLE ${FRESH} (day varchar(10), metric varchar(12), mode varchar(8), currency varchar(8),
      kind varchar(16), count bigint NOT NULL DEFAULT 0, amount decimal(24, 8) NOT NULL DEFAULT 0,
      PRIMARY KEY (day, metric, mode, currency, kind))`
  )
  try {
    for (const sql of backfill(dialect, FRESH)) await db.rawQuery(sql)
    const key = (r: any) => [r.day, r.metric, r.mode, r.currency, r.kind].join('|')
    const read = async (table: string) =>
      new Map(
        (await db.from(table).select('*'))
          .filter((r: any) => Number(r.count) !== 0 || !money(String(r.amount)).isZero())
          .map((r: any) => [
            key(r),
            {
              count: Number(r.count),
              amount: money(String(r.amount)).toDecimalPlaces(6).toFixed(6),
            },
          ])
      )
    const kept = await read(ROLLUP_TABLE)
    const fresh = await read(FRESH)
    const drift: { key: string; kept?: unknown; fresh?: unknown }[] = []
    for (const k of new Set([...kept.keys(), ...fresh.keys()])) {
      if (JSON.stringify(kept.get(k)) !== JSON.stringify(fresh.get(k)))
        drift.push({ key: k, kept: kept.get(k), fresh: fresh.get(k) })
    }
    return drift
  } finally {
    await db.rawQuery(`DROP TABLE IF EXISTS ${FRESH}`)
  }
}
