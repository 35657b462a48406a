/*
| Risk engine book benchmark (issue 22 item 2), on PostgreSQL.
|
| Seeds POSITIONS open orders over WALLETS wallets (one INSERT … SELECT over
| generate_series per table), then measures, in this process:
|
|   - cold start: `RiskEngine.start()` reading the whole book from plain rows,
|     page by page (time, memory, the longest event-loop stall meanwhile);
|   - reconciliation: one whole background pass with the production settings
|     (500 wallets a step, a step every 50 ms), the event loop's delay
|     histogram (perf_hooks monitorEventLoopDelay) over the pass, and the
|     pass's length; then MISSED wallets changed behind the engine's back,
|     which the next pass must find and reload;
|   - per tick: `onQuote` on random instruments of the loaded book.
|
| The seeded customers (e-mail @bench-book.test), their wallets and orders are
| deleted at the end (and before seeding, after an interrupted run).
|
|   DB_CONNECTION=pg PG_DB_NAME=test_d npm run bench:book -- [--positions=1000000] [--wallets=100000]
|     [--instruments=100] [--page=20000] [--ticks=2000] [--missed=10] [--keep]
|   --smoke: 2,000 positions over 200 wallets, pages of 500; the checks must hold.
*/
import 'reflect-metadata'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import os from 'node:os'
import { benchArgs, bootPgBench, expect, isSmoke } from './app_env.js'

const args = benchArgs()
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback)
const SMOKE = isSmoke()
const POSITIONS = num('positions', SMOKE ? 2_000 : 1_000_000)
const WALLETS = num('wallets', SMOKE ? 200 : 100_000)
const INSTRUMENTS = num('instruments', SMOKE ? 10 : 100)
const PAGE = num('page', SMOKE ? 500 : 20_000)
const TICKS = num('ticks', SMOKE ? 200 : 2_000)
const MISSED = num('missed', SMOKE ? 3 : 10)

const say = (m: string) => console.log(m)
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`

const app = await bootPgBench('bench:book', 3404)
const { default: db } = await import('@adonisjs/lucid/services/db')
const { RiskEngine } = await import('#services/market/risk_engine')
const { default: priceBook } = await import('#services/market/price_book')

const names = Array.from({ length: INSTRUMENTS }, (_, i) => `B${String(i).padStart(3, '0')}_USD`)
const mid = (i: number) => 1 + (i % 50) / 10
const fmt = (n: number) => n.toFixed(5)

/**
 * Seeding and cleaning run with triggers off (session_replication_role):
 * the per-row counter triggers on orders and users would update one row a
 * million times in one transaction, and the seeded rows never reach them in
 * either direction, so the counters stay right.
 */
async function cleanUp() {
  await db.transaction(async (trx) => {
    await trx.rawQuery('SET LOCAL session_replication_role = replica')
    const owners = `SELECT id FROM users WHERE email LIKE '%@bench-book.test'`
    await trx.rawQuery(`DELETE FROM orders WHERE user_id IN (${owners})`)
    await trx.rawQuery(`DELETE FROM balances WHERE user_id IN (${owners})`)
    await trx.rawQuery(`DELETE FROM users WHERE email LIKE '%@bench-book.test'`)
  })
}

await cleanUp()
let t = performance.now()
// One transaction: the numbered wallets live in a temporary table of its connection.
await db.transaction(async (trx) => {
  await trx.rawQuery('SET LOCAL session_replication_role = replica')
  await trx.rawQuery(
    `INSERT INTO users (full_name, email, password, role_id, is_email_verified, is_active, created_at, updated_at)
     SELECT 'Book ' || g, 'book' || g || '@bench-book.test', 'not-a-password-hash', 3, true, true, now(), now()
     FROM generate_series(1, ?) g`,
    [WALLETS]
  )
  // Each wallet holds POSITIONS / WALLETS positions of 10 margin each, well funded: nothing closes.
  await trx.rawQuery(
    `INSERT INTO balances (user_id, mode, currency, balance, margin, on_hold, version, created_at, updated_at)
     SELECT id, 'real', 'USD', 1000000, 0, 0, 0, now(), now() FROM users
     WHERE email LIKE '%@bench-book.test' ORDER BY id`
  )
  await trx.rawQuery(
    `CREATE TEMP TABLE book_wallets ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY b.id) AS n, b.id, b.user_id
       FROM balances b JOIN users u ON u.id = b.user_id WHERE u.email LIKE '%@bench-book.test'`
  )
  await trx.rawQuery('CREATE UNIQUE INDEX ON book_wallets (n)')
  // Without statistics the planner joins the series to it by a nested loop: hours at a million.
  await trx.rawQuery('ANALYZE book_wallets')
  await trx.rawQuery(
    `INSERT INTO orders (user_id, balance_id, instrument, base_symbol, quote_symbol, kind, type, trade_amount,
                         open_rate, spread, exchange_rate, margin_used, leverage, profit, loss, created_at, updated_at)
     SELECT w.user_id, w.id, 'B' || lpad((g % ${INSTRUMENTS})::text, 3, '0') || '_USD', 'B', 'USD', 'forex',
            CASE WHEN g % 2 = 0 THEN 'buy' ELSE 'sell' END, 10000, s.open, 2, 1, 10, 100,
            CASE WHEN g % 2 = 0 THEN s.open * 2 ELSE round(s.open / 2, 5) END,
            CASE WHEN g % 2 = 0 THEN round(s.open / 2, 5) ELSE s.open * 2 END, now(), now()
     FROM generate_series(1, ?) g
     CROSS JOIN LATERAL (SELECT (1 + ((g % ${INSTRUMENTS}) % 50) / 10.0)::numeric AS open) s
     JOIN book_wallets w ON w.n = 1 + (g % ${WALLETS})`,
    [POSITIONS]
  )
  await trx.rawQuery(
    `UPDATE balances b SET margin = m.margin FROM (
       SELECT o.balance_id, sum(o.margin_used) AS margin FROM orders o
       JOIN book_wallets w ON w.id = o.balance_id GROUP BY o.balance_id) m
     WHERE b.id = m.balance_id`
  )
})
await db.rawQuery('ANALYZE users, balances, orders')
const seedMs = performance.now() - t
const open = await db.from('orders').whereNull('close_time').whereNull('deleted_at').count('* as n')
say(`seeded in ${(seedMs / 1000).toFixed(1)} s: ${open[0].n} open orders over ${WALLETS} wallets`)

for (const [i, name] of names.entries()) {
  priceBook.put({
    name,
    bids: fmt(mid(i)),
    asks: fmt(mid(i) + 0.0002),
    closeoutBid: fmt(mid(i)),
    closeoutAsk: fmt(mid(i) + 0.0002),
    at: Date.now(),
  })
}

// Cold start.
global.gc?.()
const heapBefore = process.memoryUsage()
const loop = monitorEventLoopDelay({ resolution: 1 })
loop.enable()
const engine = new RiskEngine()
const cpuBefore = process.cpuUsage()
t = performance.now()
await engine.start({ pageSize: PAGE, reconcile: { walletsPerStep: 500, stepMs: 50 } })
const coldMs = performance.now() - t
const coldCpu = process.cpuUsage(cpuBefore)
const coldStall = loop.max / 1e6
global.gc?.()
const heapAfter = process.memoryUsage()
say(
  `cold start: ${(coldMs / 1000).toFixed(2)} s for ${engine.size} positions, ${engine.wallets} wallets ` +
    `(pages of ${PAGE}: orders ${(engine.lastLoad.ordersMs / 1000).toFixed(2)} s, wallets ` +
    `${(engine.lastLoad.walletsMs / 1000).toFixed(2)} s); this process's CPU ` +
    `${((coldCpu.user + coldCpu.system) / 1e6).toFixed(2)} s; longest event-loop stall meanwhile ${coldStall.toFixed(0)} ms`
)
say(
  `memory: heap +${mb(heapAfter.heapUsed - heapBefore.heapUsed)} (${mb(heapAfter.heapUsed)} used), ` +
    `RSS ${mb(heapAfter.rss)}`
)

// One whole background pass, timed by the reconciler itself, under the delay monitor.
const reconciler = engine.reconciler!
loop.reset()
reconciler.longestSyncMs = 0
const passesBefore = reconciler.passes
const stepsBefore = reconciler.steps
while (reconciler.passes < passesBefore + 2) await sleep(100)
const pass = {
  ms: reconciler.lastPassMs,
  steps: (reconciler.steps - stepsBefore) / 2,
  max: loop.max / 1e6,
  p99: loop.percentile(99) / 1e6,
  mean: loop.mean / 1e6,
}
say(
  `reconciliation pass: ${(pass.ms / 1000).toFixed(1)} s, ${pass.steps} steps; event-loop delay ` +
    `mean ${pass.mean.toFixed(1)} ms, p99 ${pass.p99.toFixed(1)} ms, max ${pass.max.toFixed(1)} ms; ` +
    `longest synchronous stretch of a step ${reconciler.longestSyncMs.toFixed(1)} ms; ` +
    `repairs ${engine.repairs} (expected 0)`
)
expect(engine.size >= POSITIONS, `the engine holds ${engine.size} positions, not ${POSITIONS}`)
expect(engine.repairs === 0, 'a pass over an unchanged book repaired nothing')

// Missed events: wallets changed behind the engine's back are found by the next pass.
const victims = await db
  .from('balances as b')
  .join('users as u', 'u.id', 'b.user_id')
  .where('u.email', 'like', '%@bench-book.test')
  .orderByRaw('random()')
  .limit(MISSED)
  .select('b.id')
await db
  .from('balances')
  .whereIn(
    'id',
    victims.map((v) => v.id)
  )
  .update({ balance: 999_999 })
const repairsBefore = engine.repairs
const passesNow = reconciler.passes
t = performance.now()
// Three passes, and at least the reconciler's grace (2 s) before a suspect is reloaded: a small book's pass is shorter.
while (
  engine.repairs < repairsBefore + MISSED &&
  (reconciler.passes < passesNow + 3 || performance.now() - t < 5_000)
)
  await sleep(50)
say(
  `missed events: ${engine.repairs - repairsBefore} of ${MISSED} changed wallets reloaded ` +
    `${((performance.now() - t) / 1000).toFixed(1)} s after the change`
)
expect(
  engine.repairs - repairsBefore >= MISSED,
  'every wallet changed behind the engine is reloaded'
)
await reconciler.stop()

// Per tick.
let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const ticks = new Float64Array(TICKS)
for (let k = 0; k < TICKS; k++) {
  const i = Math.floor(random() * INSTRUMENTS)
  const bid = mid(i) + (random() - 0.5) * 0.002
  const q = {
    name: names[i],
    bids: fmt(bid),
    asks: fmt(bid + 0.0002),
    closeoutBid: fmt(bid),
    closeoutAsk: fmt(bid + 0.0002),
    at: Date.now(),
  }
  const start = performance.now()
  engine.onQuote(q)
  ticks[k] = performance.now() - start
}
const sorted = Array.from(ticks).sort((a, b) => a - b)
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
say(
  `per tick (${(POSITIONS / INSTRUMENTS).toFixed(0)} positions an instrument): ` +
    `mean ${(sorted.reduce((s, v) => s + v, 0) / sorted.length).toFixed(3)} ms, ` +
    `p50 ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms, max ${at(1).toFixed(3)} ms`
)

await engine.stop()
loop.disable()
if (args.get('keep') !== 'true') {
  t = performance.now()
  await cleanUp()
  say(`seeded rows deleted in ${((performance.now() - t) / 1000).toFixed(1)} s`)
}
say(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${mb(os.totalmem())}, node ${process.version}, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`
)
await app.terminate()
