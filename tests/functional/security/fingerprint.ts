import db from '@adonisjs/lucid/services/db'

/**
 * A cheap fingerprint of every table, read in one query: its row count, its
 * largest id, its latest `updated_at`, how many rows have each other `*_at`
 * column set (used_at, read_at, decided_at …) and the sum of `version`
 * (balances). A refused request must leave it unchanged.
 *
 * Tables that record refusals on purpose (throttles, failed logins) are
 * named in `RECORDS_REFUSALS` and left out.
 */
export const RECORDS_REFUSALS = new Set(['adonis_schema', 'adonis_schema_versions', 'rate_limits'])

let query: string | null = null

async function tables(): Promise<string[]> {
  if (db.connection().dialect.name === 'postgres') {
    const result = await db.rawQuery(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'"
    )
    return result.rows.map((r: { name: string }) => r.name)
  }
  const rows = await db.rawQuery(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
  )
  return rows.map((r: { name: string }) => r.name)
}

async function columns(table: string): Promise<string[]> {
  if (db.connection().dialect.name === 'postgres') {
    const result = await db.rawQuery(
      'select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ?',
      [table]
    )
    return result.rows.map((r: { name: string }) => r.name)
  }
  const rows = await db.rawQuery(`pragma table_info("${table}")`)
  return rows.map((r: { name: string }) => r.name)
}

async function buildQuery() {
  const parts: string[] = []
  for (const table of (await tables()).sort()) {
    if (RECORDS_REFUSALS.has(table)) continue
    const cols = await columns(table)
    const text = (expr: string) => `coalesce(cast(${expr} as varchar(64)), '')`
    const exprs = [text('count(*)')]
    if (cols.includes('id')) exprs.push(text('max(id)'))
    if (cols.includes('updated_at')) exprs.push(text('max(updated_at)'))
    if (cols.includes('version')) exprs.push(text('sum(version)'))
    for (const col of cols) {
      if (col.endsWith('_at') && col !== 'updated_at' && col !== 'created_at')
        exprs.push(text(`count(${col})`))
    }
    parts.push(`select '${table}' as t, ${exprs.join(` || '|' || `)} as f from "${table}"`)
  }
  return parts.join(' union all ')
}

/** "table: count|maxId|…" lines, one per table. */
export async function fingerprint(): Promise<Record<string, string>> {
  query ??= await buildQuery()
  const result = await db.rawQuery(query)
  const rows: { t: string; f: string }[] = Array.isArray(result) ? result : result.rows
  return Object.fromEntries(rows.map((r) => [r.t, r.f]))
}

/**
 * The database's own count of rows this connection wrote (PostgreSQL: the current transaction's
 * row statistics, tables that record refusals left out; SQLite: total_changes()). Reading it costs
 * one small query; it moves on any write, even one a savepoint later undid.
 */
async function writeCount(): Promise<string> {
  if (db.connection().dialect.name === 'postgres') {
    const skipped = [...RECORDS_REFUSALS].map((t) => `'${t}'`).join(', ')
    const result = await db.rawQuery(
      `select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text as n
         from pg_stat_xact_user_tables where relname not in (${skipped})`
    )
    return result.rows[0].n
  }
  const rows = await db.rawQuery('select total_changes() as n')
  return String(rows[0].n)
}

/**
 * Runs `send` (a request served in the test's global transaction) inside a savepoint and, when
 * `refused` says its answer was a refusal, returns the tables it changed. The write count decides
 * first: unchanged, nothing was written and no table is read. When it moved, the fingerprint
 * after the request is compared with the fingerprint once the savepoint is rolled back — the tables
 * as they were before it — so the verdict is the fingerprint's, at a fraction of its reads.
 */
export async function tablesWrittenBy<T>(
  send: () => Promise<T>,
  refused: (answer: T) => boolean
): Promise<{ answer: T; changed: string[] }> {
  const count = await writeCount()
  await db.rawQuery('savepoint refusal_check')
  let answer: T
  try {
    answer = await send()
  } catch (error) {
    await db.rawQuery('release savepoint refusal_check')
    throw error
  }
  if (!refused(answer) || (await writeCount()) === count) {
    await db.rawQuery('release savepoint refusal_check')
    return { answer, changed: [] }
  }
  const after = await fingerprint()
  await db.rawQuery('rollback to savepoint refusal_check')
  const before = await fingerprint()
  await db.rawQuery('release savepoint refusal_check')
  return { answer, changed: changedTables(before, after) }
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t])
}
