/*
| Reconciliation benchmark (issue 24 item 7: `ledger:reconcile` over 100,000
| wallets and 10,000,000 ledger entries in < 60 s), on PostgreSQL.
|
| Seeds WALLETS customers with one real USD wallet each, ENTRIES ledger
| entries spread evenly over them (each a credit of 10.00 with its running
| balance_after, so every balance is the sum of its entries and its latest
| entry carries it) and one open position per wallet (margin 10.00, the
| wallet's used margin), with INSERT … SELECT over generate_series; then times
| `reconcileBooks({ kind: 'manual' })` RUNS times and checks it found nothing.
| One planted difference (a balance moved by 1.00 without an entry) must then
| be found. The seeded rows (e-mail @bench-recon.test) are deleted at the end
| (and before seeding, after an interrupted run) unless --keep.
|
|   DB_CONNECTION=pg PG_DB_NAME=bench_h4 npm run bench:reconcile -- [--wallets=100000]
|     [--entries=10000000] [--runs=3] [--keep]
|   --smoke: 100 wallets, 1,000 entries, one run (the same checks).
*/
import 'reflect-metadata'
import { performance } from 'node:perf_hooks'
import os from 'node:os'
import { benchArgs, bootPgBench, expect, isSmoke } from './app_env.js'

const args = benchArgs()
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback)
const SMOKE = isSmoke()
const WALLETS = num('wallets', SMOKE ? 100 : 100_000)
const ENTRIES = num('entries', SMOKE ? 1_000 : 10_000_000)
const RUNS = num('runs', SMOKE ? 1 : 3)

const say = (m: string) => console.log(m)
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const app = await bootPgBench('bench:reconcile', 3504)
const { default: db } = await import('@adonisjs/lucid/services/db')
const { reconcileBooks } = await import('#actions/ledger/reconcile_books')

const OWNERS = `SELECT id FROM users WHERE email LIKE '%@bench-recon.test'`

/** Triggers off (session_replication_role): the per-row counter triggers would update one row per seeded row. */
async function cleanUp() {
  await db.transaction(async (trx) => {
    await trx.rawQuery('SET LOCAL session_replication_role = replica')
    await trx.rawQuery(
      `DELETE FROM ledger_entries WHERE balance_id IN (SELECT id FROM balances WHERE user_id IN (${OWNERS}))`
    )
    await trx.rawQuery(`DELETE FROM orders WHERE user_id IN (${OWNERS})`)
    await trx.rawQuery(`DELETE FROM balances WHERE user_id IN (${OWNERS})`)
    await trx.rawQuery(`DELETE FROM users WHERE email LIKE '%@bench-recon.test'`)
  })
}

await cleanUp()
const perWallet = Math.floor(ENTRIES / WALLETS)
let t = performance.now()
await db.transaction(async (trx) => {
  await trx.rawQuery('SET LOCAL session_replication_role = replica')
  await trx.rawQuery(
    `INSERT INTO users (full_name, email, password, role_id, is_email_verified, is_active, created_at, updated_at)
     SELECT 'Recon ' || g, 'recon' || g || '@bench-recon.test', 'not-a-password-hash', 3, true, true, now(), now()
     FROM generate_series(1, ?) g`,
    [WALLETS]
  )
  // Balance = perWallet × 10.00; used margin = the one open position's 10.00.
  await trx.rawQuery(
    `INSERT INTO balances (user_id, mode, currency, balance, margin, on_hold, version, created_at, updated_at)
     SELECT id, 'real', 'USD', ? * 10, 10, 0, ?, now(), now() FROM users
     WHERE email LIKE '%@bench-recon.test' ORDER BY id`,
    [perWallet, perWallet]
  )
  await trx.rawQuery(
    `CREATE TEMP TABLE recon_wallets ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY b.id) - 1 AS n, b.id, b.user_id
       FROM balances b JOIN users u ON u.id = b.user_id WHERE u.email LIKE '%@bench-recon.test'`
  )
  await trx.rawQuery('CREATE UNIQUE INDEX ON recon_wallets (n)')
  await trx.rawQuery('ANALYZE recon_wallets')
  // Entry g goes to wallet g mod WALLETS as its (g div WALLETS + 1)-th credit: ids rise with the running balance.
  await trx.rawQuery(
    `INSERT INTO ledger_entries (balance_id, type, amount, balance_after, reference_type, description, created_at)
     SELECT w.id, 'deposit', 10, (g / ${WALLETS} + 1) * 10, 'bench', 'Bench credit', now()
     FROM generate_series(0, ? - 1) g
     JOIN recon_wallets w ON w.n = g % ${WALLETS}`,
    [perWallet * WALLETS]
  )
  await trx.rawQuery(
    `INSERT INTO orders (user_id, balance_id, instrument, base_symbol, quote_symbol, kind, type, trade_amount,
                         open_rate, spread, exchange_rate, margin_used, leverage, created_at, updated_at)
     SELECT w.user_id, w.id, 'EUR_USD', 'EUR', 'USD', 'forex', 'buy', 1000, 1.08, 0, 1, 10, 100, now(), now()
     FROM recon_wallets w`
  )
})
await db.rawQuery('ANALYZE users, balances, orders, ledger_entries')
const entries = await db.from('ledger_entries').count('* as n').first()
const wallets = await db.from('balances').count('* as n').first()
say(
  `seeded in ${secs(performance.now() - t)}: ${wallets.n} wallets, ${entries.n} ledger entries in all`
)

/**
 * The differences in this benchmark's wallets: the database may hold other
 * rows whose books nobody keeps (bench:scale's seed writes no ledger), and a
 * smoke run shares CI's database with the other benchmarks.
 */
const ours = new Set(
  (await db.from('balances').whereIn('user_id', db.raw(OWNERS)).select('id')).map((w) => w.id)
)
const own = <D extends { walletId: number | null }>(differences: D[]) =>
  differences.filter((d) => d.walletId !== null && ours.has(d.walletId))

const timings: number[] = []
for (let run = 0; run < RUNS; run++) {
  t = performance.now()
  const result = await reconcileBooks({ kind: 'manual' })
  timings.push(performance.now() - t)
  const found = own(result.differences)
  say(
    `reconcileBooks run ${run + 1}: ${secs(timings[run])}, ${result.wallets} wallets, ` +
      `${found.length} differences (${result.differences.length - found.length} in other wallets of the database)`
  )
  if (found.length) throw new Error(JSON.stringify(found.slice(0, 5)))
}

// A planted difference must be found, at the same cost.
await db.rawQuery(
  `UPDATE balances SET balance = balance + 1 WHERE id = (SELECT min(b.id) FROM balances b WHERE b.user_id IN (${OWNERS}))`
)
t = performance.now()
const planted = await reconcileBooks({ kind: 'manual' })
say(
  `with one planted difference: ${secs(performance.now() - t)}, found ` +
    own(planted.differences)
      .map((d) => `${d.check} on wallet #${d.walletId}`)
      .join(', ')
)
expect(own(planted.differences).length > 0, 'the planted difference was not found')

if (args.get('keep') !== 'true') {
  t = performance.now()
  await cleanUp()
  await db.from('reconciliations').delete()
  say(`seeded rows deleted in ${secs(performance.now() - t)}`)
}
const sorted = [...timings].sort((a, b) => a - b)
say(
  `reconcileBooks: median ${secs(sorted[Math.floor(sorted.length / 2)])}, best ${secs(sorted[0])}`
)
say(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ` +
    `node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`
)
await app.terminate()
