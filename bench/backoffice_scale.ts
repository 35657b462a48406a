/*
| npm run bench:scale -- [--seed=auto|always|never] [--rounds=300] [--warmup=30] [--port=3461]
|     [--customers=100000] [--orders=1000000] [--deposits=200000] [--withdrawals=50000]
|     [--drop] [--json=path] [--build=0] [--direct=0] [--writers=8] [--write-seconds=10] [--smoke]
|
| The back office at scale (issue 11 item 9), on PostgreSQL: the dashboard's
| aggregates and the trades list with 1,000,000 orders and 200,000 deposits.
| Goals: any list page p99 < 50 ms, the dashboard < 250 ms for any range.
|
|   1. The database `bench_scale` (PG_HOST/PG_PORT/PG_USER): with --seed=auto
|      (default) it is (re)built when it does not hold the asked-for orders;
|      --seed=always rebuilds it, --seed=never uses it as it is. Building:
|      dropped and created, migrated and demo-seeded by the app's own
|      `node ace migration:run` / `db:seed`, then filled by set-based SQL
|      (bench/scale_seed.ts: one INSERT … SELECT over generate_series per
|      table, the app's triggers firing as for any write), VACUUM ANALYZE.
|      The dashboard rollup is then rebuilt from scratch once, timed, and
|      compared with what the triggers kept (they must agree exactly).
|   2. The server: bin/server.ts compiled to JavaScript (bench/app_env.ts), in
|      production mode on --port, no market feed, cookie sessions.
|   3. Signed in as the demo admin over HTTP (session and XSRF cookies, POST
|      /auth/login, then the second factor staff must give: POST
|      /login/two-factor with the code of the demo's published TOTP key, as
|      an authenticator app computes it), the client sends one request at a time (no concurrency:
|      a back office has few users, and each figure is then the latency of the
|      request alone) and times it to the last byte of the answer:
|        - GET /admin/dashboard for all time, the last 7 days, the last year,
|          a year two years back and a single day;
|        - GET /admin/trades/api/{all,open,closed} (page size 15): the first,
|          a middle and the last page, each answer carrying 'Total: N'.
|      --warmup requests first, then --rounds timed: p50, p95, p99 and max.
|      For comparison (--direct=0 skips it), the same dashboard figures
|      computed straight from the source tables on PostgreSQL (no rollup).
|      And what the rollup's trigger costs a write (--writers=0 skips it):
|      --writers connections insert orders, one per transaction, for
|      --write-seconds with the trigger off, then on; the rows are removed
|      and the rollup checked again afterwards.
|      If the trades list API is not there (its branch not merged), the same
|      shape of query is timed straight on PostgreSQL instead, and said so.
|   4. Everything stops; --drop drops the database (about 500 MB).
|
| Never run it while tests or other benchmarks run: they share the 2 cores.
|
| --smoke (issue 25 item 6): the same steps on tiny data (200 customers, 2,000
| orders, 400 deposits, 100 withdrawals; 1 warm-up and 5 timed requests a
| figure; 2 writers for 1 s; the server through the TypeScript loader) in the
| database PG_DB_NAME (CI: `test`), whose schema it rebuilds as test:failover
| does (`node ace migration:fresh --seed`); its scale rows are removed at the
| end. Without PG_DB_NAME, in `bench_scale`. The rollup's checks must hold.
*/
import { fork, spawnSync, type ChildProcess } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { cpus, loadavg, totalmem } from 'node:os'
import { performance } from 'node:perf_hooks'
import { DEFAULT_SCALE, scaleSeedStatements, type ScaleCounts } from './scale_seed.js'
import {
  appEnv,
  BENCH_ROOT,
  benchArgs,
  compiledDir,
  compileServer,
  expect,
  isSmoke,
  pgSettings,
  shippedNodeFlags,
} from './app_env.js'
import { ROLLUP_TABLE, backfill } from '../database/rollups/dashboard_daily.js'
import { DEMO_PASSWORD, DEMO_TOTP_KEY } from '#database/demo/credentials'
import { totpCodeAt } from '#domain/totp'
import { TWO_FACTOR, TWO_FACTOR_PATHS } from '#domain/two_factor'

/* Settings ---------------------------------------------------------------- */

const args = benchArgs()
const SMOKE = isSmoke()
/** An option: --name=value, else BENCH_NAME, else the smoke run's value or the full run's. */
const opt = (name: string, fallback: string, smoke = fallback) =>
  args.get(name) ?? process.env[`BENCH_${name.toUpperCase()}`] ?? (SMOKE ? smoke : fallback)
const SEED = opt('seed', 'auto', 'always') as 'auto' | 'always' | 'never'
const ROUNDS = Number(opt('rounds', '300', '5'))
const WARMUP = Number(opt('warmup', '30', '1'))
const PORT = Number(opt('port', '3461'))
const DROP = opt('drop', 'false') === 'true'
const JSON_OUT = opt('json', '')
const BUILD = opt('build', '1', '0') !== '0'
/** Also time the dashboard's figures computed from the source tables (the rollup's reason to be). */
const DIRECT = opt('direct', '1') !== '0'
/** Writers (0: skip) and seconds of the trigger-cost measurement. */
const WRITERS = Number(opt('writers', '8', '2'))
const WRITE_SECONDS = Number(opt('write-seconds', '10', '1'))
const COUNTS: ScaleCounts = {
  customers: Number(opt('customers', String(DEFAULT_SCALE.customers), '200')),
  orders: Number(opt('orders', String(DEFAULT_SCALE.orders), '2000')),
  deposits: Number(opt('deposits', String(DEFAULT_SCALE.deposits), '400')),
  withdrawals: Number(opt('withdrawals', String(DEFAULT_SCALE.withdrawals), '100')),
  years: DEFAULT_SCALE.years,
}
if (!['auto', 'always', 'never'].includes(SEED))
  throw new Error('--seed must be auto, always or never')

/** A smoke run works in PG_DB_NAME (CI's `test`), whose schema it rebuilds; a full run in its own database. */
const REBUILD_SCHEMA = SMOKE && !!process.env.PG_DB_NAME
const PG = pgSettings(REBUILD_SCHEMA ? process.env.PG_DB_NAME! : 'bench_scale')
const BASE = `http://127.0.0.1:${PORT}`
const BUILD_DIR_NAME = 'bench-scale-build'
/**
 * Fixed, not random: the demo staff's TOTP secret is sealed with the key of the
 * process that seeded it, and a later run reusing the database must open it.
 */
const APP_KEY = 'bench-scale-key-not-secret-0123456789abcdef'
const ADMIN = { email: 'admin@demo.test', password: DEMO_PASSWORD }
const PAGE_SIZE = 15

const say = (message: string) => console.error(`[bench:scale] ${message}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const env = (nodeEnv: 'development' | 'production') =>
  appEnv({
    nodeEnv,
    port: PORT,
    appKey: APP_KEY,
    db: 'pg',
    pg: PG,
    marketFeed: 'off',
    smtpPort: 2661,
  })

/* PostgreSQL ------------------------------------------------------------------ */

async function pgClient(database = PG.database) {
  // `pg` (an app dependency) ships no types; only Client is used here.
  const { default: pg } = await import('pg' as string)
  const client = new pg.Client({ ...PG, database })
  await client.connect()
  return client as {
    query: (sql: string, values?: unknown[]) => Promise<{ rows: any[] }>
    end: () => Promise<void>
  }
}

async function admin(sql: string) {
  const client = await pgClient('postgres')
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function seededOrders(): Promise<number | null> {
  try {
    const client = await pgClient()
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM orders WHERE instrument_id IS NOT NULL AND user_id IN (SELECT id FROM users WHERE email LIKE '%@scale.test')`
      )
      return rows[0].n
    } finally {
      await client.end()
    }
  } catch {
    return null
  }
}

/** A smoke run's rows out of the shared database again, triggers on (the rollup and counters follow). */
async function removeScaleRows() {
  const client = await pgClient()
  try {
    await client.query('BEGIN')
    const owners = `SELECT id FROM users WHERE email LIKE '%@scale.test'`
    for (const table of ['deposits', 'withdrawals', 'orders', 'balances'])
      await client.query(`DELETE FROM ${table} WHERE user_id IN (${owners})`)
    await client.query(`DELETE FROM users WHERE email LIKE '%@scale.test'`)
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK')
    throw error
  } finally {
    await client.end()
  }
}

function ace(command: string[]) {
  const result = spawnSync(process.execPath, ['ace', ...command], {
    cwd: BENCH_ROOT,
    env: env('development'),
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`node ace ${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

async function buildDatabase() {
  const timings: Record<string, number> = {}
  let started = performance.now()
  if (REBUILD_SCHEMA) {
    // Not merely migrated when the demo data is there: its staff's TOTP secret is sealed with the
    // APP_KEY of whoever seeded it (CI: test:failover), which this run's server does not hold.
    ace(['migration:fresh', '--force', '--seed'])
  } else {
    await admin(`DROP DATABASE IF EXISTS ${PG.database} WITH (FORCE)`)
    await admin(`CREATE DATABASE ${PG.database}`)
    ace(['migration:run', '--force'])
    ace(['db:seed'])
  }
  timings['migrate and demo seed'] = performance.now() - started
  const client = await pgClient()
  try {
    for (const statement of scaleSeedStatements(COUNTS)) {
      started = performance.now()
      await client.query(statement.sql)
      timings[statement.label] = performance.now() - started
      say(`seeded ${statement.label} in ${(timings[statement.label] / 1000).toFixed(1)} s`)
    }
    started = performance.now()
    // Index-only scans need the visibility map; a busy production table gets it from autovacuum.
    await client.query('VACUUM ANALYZE')
    timings['VACUUM ANALYZE'] = performance.now() - started
    // The seed's one INSERT of a million orders updated the same few rollup rows a million times in
    // one transaction, so no version could be pruned: the table is left ~100× its size. Production
    // writes one order per transaction, and page pruning (HOT) and autovacuum keep it compact.
    const size = async () =>
      (await client.query(`SELECT pg_size_pretty(pg_total_relation_size('${ROLLUP_TABLE}')) AS s`))
        .rows[0].s
    const before = await size()
    started = performance.now()
    await client.query(`VACUUM FULL ANALYZE ${ROLLUP_TABLE}`)
    timings[`VACUUM FULL ${ROLLUP_TABLE} (${before} → ${await size()})`] =
      performance.now() - started
  } finally {
    await client.end()
  }
  return timings
}

/** The rollup computed afresh (timed, as a rebuild would take) and compared with the trigger-kept one. */
async function checkRollup() {
  const client = await pgClient()
  try {
    await client.query('BEGIN')
    await client.query(
      `CREATE TEMP TABLE fresh (LIKE ${ROLLUP_TABLE} INCLUDING ALL) ON COMMIT DROP`
    )
    const started = performance.now()
    for (const sql of backfill('postgres', 'fresh')) await client.query(sql)
    const rebuildMs = performance.now() - started
    const { rows } = await client.query(`
      SELECT count(*)::int AS n FROM (
        (SELECT day, metric, mode, currency, kind, count, amount FROM ${ROLLUP_TABLE} WHERE count <> 0 OR amount <> 0
         EXCEPT SELECT day, metric, mode, currency, kind, count, amount FROM fresh)
        UNION ALL
        (SELECT day, metric, mode, currency, kind, count, amount FROM fresh
         EXCEPT SELECT day, metric, mode, currency, kind, count, amount FROM ${ROLLUP_TABLE})
      ) AS differing`)
    const size = await client.query(`SELECT count(*)::int AS n FROM ${ROLLUP_TABLE}`)
    await client.query('ROLLBACK')
    return { rebuildMs, differingRows: rows[0].n as number, rollupRows: size.rows[0].n as number }
  } finally {
    await client.end()
  }
}

async function tableSizes() {
  const client = await pgClient()
  try {
    const { rows } = await client.query(`
      SELECT relname AS table, n_live_tup::int AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
      FROM pg_stat_user_tables WHERE relname IN ('orders', 'deposits', 'withdrawals', 'users', 'balances', '${ROLLUP_TABLE}', 'order_list_counts')
      ORDER BY pg_total_relation_size(relid) DESC`)
    const db = await client.query(
      `SELECT pg_size_pretty(pg_database_size('${PG.database}')) AS size`
    )
    return { tables: rows, database: db.rows[0].size as string }
  } finally {
    await client.end()
  }
}

/* The server ------------------------------------------------------------------ */

async function startServer(): Promise<ChildProcess> {
  const script = BUILD
    ? compileServer('bin/server.ts', BUILD_DIR_NAME, say)
    : new URL('../bin/server.ts', import.meta.url)
  const proc = fork(script, [], {
    cwd: BENCH_ROOT,
    execArgv: [
      ...(BUILD ? [] : ['--import', 'ts-node-maintained/register/esm']),
      ...shippedNodeFlags(),
    ],
    env: env('production'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error('the server exited')
    try {
      if ((await fetch(`${BASE}/countries`)).ok) return proc
    } catch {}
    await sleep(100)
  }
  throw new Error('the server did not answer within 60 s')
}

async function stopServer(proc: ChildProcess) {
  if (proc.exitCode !== null) return
  const exited = new Promise((r) => proc.once('exit', r))
  proc.kill('SIGTERM')
  await Promise.race([exited, sleep(10_000)])
  if (proc.exitCode === null) proc.kill('SIGKILL')
}

/* HTTP client: one signed-in admin --------------------------------------------- */

const agent = new http.Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 })
const cookies = new Map<string, string>()

function request(
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {
    'accept': 'application/json',
    'x-forwarded-for': '10.9.0.1',
  }
  if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  if (method !== 'GET' && cookies.get('XSRF-TOKEN'))
    headers['x-xsrf-token'] = decodeURIComponent(cookies.get('XSRF-TOKEN')!)
  if (payload !== undefined) headers['content-type'] = 'application/json'
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${BASE}${path}`,
      { method, headers, agent, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const pair = line.split(';')[0]
            const eq = pair.indexOf('=')
            cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
          }
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') })
        })
        res.on('error', reject)
      }
    )
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end(payload)
  })
}

async function login() {
  // The login page needs a Vite build in production; any GET hands out the session and XSRF cookies.
  const first = await request('GET', '/countries')
  if (first.status !== 200) throw new Error(`GET /countries: ${first.status}`)
  const answer = await request('POST', '/auth/login', ADMIN)
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${answer.body.slice(0, 200)}`)
  if (JSON.parse(answer.body).redirect !== TWO_FACTOR_PATHS.code) return
  // Staff sign in with a second factor: the demo staff's app code. A code passes once per 30-second
  // step, so when this step's was used (a run a moment ago) the next step's, within the allowed drift.
  for (const steps of [0, 1]) {
    const code = totpCodeAt(DEMO_TOTP_KEY, Date.now() + steps * TWO_FACTOR.period * 1000)
    const second = await request('POST', TWO_FACTOR_PATHS.code, { code })
    if (second.status === 200) return
    if (second.status !== 422 || steps === 1)
      throw new Error(`two-factor login: ${second.status} ${second.body.slice(0, 200)}`)
  }
}

/* Measuring ------------------------------------------------------------------ */

interface Result {
  group: string
  name: string
  via: 'http' | 'sql'
  n: number
  p50: number
  p95: number
  p99: number
  max: number
  note: string
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function timed(
  group: string,
  name: string,
  via: 'http' | 'sql',
  once: () => Promise<string>
): Promise<Result> {
  let note = ''
  for (let i = 0; i < WARMUP; i++) note = await once()
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    note = await once()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const r = {
    group,
    name,
    via,
    n: ROUNDS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1],
    note,
  }
  say(`${group} / ${name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${note})`)
  return r
}

async function getJson(path: string) {
  const answer = await request('GET', path)
  if (answer.status !== 200)
    throw new Error(`GET ${path}: ${answer.status} ${answer.body.slice(0, 200)}`)
  return JSON.parse(answer.body)
}

const day = (d: Date) => d.toISOString().slice(0, 10)
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000))

async function dashboardScenarios() {
  const ranges: [string, string][] = [
    ['all time', ''],
    ['last 7 days', `?from=${daysAgo(6)}&to=${daysAgo(0)}`],
    ['last year', `?from=${daysAgo(364)}&to=${daysAgo(0)}`],
    ['a year, two years back', `?from=${daysAgo(365 * 2 + 364)}&to=${daysAgo(365 * 2)}`],
    ['one day', `?from=${daysAgo(100)}&to=${daysAgo(100)}`],
  ]
  const results: Result[] = []
  for (const [name, query] of ranges) {
    results.push(
      await timed('dashboard', name, 'http', async () => {
        const data = await getJson(`/admin/dashboard${query}`)
        return `${data.totalTrades} trades, ${data.currency} ${data.totalDeposits} deposits`
      })
    )
  }
  return results
}

/**
 * For comparison, the dashboard's range figures computed straight from the
 * source tables (what the rollup replaces): trades per market and wallet
 * mode, P/L, deposits and withdrawals per wallet currency, customers — five
 * aggregates joined to the wallets, on PostgreSQL, without HTTP.
 */
async function directAggregateScenarios() {
  const client = await pgClient()
  const results: Result[] = []
  const rounds = Math.max(5, Math.round(ROUNDS / 20))
  try {
    for (const [name, from, to] of [
      ['all time', '1900-01-01', '9999-12-31'],
      ['last year', daysAgo(364), daysAgo(-1)],
      ['last 7 days', daysAgo(6), daysAgo(-1)],
    ]) {
      const range = (column: string) => `${column} >= '${from}' AND ${column} < '${to}'`
      const queries = [
        `SELECT b.mode, o.kind, count(*) FROM orders o JOIN balances b ON b.id = o.balance_id
         WHERE o.deleted_at IS NULL AND ${range('o.created_at')} GROUP BY b.mode, o.kind`,
        `SELECT b.currency, sum(o.pro_loss) FROM orders o JOIN balances b ON b.id = o.balance_id
         WHERE o.deleted_at IS NULL AND o.pro_loss IS NOT NULL AND b.mode = 'real' AND ${range('o.close_time')} GROUP BY b.currency`,
        ...['deposits', 'withdrawals'].map(
          (
            table
          ) => `SELECT b.currency, sum(t.amount) FROM ${table} t JOIN balances b ON b.id = t.balance_id
           WHERE t.status = 'approved' AND b.mode = 'real' AND ${range('t.decided_at')} GROUP BY b.currency`
        ),
        `SELECT count(*) FROM users WHERE role_id = 3 AND ${range('created_at')}`,
      ]
      const times: number[] = []
      for (let i = 0; i < rounds + 1; i++) {
        const started = performance.now()
        for (const sql of queries) await client.query(sql)
        if (i > 0) times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      const r: Result = {
        group: 'dashboard without the rollup',
        name,
        via: 'sql',
        n: times.length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: times[times.length - 1],
        note: 'five aggregates over the source tables',
      }
      say(`${r.group} / ${name}: p50 ${r.p50.toFixed(1)} ms (${r.n} rounds)`)
      results.push(r)
    }
  } finally {
    await client.end()
  }
  return results
}

/**
 * What the rollup's trigger costs a write: WRITERS connections insert open
 * orders on real wallets, one order per transaction (as placing one commits),
 * for WRITE_SECONDS, first with the rollup trigger disabled, then enabled.
 * Each writer's rows go to the current day's few rollup rows, the hot path.
 * The orders written are deleted afterwards (the first batch while the
 * trigger is still off), leaving the rollup as it was; the check after
 * proves it. Other triggers (the trades list's counts) stay on in both runs.
 */
async function writeCostScenarios() {
  const results: Result[] = []
  const setup = await pgClient()
  const trigger = `${ROLLUP_TABLE}_orders`
  try {
    const { rows: wallets } = await setup.query(
      `SELECT id, user_id FROM balances WHERE mode = 'real' ORDER BY id LIMIT 2000`
    )
    const { rows: instruments } = await setup.query(
      `SELECT id, name, base, quote, category FROM instruments ORDER BY id`
    )
    for (const enabled of [false, true]) {
      const marker = (await setup.query('SELECT coalesce(max(id), 0)::int AS id FROM orders'))
        .rows[0].id as number
      if (!enabled) await setup.query(`ALTER TABLE orders DISABLE TRIGGER ${trigger}`)
      try {
        const times: number[] = []
        const deadline = performance.now() + WRITE_SECONDS * 1000
        await Promise.all(
          Array.from({ length: WRITERS }, async (_, w) => {
            const client = await pgClient()
            try {
              for (let i = w; performance.now() < deadline; i += WRITERS) {
                const wallet = wallets[i % wallets.length]
                const inst = instruments[i % instruments.length]
                const started = performance.now()
                await client.query('BEGIN')
                await client.query(
                  `INSERT INTO orders (user_id, balance_id, instrument_id, instrument, base_symbol, quote_symbol, kind, type,
                     trade_amount, open_rate, spread, exchange_rate, margin_used, leverage, created_at, updated_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, 'buy', 1000, 1.1, 0, 1, 11, 100, now(), now())`,
                  [
                    wallet.user_id,
                    wallet.id,
                    inst.id,
                    inst.name,
                    inst.base,
                    inst.quote,
                    inst.category,
                  ]
                )
                await client.query('COMMIT')
                times.push(performance.now() - started)
              }
            } finally {
              await client.end()
            }
          })
        )
        times.sort((a, b) => a - b)
        const r: Result = {
          group: `order inserts, ${WRITERS} writers`,
          name: enabled ? 'rollup trigger on' : 'rollup trigger off',
          via: 'sql',
          n: times.length,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          max: times[times.length - 1],
          note: `${Math.round(times.length / WRITE_SECONDS)} orders/s`,
        }
        say(
          `${r.group} / ${r.name}: ${r.note}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`
        )
        results.push(r)
      } finally {
        await setup.query('DELETE FROM orders WHERE id > $1', [marker])
        if (!enabled) await setup.query(`ALTER TABLE orders ENABLE TRIGGER ${trigger}`)
      }
    }
  } finally {
    await setup.end()
  }
  return results
}

async function tradesApiExists() {
  const answer = await request('GET', `/admin/trades/api/all?page=1&limit=${PAGE_SIZE}`)
  return answer.status === 200
}

async function tradeListScenarios() {
  const results: Result[] = []
  for (const type of ['all', 'open', 'closed']) {
    const first = await getJson(`/admin/trades/api/${type}?page=1&limit=${PAGE_SIZE}`)
    const lastPage = first.meta.lastPage as number
    for (const [name, page] of [
      ['first page', 1],
      ['middle page', Math.ceil(lastPage / 2)],
      ['last page', lastPage],
    ] as const) {
      results.push(
        await timed(`trades ${type}`, `${name} (${page} of ${lastPage})`, 'http', async () => {
          const data = await getJson(`/admin/trades/api/${type}?page=${page}&limit=${PAGE_SIZE}`)
          if (!data.data.length) throw new Error(`${type} page ${page}: no rows`)
          return `Total: ${data.meta.total}`
        })
      )
    }
  }
  return results
}

/**
 * Without the trades list API: the shape such a list takes when written
 * plainly — COUNT(*) for 'Total: N', then the page by id, newest first, with
 * OFFSET, deleted trades left out — straight on PostgreSQL.
 */
async function tradeListSqlScenarios() {
  const client = await pgClient()
  const results: Result[] = []
  try {
    for (const [type, where] of [
      ['all', 'deleted_at IS NULL'],
      ['open', 'deleted_at IS NULL AND close_time IS NULL'],
      ['closed', 'deleted_at IS NULL AND close_time IS NOT NULL'],
    ] as const) {
      const total = (await client.query(`SELECT count(*)::int AS n FROM orders WHERE ${where}`))
        .rows[0].n as number
      const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE))
      for (const [name, page] of [
        ['first page', 1],
        ['middle page', Math.ceil(lastPage / 2)],
        ['last page', lastPage],
      ] as const) {
        results.push(
          await timed(`trades ${type}`, `${name} (${page} of ${lastPage})`, 'sql', async () => {
            const counted = await client.query(
              `SELECT count(*)::int AS n FROM orders WHERE ${where}`
            )
            await client.query(
              `SELECT o.*, u.email, b.mode, b.currency FROM orders o JOIN users u ON u.id = o.user_id JOIN balances b ON b.id = o.balance_id
               WHERE o.id IN (SELECT id FROM orders WHERE ${where} ORDER BY id DESC LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE})
               ORDER BY o.id DESC`
            )
            return `Total: ${counted.rows[0].n}`
          })
        )
      }
    }
  } finally {
    await client.end()
  }
  return results
}

/* Report ---------------------------------------------------------------------- */

function report(r: any) {
  const ms = (v: number) => v.toFixed(1)
  const lines = [
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memGb} GB, Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}`,
    `Load average at start / end: ${r.load.start} / ${r.load.end}`,
    `Data: ${r.sizes.tables.map((t: any) => `${t.table} ${t.rows.toLocaleString('en-US')} rows (${t.size})`).join(', ')}; database ${r.sizes.database}`,
    r.seeding
      ? `Seeding: ${Object.entries(r.seeding)
          .map(([k, v]) => `${k} ${((v as number) / 1000).toFixed(1)} s`)
          .join(', ')}`
      : 'Seeding: reused',
    `Dashboard rollup: ${r.rollup.rollupRows} rows; rebuilt from the source tables in ${(r.rollup.rebuildMs / 1000).toFixed(1)} s; rows differing from the trigger-kept copy: ${r.rollup.differingRows}`,
    r.rollupAfter
      ? `After the write measurement: rows differing from a rebuild: ${r.rollupAfter.differingRows}`
      : '',
    `Each figure: ${WARMUP} warm-up then ${ROUNDS} timed requests, one at a time.`,
    '',
    '| measured | via | p50 ms | p95 ms | p99 ms | max ms | answer |',
    '|---|---|---|---|---|---|---|',
    ...r.results.map(
      (x: Result) =>
        `| ${x.group}: ${x.name} | ${x.via} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${ms(x.max)} | ${x.note} |`
    ),
  ]
  console.log(lines.join('\n'))
}

async function main() {
  const load = {
    start: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    end: '',
  }
  let seeding: Record<string, number> | null = null
  const existing = await seededOrders()
  const wanted = Math.round(COUNTS.orders * 0.95)
  if (SEED === 'always' || (SEED === 'auto' && (existing === null || existing < wanted))) {
    say(
      `building ${PG.database}: ${COUNTS.customers} customers, ${COUNTS.orders} orders, ${COUNTS.deposits} deposits, ${COUNTS.withdrawals} withdrawals`
    )
    seeding = await buildDatabase()
  } else {
    say(`reusing ${PG.database} (${existing} scale orders)`)
    ace(['migration:run', '--force'])
  }
  const rollup = await checkRollup()
  say(
    `rollup: ${rollup.rollupRows} rows, rebuild ${(rollup.rebuildMs / 1000).toFixed(1)} s, ${rollup.differingRows} differing`
  )
  expect(rollup.differingRows === 0, 'the trigger-kept rollup equals one rebuilt from the tables')
  const sizes = await tableSizes()

  say('starting the server')
  const server = await startServer()
  const results: Result[] = []
  try {
    await login()
    results.push(...(await dashboardScenarios()))
    if (DIRECT) results.push(...(await directAggregateScenarios()))
    if (WRITERS > 0) results.push(...(await writeCostScenarios()))
    if (await tradesApiExists()) results.push(...(await tradeListScenarios()))
    else {
      say(
        'no trades list API in this checkout: timing the same shape of query on PostgreSQL instead'
      )
      results.push(...(await tradeListSqlScenarios()))
    }
  } finally {
    await stopServer(server)
    if (BUILD) rmSync(compiledDir(BUILD_DIR_NAME), { recursive: true, force: true })
  }
  const rollupAfter = WRITERS > 0 ? await checkRollup() : null
  if (rollupAfter)
    expect(rollupAfter.differingRows === 0, 'the rollup is as it was after the write measurement')
  load.end = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

  const client = await pgClient()
  const postgres = (await client.query('SHOW server_version')).rows[0].server_version
  await client.end()
  const out = {
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres,
    },
    load,
    counts: COUNTS,
    seeding,
    rollup,
    rollupAfter,
    sizes,
    results,
  }
  report(out)
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(out, null, 2))
  if (REBUILD_SCHEMA) {
    await removeScaleRows()
    const after = await checkRollup()
    expect(after.differingRows === 0, 'the rollup is right after the scale rows are removed')
    say(`scale rows removed from ${PG.database}`)
  }
  if (DROP) {
    await admin(`DROP DATABASE IF EXISTS ${PG.database} WITH (FORCE)`)
    say(`dropped ${PG.database}`)
  }
}

await main()
