/*
| npm run bench:orders -- [--db=sqlite|pg] [--rate=1000] [--seconds=20] [--accounts=200]
|     [--warmup=5] [--topology=embedded|split] [--port=3481] [--connections=256] [--json=path]
|     [--session=database|redis|cookie] [--pg-db=bench_orders] [--smoke]
|     diagnostics: [--breakdown[=countries,refused,placed]] [--breakdown-n=1000] [--queries]
|                  [--cpu-prof] [--node-flags="--trace-gc"] [--build=0] [--quiet-wait=30]
|                  [--series] [--slow-ms=25] [--heap-sample=major|all|live]
|
| Market-order placement over HTTP, open loop.
|
|   0. Waits (up to --quiet-wait minutes) until no other benchmark runs and the
|      machine is quiet; CPU used by other processes during the measured
|      window is reported, and a run they polluted says so.
|   1. A scratch database: tmp/bench-orders.sqlite3, or the PostgreSQL database
|      --pg-db (default `bench_orders`; PG_HOST/PG_PORT/PG_USER, default
|      127.0.0.1:5432 postgres),
|      dropped and re-created; migrated and seeded with the demo data by the
|      app's own `node ace migration:run` / `node ace db:seed`.
|   2. The app as a separate server process (bench/orders_server.ts: the same
|      boot as bin/server.ts), compiled to JavaScript first as production runs
|      it, in production mode (NODE_ENV=production, LOG_LEVEL=warn), with the
|      session store a deployment uses (config/session.ts: Redis when REDIS_URL
|      is set, else the database; --session=cookie only by name), on its own
|      port. --topology=embedded (default): the market role
|      (MARKET_FEED=simulator: live quotes, risk engine, candles, price
|      fan-out) runs in that process, as `npm run demo` runs it.
|      --topology=split (PostgreSQL only): the measured web process runs no
|      market role and a second process runs it, as DESIGN.md's production
|      shape; the web process then trades on the stored prices it writes.
|   3. --accounts funded customers (approved KYC, Silver plan, a real USD
|      wallet funded through the ledger), each logged in once over HTTP: a GET
|      for the session and XSRF cookies, then POST /auth/login with the
|      X-XSRF-TOKEN header, from its own client address (X-Forwarded-For, as
|      behind a load balancer: the login throttle is per IP).
|   4. Open-loop load: POST /dashboard/orders {type, instrument, amount,
|      profit, loss} scheduled every 1/rate s, round-robin over the accounts,
|      whatever the responses do. Latency runs from the *scheduled* send time,
|      so a server (or client) falling behind shows as latency instead of
|      silently lowering the rate (no coordinated omission). Crypto instruments
|      only (they trade every day of the week), amount mode.
|   5. After --warmup seconds, --seconds are measured: throughput, latency
|      percentiles, non-201 answers (errors), the server's event-loop delay,
|      server CPU and RSS from /proc/<pid>, PostgreSQL's CPU, this load
|      generator's CPU, and everything else's.
|   6. Requests still unanswered 12 s after the last send are given up (errors
|      of unknown outcome). Once the server is idle it checks every wallet in
|      one snapshot (margin = Σ open orders' margin, balance = Σ ledger
|      entries), and the stored orders are compared with the 201s seen; then
|      everything stops and the scratch database is removed.
*/
import { fork, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import http from 'node:http'
import { cpus, totalmem } from 'node:os'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import {
  appEnv as sharedAppEnv,
  benchArgs,
  compiledDir,
  compileServer,
  pgSettings,
  shippedNodeFlags,
} from './app_env.js'

/* Settings ---------------------------------------------------------------- */

const args = benchArgs()
/**
 * --smoke: the same code path on tiny data (a few accounts, a couple of seconds of load, a short
 * breakdown), SQLite unless --db says otherwise, no quiet wait, the server through the TypeScript
 * loader (no compile step); exits non-zero if anything fails. For CI, not for figures.
 */
const SMOKE = args.get('smoke') === 'true'
const SMOKE_DEFAULTS: Record<string, string> = {
  'rate': '20',
  'seconds': '2',
  'warmup': '1',
  'accounts': '4',
  'breakdown': 'true',
  'build': '0',
  'quiet-wait': '0',
}
const opt = (name: string, fallback: string) =>
  args.get(name) ??
  process.env[`BENCH_${name.toUpperCase().replaceAll('-', '_')}`] ??
  (SMOKE ? (SMOKE_DEFAULTS[name] ?? fallback) : fallback)
const DB = opt('db', 'sqlite') as 'sqlite' | 'pg'
const RATE = Number(opt('rate', '1000'))
const SECONDS = Number(opt('seconds', '20'))
const WARMUP = Number(opt('warmup', '5'))
const ACCOUNTS = Number(opt('accounts', '200'))
const PORT = Number(opt('port', '3481'))
const CONNECTIONS = Number(opt('connections', '256'))
const CPU_PROF = opt('cpu-prof', 'false') === 'true'
/**
 * The servers start with the Node flags the app ships with (package.json's `start`: the garbage
 * collector's sizes); --shipped-flags=0 leaves them out, to compare.
 */
const SHIPPED_FLAGS = opt('shipped-flags', '1') === '0' ? [] : shippedNodeFlags()
/** Extra Node flags for the web server (diagnostics), e.g. --node-flags=--trace-gc */
const NODE_FLAGS = opt('node-flags', '').split(' ').filter(Boolean)
/** --build=0 runs the server from TypeScript through the loader (slower: every dynamic import crosses the loader thread). */
const BUILD = opt('build', '1') !== '0'
const JSON_OUT = opt('json', '')
/**
 * Diagnostics: server CPU per request of a few request kinds, one request at a time, before the
 * load, interleaved in rounds so that the machine's noise falls on every kind alike; the ratio of
 * the placed order to the floor (the validator's 422) comes from the same run.
 */
const BREAKDOWN = opt('breakdown', 'false')
/** Requests per kind in the breakdown (after a warm-up of a fifth as many). */
const BREAKDOWN_N = Number(opt('breakdown-n', SMOKE ? '20' : '1000'))
/** Diagnostics: count the SQL statements the server runs during the measured window. */
const QUERIES = opt('queries', 'false') === 'true'
/**
 * Diagnostics: where the slow requests (over --slow-ms, default 25) fall: per second of the
 * measured window, and by their phase in a 2 s cycle (the market role's price writes).
 */
const SERIES = opt('series', 'false') === 'true'
const SLOW_MS = Number(opt('slow-ms', '25'))
/**
 * Diagnostics: the web process's sampling heap profile over the measured window, written to
 * tmp/bench-orders-prof/ (`major`: with what major GCs collected, the old space's churn; `all`:
 * every allocation sampled).
 */
const HEAP_SAMPLE = opt('heap-sample', '')
if (!['', 'major', 'all', 'live'].includes(HEAP_SAMPLE))
  throw new Error('--heap-sample must be major, all or live')
/**
 * The session store, as a deployment picks it (config/session.ts): Redis when REDIS_URL is set,
 * else the database. `cookie` only when asked for by name (it is not what ships).
 */
const SESSION = opt('session', process.env.REDIS_URL ? 'redis' : 'database')
if (!['database', 'redis', 'cookie'].includes(SESSION))
  throw new Error('--session must be database, redis or cookie')
if (SESSION === 'redis' && !process.env.REDIS_URL)
  throw new Error('--session=redis needs REDIS_URL')
/**
 * embedded: the market role runs inside the measured web process (the
 * embedded default, `npm run demo`). split: the measured web process runs no
 * market role and a second process of the same app runs it (DESIGN.md
 * "Processes": web processes plus one market process); the web process then
 * trades on the stored prices the market process writes every 2 s.
 */
const TOPOLOGY = opt('topology', 'embedded') as 'embedded' | 'split'
if (TOPOLOGY !== 'embedded' && TOPOLOGY !== 'split')
  throw new Error('--topology must be embedded or split')
// Two processes writing one SQLite file fail with SQLITE_BUSY (a deferred transaction that read
// cannot upgrade to a write while the other process writes): SQLite is the one-process default.
if (TOPOLOGY === 'split' && opt('db', 'sqlite') !== 'pg')
  throw new Error('--topology=split needs --db=pg')
const TIMEOUT_MS = 10_000
/** Minutes to wait for other benchmarks and a quiet machine before starting (0: start at once). */
const QUIET_WAIT_MIN = Number(opt('quiet-wait', '30'))
if (DB !== 'sqlite' && DB !== 'pg') throw new Error('--db must be sqlite or pg')

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BUILD_DIR_NAME = 'bench-orders-build'
const LOADER = ['--import', 'ts-node-maintained/register/esm']
// Absolute: the compiled server's app root is its build folder.
const SQLITE_PATH = join(ROOT, 'tmp', 'bench-orders.sqlite3')
/** --pg-db: the scratch PostgreSQL database (dropped and re-created). */
const PG = pgSettings(opt('pg-db', 'bench_orders'))
const BASE = `http://127.0.0.1:${PORT}`

const say = (message: string) => console.error(`[bench:orders] ${message}`)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/* The orders sent: crypto trades all week; amounts keep each order's margin small. */
const INSTRUMENTS = [
  { name: 'BTC_USD', amount: '0.01', mid: 67250 },
  { name: 'ETH_USD', amount: '0.1', mid: 3480.5 },
  { name: 'SOL_USD', amount: '2', mid: 168.42 },
  { name: 'LTC_USD', amount: '3', mid: 82.45 },
]

/* Other benchmarks on this machine pollute the numbers: say so. ------------- */

function otherBenchmarks() {
  const mine = new Set([String(process.pid), String(process.ppid)])
  const found: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || mine.has(entry)) continue
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')
      if (cmdline.includes('bench/') && !cmdline.includes('bench/orders'))
        found.push(`${entry} ${cmdline.trim()}`)
    } catch {}
  }
  return found
}

/* Scratch database --------------------------------------------------------- */

async function pgAdmin(sql: string) {
  // `pg` (an app dependency) ships no types; only Client is used here.
  const { default: pg } = await import('pg' as string)
  const client = new pg.Client({ ...PG, database: 'postgres' })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function removeSqlite() {
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    rmSync(`${SQLITE_PATH}${suffix}`, { force: true })
}

async function dropDatabase() {
  if (DB === 'pg') await pgAdmin(`DROP DATABASE IF EXISTS ${PG.database} WITH (FORCE)`)
  else removeSqlite()
}

const APP_KEY = randomBytes(24).toString('base64url')
function appEnv(
  nodeEnv: 'development' | 'production',
  overrides: Record<string, string> = {}
): Record<string, string> {
  return sharedAppEnv({
    nodeEnv,
    port: PORT,
    appKey: APP_KEY,
    db: DB,
    sqlitePath: SQLITE_PATH,
    pg: PG,
    marketFeed: 'simulator',
    // Never reach a real mail server from a benchmark.
    smtpPort: 2687,
    overrides: { SESSION_DRIVER: SESSION, ...overrides },
  })
}

function ace(command: string[]) {
  // The demo seeder runs only outside production (its own rule), so the scratch
  // database is prepared in development mode; the server then runs in production.
  const result = spawnSync(process.execPath, ['ace', ...command], {
    cwd: ROOT,
    env: appEnv('development'),
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`node ace ${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

/* The server process ------------------------------------------------------- */

/** The server compiled to JavaScript, as production runs it (bench/app_env.ts). */
function buildServer(): URL {
  return compileServer('bench/orders_server.ts', BUILD_DIR_NAME, say)
}

function startServer(script: URL, role: 'web' | 'market', env: Record<string, string>) {
  const execArgv = [...(BUILD ? [] : LOADER), ...SHIPPED_FLAGS]
  if (role === 'web') execArgv.push(...NODE_FLAGS)
  if (HEAP_SAMPLE && role === 'web') env = { ...env, BENCH_HEAP_SAMPLE: HEAP_SAMPLE }
  if (SERIES && role === 'web') env = { ...env, BENCH_SERIES: '1' }
  if (CPU_PROF && role === 'web') {
    mkdirSync(`${ROOT}tmp/bench-orders-prof`, { recursive: true })
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${ROOT}tmp/bench-orders-prof`)
  }
  const proc: ChildProcess = fork(script, [], {
    cwd: ROOT,
    execArgv,
    env: appEnv('production', env),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting = new Map<string, (message: any) => void>()
  let failed: Error | null = null
  proc.on('message', (message: any) => {
    if (message.cmd === 'error') {
      failed = new Error(`${role} server: ${message.message}`)
      for (const w of waiting.values()) w(message)
    }
    waiting.get(message.cmd)?.(message)
  })
  proc.on('exit', (code) => {
    if (code) failed = new Error(`${role} server exited with code ${code}`)
    for (const w of waiting.values()) w({ cmd: 'error' })
  })
  return {
    proc,
    ask(cmd: string, payload: Record<string, unknown> | null, timeoutMs = 300_000) {
      return new Promise<any>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${role} server: no "${cmd}" in ${timeoutMs} ms`)),
          timeoutMs
        )
        waiting.set(cmd, (message) => {
          clearTimeout(timer)
          waiting.delete(cmd)
          if (message.cmd === 'error') reject(failed ?? new Error('server failed'))
          else resolve(message)
        })
        if (payload) proc.send({ cmd, ...payload })
      })
    },
    async stop() {
      if (proc.exitCode !== null || !proc.connected) return
      const exited = new Promise((r) => proc.once('exit', r))
      proc.send({ cmd: 'stop' })
      await Promise.race([exited, sleep(10_000)])
      if (proc.exitCode === null) proc.kill('SIGKILL')
    },
  }
}

/* HTTP client: one cookie jar per account ---------------------------------- */

// Idle sockets close (4 s) before the server's keep-alive timeout (5 s) would close them under a request.
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: CONNECTIONS,
  maxFreeSockets: CONNECTIONS,
  timeout: 4000,
})

/** Requests sent and not yet answered, so the run can give up on them at the end. */
const pending = new Set<http.ClientRequest>()

interface Answer {
  status: number
  body: string
}

class Account {
  cookies = new Map<string, string>()
  constructor(
    readonly email: string,
    readonly ip: string
  ) {}

  request(method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const headers: Record<string, string> = {
      'accept': 'application/json',
      'x-forwarded-for': this.ip,
    }
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET') {
      const xsrf = this.cookies.get('XSRF-TOKEN')
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
    if (payload !== undefined) {
      headers['content-type'] = 'application/json'
      headers['content-length'] = String(Buffer.byteLength(payload))
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${BASE}${path}`,
        { method, headers, agent, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c) => chunks.push(c))
          res.on('end', () => {
            this.#store(res.headers['set-cookie'] ?? [])
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') })
          })
          res.on('error', reject)
        }
      )
      pending.add(req)
      req.once('close', () => pending.delete(req))
      req.on('timeout', () => req.destroy(new Error(`timed out after ${TIMEOUT_MS} ms`)))
      req.on('error', reject)
      req.end(payload)
    })
  }

  #store(lines: string[]) {
    for (const line of lines) {
      const pair = line.slice(0, line.indexOf(';') === -1 ? undefined : line.indexOf(';'))
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (!value || /max-age=0\b/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async login(password: string) {
    // The login page needs a Vite build in production; any GET through the
    // router middleware hands out the same session and XSRF cookies.
    const first = await this.request('GET', '/countries')
    if (first.status !== 200)
      throw new Error(`GET /countries: ${first.status} ${first.body.slice(0, 200)}`)
    const login = await this.request('POST', '/auth/login', { email: this.email, password })
    if (login.status !== 200)
      throw new Error(`login ${this.email}: ${login.status} ${login.body.slice(0, 200)}`)
  }
}

/* /proc sampling ------------------------------------------------------------ */

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number) {
  const { user, system } = cpuSplit(pid)
  return user + system
}

/** User and kernel CPU seconds of a process. */
function cpuSplit(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { user: Number(fields[11]) / CLK_TCK, system: Number(fields[12]) / CLK_TCK }
}

function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** CPU seconds of every PostgreSQL process on the machine (the server's backends among them). */
function postgresCpuSeconds() {
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue
      total += cpuSeconds(Number(entry))
    } catch {}
  }
  return total
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineBusySeconds() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number)
  return (user + nice + system + irq + softirq + (steal || 0)) / CLK_TCK
}

/**
 * Waits (up to `maxMs`) until the machine is quiet: less than half a core
 * busy over a 3-second sample. Returns the busy share last seen (% of one core).
 */
async function waitForQuiet(maxMs: number) {
  const deadline = Date.now() + maxMs
  let said = false
  for (;;) {
    const before = machineBusySeconds()
    await sleep(3000)
    const busy = ((machineBusySeconds() - before) / 3) * 100
    if (busy < 50 || Date.now() > deadline) return busy
    if (!said)
      say(
        `the machine is busy (${busy.toFixed(0)}% of one core used by other processes); waiting for it to calm down`
      )
    said = true
  }
}

/* Statistics ---------------------------------------------------------------- */

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/* The run ------------------------------------------------------------------- */

async function main() {
  // A shared machine: wait for any other benchmark to finish and the machine to calm down first.
  const waitUntil = Date.now() + QUIET_WAIT_MIN * 60_000
  let others = otherBenchmarks()
  if (others.length) say(`waiting for other benchmarks to finish:\n  ${others.join('\n  ')}`)
  while (others.length && Date.now() < waitUntil) {
    await sleep(5000)
    others = otherBenchmarks()
  }
  if (others.length) say(`WARNING: other benchmarks still running; numbers will be polluted`)
  const idleBusy = await waitForQuiet(QUIET_WAIT_MIN * 60_000)
  if (idleBusy >= 50)
    say(
      `WARNING: the machine stays busy (${idleBusy.toFixed(0)}% of one core); numbers will be polluted`
    )

  say(
    `database: ${DB === 'pg' ? `PostgreSQL ${PG.database} on ${PG.host}:${PG.port}` : 'SQLite tmp/bench-orders.sqlite3'}`
  )
  await dropDatabase()
  if (DB === 'pg') await pgAdmin(`CREATE DATABASE ${PG.database}`)
  let server: ReturnType<typeof startServer> | null = null
  let market: ReturnType<typeof startServer> | null = null
  try {
    say('migrating and seeding the demo data')
    ace(['migration:run', '--force'])
    ace(['db:seed'])

    let script = new URL('./orders_server.ts', import.meta.url)
    if (BUILD) {
      say('compiling the server (tsc) into tmp/bench-orders-build')
      script = buildServer()
    }
    let marketPid = 0
    if (TOPOLOGY === 'split') {
      say(`starting the market process on port ${PORT + 1} (production, market role on)`)
      market = startServer(script, 'market', {
        PORT: String(PORT + 1),
        APP_URL: `http://127.0.0.1:${PORT + 1}`,
      })
      marketPid = (await market.ask('ready', null, 120_000)).pid
    }
    say(
      `starting the web server on ${BASE} (production, ${TOPOLOGY === 'split' ? 'no market role: stored prices' : 'market role on'})`
    )
    server = startServer(script, 'web', { MARKET_FEED: TOPOLOGY === 'split' ? 'off' : 'simulator' })
    const { pid } = await server.ask('ready', null, 120_000)

    say(`creating ${ACCOUNTS} funded accounts`)
    const { emails, password } = await server.ask('accounts', { count: ACCOUNTS })
    const accounts: Account[] = emails.map(
      (email: string, i: number) =>
        new Account(email, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
    )
    say(`logging ${accounts.length} accounts in over HTTP`)
    for (let i = 0; i < accounts.length; i += 4)
      await Promise.all(accounts.slice(i, i + 4).map((a) => a.login(password)))

    // Let the market role publish a few rounds of quotes (and store them: every 2 s).
    await sleep(TOPOLOGY === 'split' ? 3000 : 1000)
    // Orders the breakdown placed count in the final check like the load's.
    const split = BREAKDOWN !== 'false' ? await breakdown(accounts, pid) : null
    const placedBefore = split?.placed ?? 0
    if (split?.unexpected) {
      say(`BREAKDOWN: ${split.unexpected} answers other than the expected status`)
      process.exitCode = 1
    }

    const total = Math.round((WARMUP + SECONDS) * RATE)
    const warmupCount = Math.round(WARMUP * RATE)
    const interval = 1000 / RATE
    const latencies = new Float64Array(total)
    const finishedAt = new Float64Array(total)
    const status = new Int16Array(total)
    const errors: string[] = []
    let errorCount = 0
    let timedOut = 0
    let warmupErrors = 0
    let created = 0
    let inFlight = 0
    let maxInFlight = 0
    let sent = 0
    let sentInWindow = 0

    say(
      `open loop: ${RATE} orders/s, ${WARMUP} s warm-up + ${SECONDS} s measured, ${accounts.length} accounts`
    )
    const start = performance.now() + 50
    const windowStart = start + WARMUP * 1000
    const windowEnd = start + (WARMUP + SECONDS) * 1000
    type Cpu = {
      server: number
      serverSystem: number
      market: number
      postgres: number
      machine: number
      client: NodeJS.CpuUsage
    }
    let measure: (Cpu & { at: number }) | null = null
    let measured: (Cpu & { seconds: number }) | null = null
    const rssSamples: number[] = []
    const loopLog: {
      pending: Promise<{
        p50: number
        p99: number
        max: number
        poolWait: { n: number; p50: number; p99: number; max: number }
        timeline?: ServerTimeline
      }> | null
    } = {
      pending: null,
    }
    const queryLog: {
      pending: Promise<{ statements: [string, { count: number; rows: number }][] }> | null
    } = { pending: null }

    const fire = (k: number, scheduled: number) => {
      const account = accounts[k % accounts.length]
      const instrument = INSTRUMENTS[k % INSTRUMENTS.length]
      const buy = Math.floor(k / INSTRUMENTS.length) % 2 === 0
      // Far targets on every other order: validated against the live quote, never hit.
      const targets =
        k % 2 === 0
          ? {
              profit: (instrument.mid * (buy ? 1.5 : 0.5)).toFixed(2),
              loss: (instrument.mid * (buy ? 0.5 : 1.5)).toFixed(2),
            }
          : { profit: null, loss: null }
      inFlight++
      maxInFlight = Math.max(maxInFlight, inFlight)
      sent++
      if (scheduled >= windowStart && scheduled < windowEnd) sentInWindow++
      const done = (code: number, detail: string) => {
        inFlight--
        finishedAt[k] = performance.now()
        latencies[k] = finishedAt[k] - scheduled
        status[k] = code
        if (code === 201) {
          created++
          return
        }
        if (code === 0) timedOut++
        if (k < warmupCount) warmupErrors++
        else errorCount++
        if (errors.length < 8) errors.push(`${code || 'network'} ${detail.slice(0, 240)}`)
      }
      account
        .request('POST', '/dashboard/orders', {
          type: buy ? 'buy' : 'sell',
          instrument: instrument.name,
          amount: instrument.amount,
          ...targets,
        })
        .then(
          (answer) => done(answer.status, answer.body),
          (error: Error) => done(0, error.message)
        )
    }

    // This load generator's own stalls (its garbage collection) delay sends and count as latency.
    const clientLoop = monitorEventLoopDelay({ resolution: 10 })
    const rssTimer = setInterval(() => rssSamples.push(rssMb(pid)), 250)
    await new Promise<void>((resolve) => {
      let next = 0
      const tick = () => {
        const now = performance.now()
        if (!measure && now >= windowStart) {
          if (QUERIES) server!.proc.send({ cmd: 'queries:start' })
          server!.proc.send({ cmd: 'loop:start' })
          clientLoop.enable()
          measure = {
            server: cpuSeconds(pid),
            serverSystem: cpuSplit(pid).system,
            market: marketPid ? cpuSeconds(marketPid) : 0,
            postgres: DB === 'pg' ? postgresCpuSeconds() : 0,
            machine: machineBusySeconds(),
            client: process.cpuUsage(),
            at: now,
          }
        }
        if (measure && !measured && now >= windowEnd) {
          if (QUERIES) queryLog.pending = server!.ask('queries:stop', {})
          loopLog.pending = server!.ask('loop:stop', {})
          clientLoop.disable()
          measured = {
            server: cpuSeconds(pid) - measure.server,
            serverSystem: cpuSplit(pid).system - measure.serverSystem,
            market: marketPid ? cpuSeconds(marketPid) - measure.market : 0,
            postgres: DB === 'pg' ? postgresCpuSeconds() - measure.postgres : 0,
            machine: machineBusySeconds() - measure.machine,
            client: process.cpuUsage(measure.client),
            seconds: (now - measure.at) / 1000,
          }
        }
        while (next < total && start + next * interval <= now) {
          fire(next, start + next * interval)
          next++
        }
        if (next < total || !measured) setTimeout(tick, 1)
        else resolve()
      }
      setTimeout(tick, Math.max(0, start - performance.now()))
    })
    const drainDeadline = performance.now() + TIMEOUT_MS + 2000
    while (inFlight > 0 && performance.now() < drainDeadline) await sleep(20)
    // Whatever is still unanswered (queued in the client or the server) is given up:
    // an error with no answer, whose order may or may not exist.
    const abandoned = inFlight
    if (abandoned) {
      say(`giving up on ${abandoned} unanswered requests`)
      for (const req of pending) req.destroy(new Error('given up at the end of the run'))
      while (inFlight > 0) await sleep(20)
    }
    clearInterval(rssTimer)
    rssSamples.push(rssMb(pid))

    const window = Array.from(
      { length: total - warmupCount },
      (_, i) => latencies[warmupCount + i]
    ).filter((v) => v > 0)
    const sorted = Float64Array.from(window).sort()
    if (SERIES) printSeries(latencies, warmupCount, total, interval)
    if (SERIES) {
      const { timeline } = await loopLog.pending!
      if (timeline)
        printTimeline(
          timeline,
          latencies,
          warmupCount,
          total,
          interval,
          performance.timeOrigin + start
        )
    }
    // 201s that completed inside the measured window (whenever scheduled): the server's work in it.
    const okInWindow = Array.from(finishedAt).filter(
      (t, i) => status[i] === 201 && t >= windowStart && t < windowEnd
    ).length
    const m = measured!

    const loop = await loopLog.pending!
    say('verifying wallets and orders')
    const check = await server.ask('verify', {})

    const result = {
      db: DB,
      session: SESSION,
      breakdownCpuMs: split ? Object.fromEntries(split.cpuMs) : null,
      rate: RATE,
      seconds: SECONDS,
      warmup: WARMUP,
      accounts: accounts.length,
      scheduled: total - warmupCount,
      sentPerSecond: sentInWindow / m.seconds,
      /** Throughput: 201s that completed inside the measured window, whenever they were scheduled. */
      okPerSecond: okInWindow / SECONDS,
      errors: errorCount,
      warmupErrors,
      unanswered: abandoned,
      latencyMs: {
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        p999: percentile(sorted, 99.9),
        max: sorted[sorted.length - 1],
        mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
      },
      maxInFlight,
      eventLoopDelayMs: { p50: loop.p50, p99: loop.p99, max: loop.max },
      /** Waits of the web process's queries for a connection of its pool, in the window. */
      poolWaitMs: loop.poolWait,
      /** The load generator's event-loop delay in the window (its stalls show as latency). */
      clientLoopDelayMs: {
        p99: Math.max(0, clientLoop.percentile(99) / 1e6 - 10),
        max: Math.max(0, clientLoop.max / 1e6 - 10),
      },
      topology: TOPOLOGY,
      serverCpuPercent: (m.server / m.seconds) * 100,
      serverSystemCpuPercent: (m.serverSystem / m.seconds) * 100,
      serverCpuMsPerOrder: (m.server * 1000) / Math.max(1, okInWindow),
      marketCpuPercent: marketPid ? (m.market / m.seconds) * 100 : null,
      postgresCpuPercent: DB === 'pg' ? (m.postgres / m.seconds) * 100 : null,
      clientCpuPercent: ((m.client.user + m.client.system) / 1e6 / m.seconds) * 100,
      /** Everything else on the machine during the window (other people's tests, the kernel, …). */
      otherCpuPercent:
        ((m.machine - m.server - m.market - m.postgres - (m.client.user + m.client.system) / 1e6) /
          m.seconds) *
        100,
      serverRssMb: { max: Math.max(...rssSamples), end: rssSamples[rssSamples.length - 1] },
      verify: { ...check, createdSeen: created + placedBefore, unknownOutcome: timedOut },
      errorSamples: errors,
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model ?? 'unknown',
        ramGb: totalmem() / 2 ** 30,
        node: process.version,
      },
    }
    report(result)
    if (result.otherCpuPercent > 25) {
      say(
        `POLLUTED: other processes used ${result.otherCpuPercent.toFixed(0)}% of a core during the window; re-run`
      )
    }
    if (queryLog.pending) {
      const { statements } = await queryLog.pending
      const orders = okInWindow || 1
      const all = statements.reduce((n, [, s]) => n + s.count, 0)
      const rowCount = statements.reduce((n, [, s]) => n + s.rows, 0)
      console.log(
        `SQL statements in the measured window: ${all}, ${(all / orders).toFixed(1)} per 201, returning ${(rowCount / orders).toFixed(1)} rows per 201`
      )
      console.log('  per 201   rows/201  statement')
      for (const [sql, { count, rows }] of statements.slice(0, 30)) {
        console.log(
          `  ${(count / orders).toFixed(2).padStart(7)}  ${(rows / orders).toFixed(1).padStart(8)}  ${sql.slice(0, 150)}`
        )
      }
      console.log('')
    }
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(result, null, 2))
    // A request the client gave up on (timeout) may still have committed: it is
    // an error above, and its order may or may not exist. Anything else is a
    // lost or phantom order.
    const stored = check.openOrders + check.closedOrders
    const lost = stored < created + placedBefore || stored > created + placedBefore + timedOut
    if (check.problems.length || lost) {
      say(`INTEGRITY PROBLEM: ${JSON.stringify(check)} (201s seen: ${created + placedBefore})`)
      process.exitCode = 1
    }
    if (SMOKE && (errorCount || warmupErrors || abandoned)) {
      say(`SMOKE FAILED: ${errorCount + warmupErrors} errors, ${abandoned} unanswered`)
      process.exitCode = 1
    }
  } finally {
    await server?.stop()
    await market?.stop()
    agent.destroy()
    if (BUILD) rmSync(compiledDir(BUILD_DIR_NAME), { recursive: true, force: true })
    await dropDatabase().catch((error) =>
      say(`could not drop the scratch database: ${error.message}`)
    )
    if (CPU_PROF) say(`CPU profile(s) in tmp/bench-orders-prof/`)
  }
}

/**
 * Server CPU per request, one request at a time (closed loop), for requests
 * that stop at successive depths of the order path: the framework floor
 * (session, CSRF, auth), the validator's refusal (the floor of a signed-in
 * JSON POST), and a placed order. The kinds take turns in rounds, so a noisy
 * moment on the shared machine falls on each alike, and the placed order is
 * reported as a multiple of the refusal measured in the same run.
 */
async function breakdown(accounts: Account[], pid: number) {
  let placed = 0
  const kinds: {
    name: string
    label: string
    expect: number
    send: (a: Account, i: number) => Promise<Answer>
  }[] = [
    {
      name: 'countries',
      label: 'GET /countries (session, CSRF cookie, auth lookup)',
      expect: 200,
      send: (a) => a.request('GET', '/countries'),
    },
    {
      name: 'refused',
      label: 'POST /dashboard/orders refused by the validator (422)',
      expect: 422,
      send: (a) => a.request('POST', '/dashboard/orders', { type: 'hold' }),
    },
    {
      name: 'placed',
      label: 'POST /dashboard/orders placed (201)',
      expect: 201,
      send: (a, i) => {
        const instrument = INSTRUMENTS[i % INSTRUMENTS.length]
        return a.request('POST', '/dashboard/orders', {
          type: 'buy',
          instrument: instrument.name,
          amount: instrument.amount,
        })
      },
    },
  ].filter((k) => BREAKDOWN === 'true' || BREAKDOWN.split(',').includes(k.name))
  const rounds = 5
  const perRound = Math.max(1, Math.round(BREAKDOWN_N / rounds))
  const totals = new Map(
    kinds.map((k) => [
      k.name,
      { cpu: 0, system: 0, wall: 0, n: 0, statuses: new Map<number, number>() },
    ])
  )
  let sent = 0
  const run = async (kind: (typeof kinds)[number], n: number) => {
    const statuses = new Map<number, number>()
    for (let i = 0; i < n; i++) {
      const answer = await kind.send(accounts[sent % accounts.length], sent)
      sent++
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      if (answer.status === 201) placed++
      if (answer.status !== kind.expect && SMOKE)
        say(`${kind.label}: ${answer.status} ${answer.body.slice(0, 200)}`)
    }
    return statuses
  }
  // Warm-up: the JIT, the pools and the caches settle before anything counts.
  for (const kind of kinds) await run(kind, Math.max(1, Math.round(BREAKDOWN_N / 5)))
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      const t = totals.get(kind.name)!
      const cpu0 = cpuSplit(pid)
      const t0 = performance.now()
      const statuses = await run(kind, perRound)
      t.wall += performance.now() - t0
      const cpu1 = cpuSplit(pid)
      t.cpu += cpu1.user + cpu1.system - cpu0.user - cpu0.system
      t.system += cpu1.system - cpu0.system
      t.n += perRound
      for (const [code, count] of statuses)
        t.statuses.set(code, (t.statuses.get(code) ?? 0) + count)
    }
  }
  console.log(
    `\nServer CPU per request, one request at a time (${rounds} interleaved rounds of ${perRound} per kind, session store: ${SESSION}):`
  )
  const cpuMs = new Map<string, number>()
  let unexpected = 0
  for (const kind of kinds) {
    const t = totals.get(kind.name)!
    cpuMs.set(kind.name, (t.cpu * 1000) / t.n)
    unexpected += t.n - (t.statuses.get(kind.expect) ?? 0)
    console.log(
      `  ${kind.label.padEnd(56)} ${((t.cpu * 1000) / t.n).toFixed(2)} ms CPU ` +
        `(kernel ${((t.system * 1000) / t.n).toFixed(2)}), ${(t.wall / t.n).toFixed(2)} ms round trip, ` +
        `statuses ${JSON.stringify(Object.fromEntries(t.statuses))}`
    )
  }
  const floor = cpuMs.get('refused')
  const order = cpuMs.get('placed')
  if (floor && order) {
    console.log(
      `  placed order ÷ floor (the 422): ${(order / floor).toFixed(2)}× ` +
        `(the order's own cost: ${(order - floor).toFixed(2)} ms CPU)`
    )
  }
  console.log('')
  return { placed, unexpected, cpuMs }
}

function report(r: any) {
  const f = (n: number | null, d = 1) => (n === null || !Number.isFinite(n) ? '—' : n.toFixed(d))
  const rows: [string, string][] = [
    ['database', r.db === 'pg' ? 'PostgreSQL' : 'SQLite'],
    ['session store', r.session],
    ['server Node flags', [...SHIPPED_FLAGS, ...NODE_FLAGS].join(' ') || 'none'],
    [
      'topology',
      r.topology === 'split'
        ? 'web process + separate market process'
        : 'one process, market role inside',
    ],
    ['target rate (orders/s)', String(r.rate)],
    ['sent rate (orders/s)', f(r.sentPerSecond)],
    ['throughput: 201s completed in the window (/s)', f(r.okPerSecond)],
    ['errors (non-201) / scheduled', `${r.errors} / ${r.scheduled}`],
    ['latency p50 (ms)', f(r.latencyMs.p50, 2)],
    ['latency p90 (ms)', f(r.latencyMs.p90, 2)],
    ['latency p95 (ms)', f(r.latencyMs.p95, 2)],
    ['latency p99 (ms)', f(r.latencyMs.p99, 2)],
    ['latency p99.9 (ms)', f(r.latencyMs.p999, 2)],
    ['latency max (ms)', f(r.latencyMs.max, 2)],
    ['max in flight', String(r.maxInFlight)],
    [
      'web server event-loop delay p50 / p99 / max (ms)',
      `${f(r.eventLoopDelayMs.p50, 1)} / ${f(r.eventLoopDelayMs.p99, 1)} / ${f(r.eventLoopDelayMs.max, 1)}`,
    ],
    [
      'web server pool waits: n, p50 / p99 / max (ms)',
      `${r.poolWaitMs.n}, ${f(r.poolWaitMs.p50, 2)} / ${f(r.poolWaitMs.p99, 2)} / ${f(r.poolWaitMs.max, 1)}`,
    ],
    [
      'load generator event-loop delay p99 / max (ms)',
      `${f(r.clientLoopDelayMs.p99, 1)} / ${f(r.clientLoopDelayMs.max, 1)}`,
    ],
    [
      'web server CPU (% of one core)',
      `${f(r.serverCpuPercent)} (kernel ${f(r.serverSystemCpuPercent)})`,
    ],
    ['web server CPU per 201 (ms)', f(r.serverCpuMsPerOrder, 2)],
    ['market process CPU (% of one core)', f(r.marketCpuPercent)],
    ['PostgreSQL CPU (% of one core)', f(r.postgresCpuPercent)],
    ['load generator CPU (% of one core)', f(r.clientCpuPercent)],
    ['other processes CPU (% of one core)', f(r.otherCpuPercent)],
    ['web server RSS max / end (MB)', `${f(r.serverRssMb.max, 0)} / ${f(r.serverRssMb.end, 0)}`],
    ['wallets checked / problems', `${r.verify.wallets} / ${r.verify.problems.length}`],
    [
      'orders stored / 201s seen (+ no answer)',
      `${r.verify.openOrders + r.verify.closedOrders} / ${r.verify.createdSeen} (+ ${r.verify.unknownOutcome})`,
    ],
  ]
  console.log(
    `\nPOST /dashboard/orders, open loop ${r.rate}/s over ${r.accounts} accounts, ${r.seconds} s measured after ${r.warmup} s warm-up`
  )
  console.log(
    `node ${r.machine.node}, ${r.machine.cpus} CPUs (${r.machine.model}), ${f(r.machine.ramGb, 0)} GB RAM\n`
  )
  const w = Math.max(...rows.map(([k]) => k.length))
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`)
  if (r.warmupErrors)
    console.log(`\n  (${r.warmupErrors} errors during warm-up, not counted above)`)
  if (r.errorSamples.length) console.log(`\n  first errors:\n    ${r.errorSamples.join('\n    ')}`)
  console.log('')
}

await main()
process.exit()

/** --series: the measured window's latencies per second, and the slow ones by phase in 2 s. */
function printSeries(latencies: Float64Array, from: number, total: number, interval: number) {
  const perSecond = new Map<number, number[]>()
  const phases = new Array<number>(10).fill(0)
  for (let k = from; k < total; k++) {
    const at = k * interval
    const second = Math.floor((at - from * interval) / 1000)
    const list = perSecond.get(second) ?? []
    list.push(latencies[k])
    perSecond.set(second, list)
    if (latencies[k] > SLOW_MS) phases[Math.floor((at % 2000) / 200)]++
  }
  say(`latency per second of the window (n, p50, p99, max ms, over ${SLOW_MS} ms):`)
  for (const [second, list] of perSecond) {
    const sorted = Float64Array.from(list).sort()
    const slow = list.filter((v) => v > SLOW_MS).length
    say(
      `  ${String(second).padStart(3)}s  ${list.length}  ${percentile(sorted, 50).toFixed(1)}  ${percentile(sorted, 99).toFixed(1)}  ${sorted[sorted.length - 1].toFixed(1)}  ${slow}`
    )
  }
  say(`requests over ${SLOW_MS} ms by phase in a 2 s cycle (200 ms bins): ${phases.join(' ')}`)
}

type Mark = [at: number, ms: number, what: string]
type ServerTimeline = { gc: Mark[]; requests: Mark[]; queries: Mark[] }

/**
 * --series: each 100 ms of the window with a slow request, beside what the server did in it:
 * its longest request inside the server, its slowest statement round trip, its collections.
 */
function printTimeline(
  t: ServerTimeline,
  latencies: Float64Array,
  from: number,
  total: number,
  interval: number,
  epochStart: number
) {
  const BIN = 100
  const windowEpoch = epochStart + from * interval
  const bin = (at: number) => Math.floor((at - windowEpoch) / BIN)
  const slow = new Map<number, number>()
  for (let k = from; k < total; k++)
    if (latencies[k] > SLOW_MS) {
      const b = bin(epochStart + k * interval)
      slow.set(b, (slow.get(b) ?? 0) + 1)
    }
  const worst = (marks: Mark[]) => {
    const out = new Map<number, Mark>()
    for (const m of marks) {
      const b = bin(m[0])
      if ((out.get(b)?.[1] ?? -1) < m[1]) out.set(b, m)
    }
    return out
  }
  const requests = worst(t.requests)
  const queries = worst(t.queries)
  const gcs = new Map<number, string[]>()
  for (const [at, ms, kind] of t.gc) {
    if (kind === 'minor' && ms < 2) continue
    const list = gcs.get(bin(at)) ?? []
    list.push(`${kind} ${ms.toFixed(1)}`)
    gcs.set(bin(at), list)
  }
  const gcTotal = t.gc.reduce((sum, [, ms]) => sum + ms, 0)
  say(
    `server timeline: ${t.requests.length} requests, ${t.queries.length} statements, ${t.gc.length} collections (${gcTotal.toFixed(0)} ms)`
  )
  say(
    '  100 ms bins with a slow request or a collection over 2 ms (slow, server max, query max, gc):'
  )
  const bins = [...new Set([...slow.keys(), ...gcs.keys()])].sort((a, b) => a - b)
  for (const b of bins) {
    const r = requests.get(b)
    const q = queries.get(b)
    say(
      `  ${((b * BIN) / 1000).toFixed(1).padStart(5)}s  ${String(slow.get(b) ?? 0).padStart(3)}  ${(r?.[1] ?? 0).toFixed(1).padStart(6)}  ${(q?.[1] ?? 0).toFixed(1).padStart(6)} ${q && q[1] > 10 ? q[2].replace(/\s+/g, ' ') : ''}  ${(gcs.get(b) ?? []).join(', ')}`
    )
  }
}
