/*
| Pending orders benchmark (issue 23 item 5).
|
| 1. Per tick, in process, no database: PENDING pending orders over
|    INSTRUMENTS instruments in the engine's trigger books (synthetic rows);
|    random-walk quotes that cross nothing (what almost every tick pays), and
|    the book's work on ticks that do cross (entries taken out, no fill).
|
| 2. On PostgreSQL (DB_CONNECTION=pg): the same number of pending rows seeded
|    in the database over INSTRUMENTS seeded instruments and WALLETS
|    customers; `PendingEngine.start()` cold-loads them; then CROSSINGS
|    quotes, one every INTERVAL ms, each crossing one order's trigger: the
|    time from the quote's arrival (priceBook.put) to the fill's commit
|    (`pending.resolved`, published after the commit), and a check that each
|    crossed order filled exactly once and nothing else moved.
|
| The seeded customers (e-mail @bench-pending.test), their wallets, orders
| and pending orders and the instruments Q000_USD… are deleted at the end
| (and before seeding, after an interrupted run).
|
|   npm run bench:pending -- [--pending=100000] [--instruments=500] [--ticks=50000]
|   DB_CONNECTION=pg PG_DB_NAME=test_h2 npm run bench:pending -- [--wallets=1000] [--crossings=300]
|     [--interval=50] [--concurrency=4] [--keep]
|   --smoke: 2,000 pending orders over 20 instruments, 2,000 ticks; on PostgreSQL
|     20 wallets and 10 crossings, 10 ms apart (the same checks).
*/
import 'reflect-metadata'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import os from 'node:os'
import { benchArgs, bootConsoleApp, isSmoke, migrateBooted } from './app_env.js'

const args = benchArgs()
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback)
const SMOKE = isSmoke()
const PENDING = num('pending', SMOKE ? 2_000 : 100_000)
const INSTRUMENTS = num('instruments', SMOKE ? 20 : 500)
const TICKS = num('ticks', SMOKE ? 2_000 : 50_000)
const WALLETS = num('wallets', SMOKE ? 20 : 1_000)
const CROSSINGS = Math.min(num('crossings', SMOKE ? 10 : 300), INSTRUMENTS)
const INTERVAL = num('interval', SMOKE ? 10 : 50)
const CONCURRENCY = num('concurrency', 4)

process.env.NODE_ENV ??= 'development'
process.env.PORT ??= '3499'
process.env.HOST ??= '127.0.0.1'
process.env.APP_KEY ??= 'bench-key-not-secret-0123456789abcdef'
process.env.LOG_LEVEL ??= 'error'
process.env.SESSION_DRIVER ??= 'memory'
process.env.SQLITE_PATH ??= 'tmp/bench-pending.sqlite3'
process.env.MARKET_FEED = 'off'
const ON_PG = process.env.DB_CONNECTION === 'pg'

const say = (m: string) => console.log(m)
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const stats = (values: ArrayLike<number>) => {
  const sorted = Array.from(values).sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length
  const f = (v: number) => (v < 1 ? v.toFixed(4) : v.toFixed(1))
  return `mean ${f(mean)} ms, p50 ${f(at(0.5))} ms, p99 ${f(at(0.99))} ms, max ${f(at(1))} ms`
}

const app = await bootConsoleApp()
if (ON_PG) {
  say(`migrations on ${process.env.PG_DB_NAME}…`)
  await migrateBooted(app)
}
const { PendingEngine } = await import('#services/market/pending_engine')
const { TriggerBooks } = await import('#domain/trigger_book')
const { default: priceBook } = await import('#services/market/price_book')

const names = Array.from({ length: INSTRUMENTS }, (_, i) => `Q${String(i).padStart(3, '0')}_USD`)
const mid = (i: number) => 1 + (i % 50) / 10
const fmt = (n: number) => n.toFixed(5)
const SPREAD = 0.0002
const putQuote = (i: number, bid: number) =>
  priceBook.put({
    name: names[i],
    bids: fmt(bid),
    asks: fmt(bid + SPREAD),
    closeoutBid: fmt(bid),
    closeoutAsk: fmt(bid + SPREAD),
    at: Date.now(),
  })

let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

/**
 * The n-th synthetic order: the four kinds in turn, each 50 to 5,000 points (spread by a hash)
 * on its side of the market (a buy limit below, a buy stop above…), so the
 * walk of ±10 points never reaches one.
 */
const KINDS = [
  ['buy', 'limit', -1],
  ['buy', 'stop', 1],
  ['sell', 'limit', 1],
  ['sell', 'stop', -1],
] as const
function syntheticPrice(n: number) {
  const instrument = n % INSTRUMENTS
  const [type, execution, side] = KINDS[Math.floor(n / INSTRUMENTS) % 4]
  const distance = 0.005 + ((Math.floor(n / INSTRUMENTS) * 7919 + n) % 997) * 0.0005
  return { instrument, type, execution, price: fmt(mid(instrument) + side * distance) }
}

// ---- 1. Per tick, in process.
{
  for (let i = 0; i < INSTRUMENTS; i++) putQuote(i, mid(i))
  const rows = Array.from({ length: PENDING }, (_, n) => {
    const s = syntheticPrice(n)
    return {
      id: n + 1,
      instrument: names[s.instrument],
      type: s.type,
      execution: s.execution,
      price: s.price,
      expires_at: null,
    }
  })
  const engine = new PendingEngine()
  let t = performance.now()
  engine.load(rows)
  const loadMs = performance.now() - t
  const ticks = new Float64Array(TICKS)
  for (let k = 0; k < TICKS; k++) {
    const i = Math.floor(random() * INSTRUMENTS)
    const bid = mid(i) + (random() - 0.5) * 0.002
    const q = {
      name: names[i],
      bids: fmt(bid),
      asks: fmt(bid + SPREAD),
      closeoutBid: fmt(bid),
      closeoutAsk: fmt(bid + SPREAD),
      at: Date.now(),
    }
    t = performance.now()
    engine.onQuote(q)
    ticks[k] = performance.now() - t
  }
  say(
    `pending engine: ${engine.size} pending orders over ${INSTRUMENTS} instruments, loaded into the books in ${loadMs.toFixed(0)} ms`
  )
  say(`per tick, nothing crossed (${TICKS} ticks): ${stats(ticks)}`)
  if (engine.armed !== PENDING) throw new Error(`a tick fired: ${PENDING - engine.armed} taken out`)
  await engine.stop()

  // The book's own work when a tick crosses: 1, 10 and most of a book's entries taken out (then put back).
  const books = new TriggerBooks()
  for (const r of rows) books.add({ ...r, price: Number(r.price) })
  const buyStops = new Map<string, number[]>()
  for (const r of rows) {
    if (r.type !== 'buy' || r.execution !== 'stop') continue
    if (!buyStops.has(r.instrument)) buyStops.set(r.instrument, [])
    buyStops.get(r.instrument)!.push(Number(r.price))
  }
  for (const list of buyStops.values()) list.sort((a, b) => a - b)
  // Warm-up: the first calls run interpreted.
  for (let k = 0; k < 2_000; k++) {
    const name = names[k % INSTRUMENTS]
    const bid = mid(k % INSTRUMENTS)
    for (const f of books.due(name, bid, (buyStops.get(name) ?? [0])[0])) books.add(f)
  }
  const perBook = Math.floor(PENDING / INSTRUMENTS / 4)
  for (const crossing of [1, 10, Math.max(1, Math.floor(perBook * 0.8))]) {
    const times: number[] = []
    for (let k = 0; k < 5_000; k++) {
      const name = names[k % INSTRUMENTS]
      // Buy stops of the instrument, nearest first: an ask at the crossing-th one's price fires exactly those.
      const stops = buyStops.get(name) ?? []
      if (stops.length < crossing) break
      t = performance.now()
      // The bid stays at mid-market: only the buy stops' book is crossed.
      const fired = books.due(name, mid(k % INSTRUMENTS), stops[crossing - 1])
      if (fired.length !== crossing) throw new Error(`crossed ${fired.length}, not ${crossing}`)
      times.push(performance.now() - t)
      for (const f of fired) books.add(f)
    }
    if (times.length) say(`per tick crossing ${crossing} (book only, no fill): ${stats(times)}`)
  }
}

// ---- 2. Quote to committed fill, on PostgreSQL.
if (!ON_PG) {
  say('quote → fill latency: run with DB_CONNECTION=pg PG_DB_NAME=… to measure it')
} else {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { default: marketEvents } = await import('#services/market/market_events')
  const { default: marketClock } = await import('#services/market/market_clock')
  const { DateTime } = await import('luxon')
  // A weekday afternoon: every market open, whatever the day the benchmark runs.
  marketClock.pin(DateTime.fromISO('2026-11-18T15:00:00', { zone: 'America/New_York' }))

  const cleanUp = async () => {
    const owners = `SELECT id FROM users WHERE email LIKE '%@bench-pending.test'`
    await db.rawQuery(`DELETE FROM pending_orders WHERE user_id IN (${owners})`)
    await db.rawQuery(`DELETE FROM users WHERE email LIKE '%@bench-pending.test'`)
    await db.rawQuery(`DELETE FROM instruments WHERE name LIKE 'Q___\\_USD'`)
  }
  await cleanUp()
  let t = performance.now()
  await db.transaction(async (trx) => {
    await trx.rawQuery(
      `INSERT INTO instruments (name, base, quote, category, bids, asks, leverage, tradable, created_at, updated_at)
       SELECT 'Q' || lpad(g::text, 3, '0') || '_USD', 'Q' || lpad(g::text, 3, '0'), 'USD', 'forex',
              1 + (g % 50) / 10.0, 1 + (g % 50) / 10.0 + ${SPREAD}, 100, true, now(), now()
       FROM generate_series(0, ? - 1) g`,
      [INSTRUMENTS]
    )
    await trx.rawQuery(
      `INSERT INTO users (full_name, email, password, role_id, is_email_verified, is_active, created_at, updated_at)
       SELECT 'Pending ' || g, 'pending' || g || '@bench-pending.test', 'not-a-password-hash', 3, true, true, now(), now()
       FROM generate_series(1, ?) g`,
      [WALLETS]
    )
    // Well funded: every fill's margin is carried.
    await trx.rawQuery(
      `INSERT INTO balances (user_id, mode, currency, balance, margin, on_hold, version, created_at, updated_at)
       SELECT id, 'real', 'USD', 1000000000, 0, 0, 0, now(), now() FROM users
       WHERE email LIKE '%@bench-pending.test' ORDER BY id`
    )
    await trx.rawQuery(
      `CREATE TEMP TABLE pending_wallets ON COMMIT DROP AS
         SELECT row_number() OVER (ORDER BY b.id) - 1 AS n, b.id, b.user_id
         FROM balances b JOIN users u ON u.id = b.user_id WHERE u.email LIKE '%@bench-pending.test'`
    )
    await trx.rawQuery('CREATE UNIQUE INDEX ON pending_wallets (n)')
    await trx.rawQuery('ANALYZE pending_wallets')
    // The same synthetic prices as part 1 (n = g): a buy limit below the market, a buy stop above…
    await trx.rawQuery(
      `INSERT INTO pending_orders (user_id, balance_id, instrument_id, instrument, base_symbol, quote_symbol,
                                   kind, type, execution, price, trade_amount, expiry, status, margin_required,
                                   created_at, updated_at)
       SELECT w.user_id, w.id, i.id, i.name, i.base, 'USD', 'forex',
              CASE WHEN (g / ${INSTRUMENTS}) % 4 < 2 THEN 'buy' ELSE 'sell' END,
              CASE WHEN (g / ${INSTRUMENTS}) % 4 IN (0, 2) THEN 'limit' ELSE 'stop' END,
              round((1 + ((g % ${INSTRUMENTS}) % 50) / 10.0
                + (CASE WHEN (g / ${INSTRUMENTS}) % 4 IN (0, 3) THEN -1 ELSE 1 END)
                  * (0.005 + (((g / ${INSTRUMENTS})::bigint * 7919 + g) % 997) * 0.0005))::numeric, 5),
              1000, 'gtc', 'pending', 10, now(), now()
       FROM generate_series(0, ? - 1) g
       JOIN instruments i ON i.name = 'Q' || lpad((g % ${INSTRUMENTS})::text, 3, '0') || '_USD'
       JOIN pending_wallets w ON w.n = g % ${WALLETS}`,
      [PENDING - CROSSINGS]
    )
    // The orders the benchmark crosses: a buy stop 10 points above each of the first CROSSINGS instruments.
    await trx.rawQuery(
      `INSERT INTO pending_orders (user_id, balance_id, instrument_id, instrument, base_symbol, quote_symbol,
                                   kind, type, execution, price, trade_amount, expiry, status, margin_required,
                                   created_at, updated_at)
       SELECT w.user_id, w.id, i.id, i.name, i.base, 'USD', 'forex', 'buy', 'stop',
              1 + (g % 50) / 10.0 + ${SPREAD} + 0.001, 1000, 'gtc', 'pending', 10, now(), now()
       FROM generate_series(0, ? - 1) g
       JOIN instruments i ON i.name = 'Q' || lpad(g::text, 3, '0') || '_USD'
       JOIN pending_wallets w ON w.n = g % ${WALLETS}`,
      [CROSSINGS]
    )
  })
  await db.rawQuery('ANALYZE pending_orders, instruments, users, balances')
  const [{ n: seeded }] = (
    await db.rawQuery(`SELECT count(*)::int AS n FROM pending_orders WHERE status = 'pending'`)
  ).rows
  say(
    `\nPostgreSQL: seeded in ${((performance.now() - t) / 1000).toFixed(1)} s: ${seeded} pending orders ` +
      `(all pending in the database) over ${INSTRUMENTS} instruments and ${WALLETS} wallets`
  )
  // The crossed orders were inserted last.
  const targets: { id: number; instrument: string }[] = (
    await db.rawQuery(
      `SELECT p.id, p.instrument FROM pending_orders p JOIN users u ON u.id = p.user_id
       WHERE u.email LIKE '%@bench-pending.test' ORDER BY p.id DESC LIMIT ?`,
      [CROSSINGS]
    )
  ).rows.reverse()

  for (let i = 0; i < INSTRUMENTS; i++) putQuote(i, mid(i))
  const engine = new PendingEngine()
  t = performance.now()
  await engine.start({ reconcile: false, concurrency: CONCURRENCY })
  say(
    `cold start: ${engine.size} pending orders loaded in ${(engine.lastLoad.ms / 1000).toFixed(2)} s ` +
      `(${engine.armed} armed); RSS ${mb(process.memoryUsage().rss)}`
  )

  const arrived = new Map<number, number>()
  const committed = new Map<number, number>()
  const resolvedTwice: number[] = []
  const off = marketEvents.on('pending.resolved', ({ pendingId }) => {
    if (committed.has(pendingId)) resolvedTwice.push(pendingId)
    committed.set(pendingId, performance.now())
  })
  t = performance.now()
  for (const target of targets) {
    const i = names.indexOf(target.instrument)
    // The ask rises 12 points: over this buy stop (10 points up), far from everything else.
    arrived.set(target.id, performance.now())
    putQuote(i, mid(i) + 0.0012)
    await sleep(INTERVAL)
  }
  await engine.idle()
  const runMs = performance.now() - t
  off()
  const latencies = targets
    .filter((x) => committed.has(x.id))
    .map((x) => committed.get(x.id)! - arrived.get(x.id)!)
  say(
    `quote → committed fill, ${targets.length} crossings one every ${INTERVAL} ms ` +
      `(${CONCURRENCY} fills at once at most): ${stats(latencies)}`
  )
  const filled = (
    await db.rawQuery(
      `SELECT count(*)::int AS pending_filled, count(DISTINCT p.order_id)::int AS orders,
              (SELECT count(*)::int FROM orders o JOIN users u ON u.id = o.user_id
                 WHERE u.email LIKE '%@bench-pending.test') AS positions
       FROM pending_orders p JOIN users u ON u.id = p.user_id
       WHERE u.email LIKE '%@bench-pending.test' AND p.status = 'filled'`
    )
  ).rows[0]
  say(
    `checks: ${filled.pending_filled} filled of ${targets.length} crossed, ${filled.orders} distinct positions, ` +
      `${filled.positions} positions in all, ${resolvedTwice.length} resolved twice, ` +
      `engine stats ${JSON.stringify(engine.stats)} in ${(runMs / 1000).toFixed(1)} s`
  )
  const { fills, queuedMs, runMs: fillMs } = engine.timing
  say(
    `of which: waiting for a free job slot ${(queuedMs / fills).toFixed(1)} ms, ` +
      `fillPendingOrder itself ${(fillMs / fills).toFixed(1)} ms (means over ${fills} fills)`
  )
  if (
    filled.pending_filled !== targets.length ||
    filled.positions !== targets.length ||
    resolvedTwice.length
  ) {
    process.exitCode = 1
    say('FAILED: every crossed order must fill exactly once, and nothing else')
  }
  await engine.stop()
  marketClock.unpin()
  if (args.get('keep') !== 'true') {
    t = performance.now()
    await cleanUp()
    say(`seeded rows deleted in ${((performance.now() - t) / 1000).toFixed(1)} s`)
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
