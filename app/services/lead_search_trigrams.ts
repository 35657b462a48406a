import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { LEAD_SEARCH_COLUMNS } from '#queries/lead_search'

/** About this many leads are sampled: shares to within a percent, read in about a second at 2,000,000 leads. */
const SAMPLE_ROWS = 20_000

/** Trigrams rarer than this are not kept: absent means rare (#domain/search_pieces). */
const KEPT_SHARE = 0.005

/** Refreshed when the stored figures are older than this. */
export const TRIGRAM_STATS_MAX_AGE_HOURS = 24

/**
 * Refills `lead_search_trigrams` from a sample of the leads when its figures
 * are older than `maxAgeHours` (or always, with 0), on PostgreSQL only.
 * Several web processes run it on their housekeeping timers: a transaction
 * advisory lock lets one of them do it and the others skip; the freshness is
 * read under that lock. Answers whether it refilled.
 */
export async function refreshLeadSearchTrigrams(
  maxAgeHours = TRIGRAM_STATS_MAX_AGE_HOURS
): Promise<boolean> {
  if (db.connection().dialect.name !== 'postgres') return false
  return db.transaction(async (trx) => {
    const lock = await trx.rawQuery(
      "SELECT pg_try_advisory_xact_lock(hashtext('lead_search_trigrams')) AS held"
    )
    if (!lock.rows[0].held) return false
    const fresh = await trx.rawQuery(
      `SELECT 1 FROM lead_search_trigrams
       WHERE refreshed_at > now() - make_interval(hours => ?) LIMIT 1`,
      [maxAgeHours]
    )
    if (fresh.rows.length > 0) return false
    await trx.from('lead_search_trigrams').delete()
    await trx.rawQuery(refillSql(), [await samplePercent(trx), KEPT_SHARE])
    return true
  })
}

/** The percentage of the table's pages to sample for about SAMPLE_ROWS leads (all of a small table). */
async function samplePercent(trx: QueryClientContract): Promise<number> {
  const estimate = await trx.rawQuery(
    "SELECT reltuples FROM pg_class WHERE oid = 'leads'::regclass"
  )
  const rows = Number(estimate.rows[0]?.reltuples ?? -1)
  if (rows <= SAMPLE_ROWS) return 100
  return Math.max(0.01, (100 * SAMPLE_ROWS) / rows)
}

/** One statement: the sample, each column's distinct trigrams per row, counted and kept when common. */
function refillSql() {
  const columns = Object.entries(LEAD_SEARCH_COLUMNS)
  const sampled = columns.map(([name, expression]) => `${expression} AS ${name}`).join(', ')
  const counted = columns
    .map(
      ([name]) =>
        `SELECT '${name}' AS column_name, t AS trigram, count(*) AS hits
         FROM sample, unnest(show_trgm(sample.${name})) t GROUP BY t`
    )
    .join(' UNION ALL ')
  return `WITH sample AS (SELECT ${sampled} FROM leads TABLESAMPLE SYSTEM (?)),
               size AS (SELECT count(*)::float8 AS n FROM sample)
          INSERT INTO lead_search_trigrams (column_name, trigram, share, refreshed_at)
          SELECT c.column_name, c.trigram, c.hits / size.n, now()
          FROM (${counted}) c CROSS JOIN size
          WHERE size.n > 0 AND c.hits / size.n >= ?`
}
