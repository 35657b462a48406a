/*
| Rollover benchmark (issue 24 item 1), on PostgreSQL.
|
| Seeds POSITIONS open positions over WALLETS wallets (one in ten in EUR, the
| rest in USD) spread over every seeded instrument, all opened before the
| benchmark's rollover day, in 21 sizes from 1,000 to 300,000 units (one
| INSERT … SELECT over generate_series per table), gives the instruments swap rates, then times in this process:
|
|   - the whole rollover of that day through `applyRollover` (each size of
|     position priced once into the run's price list, then batches of 2,000
|     in id order in two lanes of wallets, each batch one transaction: the
|     wallets locked, then one statement that joins the positions to the
|     price list and writes claims, wallets, ledger entries and the day's
|     count), the longest
|     event-loop stall meanwhile (perf_hooks monitorEventLoopDelay), and the
|     database's work: rows written per position by table (inserted, updated,
|     updated in place), the write-ahead log's bytes (the whole cluster's:
|     other databases' writes meanwhile count too), the checkpoints taken and
|     the buffers backends wrote themselves, and the server's settings;
|     `--wal-stats` lists the log's records by kind (needs pg_walinspect);
|   - the same day run again (charges nothing: every claim conflicts);
|   - the books afterwards: one claim and one ledger entry per position, and
|     every wallet's balance moved by exactly its entries.
|
| The seeded customers (e-mail @bench-rollover.test) and everything they own
| are deleted at the end (and before seeding, after an interrupted run); the
| instruments' swap rates are put back. --smoke: 500 positions over 50
| wallets, and the books' checks must hold (the run fails otherwise).
|
|   DB_CONNECTION=pg PG_DB_NAME=test_d npm run bench:rollover -- [--positions=1000000] [--wallets=100000]
|     [--date=2025-06-10] [--keep] [--wal-stats]
*/
import 'reflect-metadata'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import os from 'node:os'
import { benchArgs, bootPgBench, expect, isSmoke } from './app_env.js'

const args = benchArgs()
const POSITIONS = Number(args.get('positions') ?? (isSmoke() ? 500 : 1_000_000))
const WALLETS = Number(args.get('wallets') ?? (isSmoke() ? 50 : 100_000))
/** A Tuesday: every category rolls one day. */
const DATE = args.get('date') ?? '2025-06-10'
const FUNDS = 1_000_000

const say = (m: string) => console.log(m)
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const app = await bootPgBench('bench:rollover', 3405)
const { default: db } = await import('@adonisjs/lucid/services/db')
const { applyRollover } = await import('#actions/swaps/apply_rollover')
const { rolloverInstant } = await import('#domain/swaps')

/** The write-ahead log's position: the bytes between two readings are the database's writes. */
async function walPosition(): Promise<string> {
  return (await db.rawQuery('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn
}
async function walSince(lsn: string): Promise<number> {
  return Number(
    (await db.rawQuery('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), ?)::bigint AS bytes', [lsn]))
      .rows[0].bytes
  )
}

/** With --wal-stats and the pg_walinspect extension: the log's records by kind since `lsn`. */
async function printWalStats(lsn: string) {
  const rows = (
    await db.rawQuery(
      `SELECT "resource_manager/record_type" AS kind, count, combined_size, fpi_size
         FROM pg_get_wal_stats(?::pg_lsn, pg_current_wal_lsn(), true)
        WHERE count > 0 ORDER BY combined_size DESC LIMIT 15`,
      [lsn]
    )
  ).rows
  for (const r of rows)
    say(
      `  ${r.kind}: ${r.count} records, ${mb(Number(r.combined_size))} (full pages ${mb(Number(r.fpi_size))})`
    )
}

/** Checkpoints the server took, and buffers its backends had to write out themselves (no room in shared buffers). */
async function checkpoints() {
  const [r] = (
    await db.rawQuery(
      'SELECT checkpoints_timed + checkpoints_req AS n, checkpoints_req AS req, buffers_backend AS backend FROM pg_stat_bgwriter'
    )
  ).rows
  return { n: Number(r.n), req: Number(r.req), backend: Number(r.backend) }
}

/** The server settings that decide the cost of a write-heavy run (a checkpoint makes each page's next change log a full page). */
async function serverSettings() {
  const rows = (
    await db.rawQuery(
      `SELECT name, setting, unit FROM pg_settings
        WHERE name IN ('shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'wal_compression', 'full_page_writes')
        ORDER BY name`
    )
  ).rows
  return rows
    .map((r: Record<string, string>) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`)
    .join(', ')
}

/** Rows inserted and updated (and updated in place, HOT) per table, from this database's statistics. */
async function rowWrites() {
  // Other connections publish their counts within a second of going idle.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const rows = (
    await db.rawQuery(
      `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables
        WHERE relname IN ('orders', 'balances', 'swap_charges', 'ledger_entries') ORDER BY relname`
    )
  ).rows
  return new Map<string, { ins: number; upd: number; hot: number }>(
    rows.map((r: Record<string, string>) => [
      r.relname,
      { ins: Number(r.n_tup_ins), upd: Number(r.n_tup_upd), hot: Number(r.n_tup_hot_upd) },
    ])
  )
}

const OWNERS = `SELECT id FROM users WHERE email LIKE '%@bench-rollover.test'`

/** Seeding and cleaning skip the per-row counter triggers, as bench:book does (the counters never see these rows). */
async function cleanUp() {
  await db.transaction(async (trx) => {
    await trx.rawQuery('SET LOCAL session_replication_role = replica')
    const wallets = `SELECT id FROM balances WHERE user_id IN (${OWNERS})`
    await trx.rawQuery(`DELETE FROM swap_charges WHERE balance_id IN (${wallets})`)
    await trx.rawQuery(`DELETE FROM ledger_entries WHERE balance_id IN (${wallets})`)
    await trx.rawQuery(`DELETE FROM orders WHERE user_id IN (${OWNERS})`)
    await trx.rawQuery(`DELETE FROM balances WHERE user_id IN (${OWNERS})`)
    await trx.rawQuery(`DELETE FROM users WHERE email LIKE '%@bench-rollover.test'`)
    await trx.rawQuery('DELETE FROM rollovers WHERE rollover_date = ?', [DATE])
  })
}

await cleanUp()
const instruments = await db
  .from('instruments')
  .whereNotNull('bids')
  .whereNotNull('asks')
  .select('id', 'swap_long', 'swap_short')
if (instruments.length === 0) throw new Error('no priced instruments: seed the demo data first')
const openedAt = rolloverInstant(DATE).minus({ days: 5 }).toSQL({ includeOffset: false })

let t = performance.now()
await db.transaction(async (trx) => {
  await trx.rawQuery('SET LOCAL session_replication_role = replica')
  await trx.rawQuery(
    `INSERT INTO users (full_name, email, password, role_id, is_email_verified, is_active, created_at, updated_at)
     SELECT 'Rollover ' || g, 'rollover' || g || '@bench-rollover.test', 'not-a-password-hash', 3, true, true, now(), now()
     FROM generate_series(1, ?) g`,
    [WALLETS]
  )
  await trx.rawQuery(
    `INSERT INTO balances (user_id, mode, currency, balance, margin, on_hold, version, created_at, updated_at)
     SELECT id, 'real', CASE WHEN id % 10 = 0 THEN 'EUR' ELSE 'USD' END, ${FUNDS}, 0, 0, 0, now(), now()
     FROM users WHERE email LIKE '%@bench-rollover.test' ORDER BY id`
  )
  await trx.rawQuery(
    `CREATE TEMP TABLE rollover_wallets ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY b.id) AS n, b.id, b.user_id
       FROM balances b WHERE b.user_id IN (${OWNERS})`
  )
  await trx.rawQuery(
    `CREATE TEMP TABLE rollover_instruments ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS n, name, base, quote, category, bids
       FROM instruments WHERE bids IS NOT NULL AND asks IS NOT NULL`
  )
  await trx.rawQuery('CREATE UNIQUE INDEX ON rollover_wallets (n)')
  await trx.rawQuery('CREATE UNIQUE INDEX ON rollover_instruments (n)')
  await trx.rawQuery('ANALYZE rollover_wallets')
  await trx.rawQuery('ANALYZE rollover_instruments')
  await trx.rawQuery(
    `INSERT INTO orders (user_id, balance_id, instrument, base_symbol, quote_symbol, kind, type, trade_amount,
                         open_rate, spread, exchange_rate, margin_used, leverage, created_at, updated_at)
     SELECT w.user_id, w.id, i.name, i.base, i.quote, i.category,
            CASE WHEN g % 2 = 0 THEN 'buy' ELSE 'sell' END, (ARRAY[1000, 2000, 5000, 10000, 20000, 50000, 100000])[1 + g % 7] * (1 + g % 3), i.bids, 0, 1, 10, 100, ?, ?
     FROM generate_series(1, ?) g
     JOIN rollover_wallets w ON w.n = 1 + (g % ${WALLETS})
     JOIN rollover_instruments i ON i.n = g % ${instruments.length}`,
    [openedAt, openedAt, POSITIONS]
  )
  // Every instrument charges longs 2.5 % and shorts 1.2 % a year for the run.
  await trx.from('instruments').update({ swap_long: '-2.5', swap_short: '-1.2' })
})
await db.rawQuery('ANALYZE users, balances, orders')
say(
  `seeded in ${seconds(performance.now() - t)}: ${POSITIONS} positions over ${WALLETS} wallets ` +
    `and ${instruments.length} instruments, opened ${openedAt} UTC`
)

try {
  const loop = monitorEventLoopDelay({ resolution: 1 })
  loop.enable()
  const cpu = process.cpuUsage()
  t = performance.now()
  // Each stretch of the loop above 50 ms, with the CPU this process used in it: a stretch with little
  // CPU is the OS running other processes (a shared machine), not this process's own work.
  let lastAt = performance.now()
  let lastCpu = process.cpuUsage()
  const stretches: { ms: number; cpuMs: number }[] = []
  const watch = setInterval(() => {
    const at = performance.now()
    const cpuNow = process.cpuUsage()
    const cpuMs = (cpuNow.user - lastCpu.user + cpuNow.system - lastCpu.system) / 1000
    if (at - lastAt > 55) stretches.push({ ms: at - lastAt - 5, cpuMs })
    lastAt = at
    lastCpu = cpuNow
  }, 5)
  const walBefore = await walPosition()
  const rowsBefore = await rowWrites()
  const checkpointsBefore = await checkpoints()
  const first = await applyRollover(DATE)
  const walBytes = await walSince(walBefore)
  const checkpointsAfter = await checkpoints()
  const rowsAfter = await rowWrites()
  if (args.get('wal-stats') === 'true') await printWalStats(walBefore)
  say(
    `row writes a position: ${[...rowsAfter]
      .map(([table, after]) => {
        const before = rowsBefore.get(table)!
        const per = (n: number) => (n / Math.max(1, first.charged)).toFixed(2)
        return `${table} ${per(after.ins - before.ins)} inserted, ${per(after.upd - before.upd)} updated (${per(after.hot - before.hot)} in place)`
      })
      .join('; ')}`
  )
  clearInterval(watch)
  const firstMs = performance.now() - t
  const used = process.cpuUsage(cpu)
  loop.disable()
  say(
    `rollover ${DATE}: ${first.charged} positions charged in ${seconds(firstMs)} ` +
      `(${Math.round(first.charged / (firstMs / 1000))} a second); this process's CPU ` +
      `${((used.user + used.system) / 1e6).toFixed(1)} s; event-loop delay mean ` +
      `${(loop.mean / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, ` +
      `max ${(loop.max / 1e6).toFixed(1)} ms; totals ${JSON.stringify(first.totals)}`
  )
  say(
    `PostgreSQL's write-ahead log: ${mb(walBytes)} for the rollover ` +
      `(${Math.round(walBytes / Math.max(1, first.charged))} bytes a position; the whole cluster's log); ` +
      `checkpoints during it ${checkpointsAfter.n - checkpointsBefore.n} ` +
      `(${checkpointsAfter.req - checkpointsBefore.req} forced by the log's size), ` +
      `buffers written by backends ${checkpointsAfter.backend - checkpointsBefore.backend}`
  )
  say(`server: ${await serverSettings()}`)

  const ownWork = Math.max(0, ...stretches.map((s) => s.cpuMs))
  say(
    `stretches above 50 ms: ${stretches.length}; the longest ${Math.max(0, ...stretches.map((s) => s.ms)).toFixed(0)} ms; ` +
      `the most CPU this process used in any of them ${ownWork.toFixed(0)} ms`
  )

  loop.reset()
  loop.enable()
  t = performance.now()
  const again = await applyRollover(DATE)
  loop.disable()
  say(
    `the same day again: ${again.charged} charged in ${seconds(performance.now() - t)}; ` +
      `event-loop delay max ${(loop.max / 1e6).toFixed(1)} ms`
  )

  const [check] = (
    await db.rawQuery(
      `SELECT
         (SELECT count(*) FROM swap_charges c WHERE c.rollover_date = ? AND c.ledger_entry_id IS NOT NULL
            AND c.balance_id IN (SELECT id FROM balances WHERE user_id IN (${OWNERS}))) AS charges,
         (SELECT count(*) FROM ledger_entries e WHERE e.type = 'swap'
            AND e.balance_id IN (SELECT id FROM balances WHERE user_id IN (${OWNERS}))) AS entries,
         (SELECT count(*) FROM balances b WHERE b.user_id IN (${OWNERS}) AND b.balance <> ${FUNDS} + COALESCE(
            (SELECT sum(amount) FROM ledger_entries e WHERE e.balance_id = b.id), 0)) AS drifted,
         (SELECT count(*) FROM balances b WHERE b.user_id IN (${OWNERS}) AND b.balance <> (
            SELECT e.balance_after FROM ledger_entries e WHERE e.balance_id = b.id ORDER BY e.id DESC LIMIT 1)) AS stale`,
      [DATE]
    )
  ).rows
  say(
    `books: ${check.charges} claims linked to entries, ${check.entries} swap entries, ` +
      `${check.drifted} wallets whose balance differs from their entries, ${check.stale} whose latest ` +
      `entry's balance_after differs from their balance (expected 0 and 0)`
  )
  expect(again.charged === 0, 'the same day again charged something')
  expect(
    Number(check.charges) > 0 && Number(check.charges) === Number(check.entries),
    'every claim has one ledger entry'
  )
  expect(Number(check.drifted) === 0 && Number(check.stale) === 0, 'balances match their entries')
} finally {
  await db.from('instruments').update({ swap_long: null, swap_short: null })
  for (const i of instruments) {
    if (i.swap_long !== null || i.swap_short !== null)
      await db
        .from('instruments')
        .where('id', i.id)
        .update({ swap_long: i.swap_long, swap_short: i.swap_short })
  }
  if (args.get('keep') !== 'true') {
    t = performance.now()
    await cleanUp()
    say(`seeded rows deleted in ${seconds(performance.now() - t)}`)
  }
}
say(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${mb(os.totalmem())}, node ${process.version}, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`
)
await app.terminate()
