/*
| Exposure screen benchmark (issue 24 item 3): 1,000,000 open positions.
|
| Loads a synthetic book into the risk engine (in memory, as its cold start
| leaves it), then times, over many runs:
|   - the figures: per-instrument sums → rows, every account's USD notional,
|     the top 10s and the margin-call screen (engine.exposureFigures);
|   - the whole snapshot the market role publishes each second
|     (exposureSnapshots.build: settings, today's realized P/L query, names,
|     decimal strings), against the configured database;
|   - the API's answer from a kept snapshot (latest → exposureView → JSON).
| Goal: the exposure screen's data in < 100 ms with 1,000,000 open positions.
|
|   npm run bench:exposure -- [--positions=1000000] [--instruments=200] [--accounts=100000] [--runs=30]
|   (the snapshot step needs a migrated database: DB_CONNECTION=pg PG_DB_NAME=… or SQLITE_PATH=…)
|   --smoke: 2,000 positions, 20 instruments, 200 wallets, 3 runs; the database
|     (SQLite tmp/bench-exposure.sqlite3 unless DB_CONNECTION=pg) is migrated
|     first and the snapshot step must succeed.
*/
import 'reflect-metadata'
import { performance } from 'node:perf_hooks'
import { Ignitor } from '@adonisjs/core'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`))
  return found ? Number(found.split('=')[1]) : fallback
}
const SMOKE = process.argv.includes('--smoke')
const POSITIONS = arg('positions', SMOKE ? 2_000 : 1_000_000)
const INSTRUMENTS = arg('instruments', SMOKE ? 20 : 200)
const ACCOUNTS = arg('accounts', SMOKE ? 200 : 100_000)
const RUNS = arg('runs', SMOKE ? 3 : 30)

process.env.NODE_ENV ??= 'development'
process.env.PORT ??= '3499'
process.env.HOST ??= 'localhost'
process.env.APP_KEY ??= 'bench-key-not-secret-0123456789abcdef'
process.env.LOG_LEVEL ??= 'warn'
process.env.SESSION_DRIVER ??= 'memory'
process.env.SQLITE_PATH ??= 'tmp/bench-exposure.sqlite3'

const app = new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((a) => a.booting(async () => void (await import('#start/env'))))
  .createApp('console')
await app.init()
await app.boot()
if (SMOKE) {
  const { migrateBooted } = await import('./app_env.js')
  await migrateBooted(app)
}

const { RiskEngine } = await import('#services/market/risk_engine')
const { default: priceBook } = await import('#services/market/price_book')
const { default: exposureSnapshots } = await import('#services/market/exposure_snapshots')
const { exposureView } = await import('#transformers/exposure_transformer')

// A mix of quote currencies, so the USD conversions are exercised: …_USD, …_JPY (via USD_JPY), …_EUR (via EUR_USD).
const QUOTES = ['USD', 'USD', 'JPY', 'EUR']
const names = Array.from(
  { length: INSTRUMENTS },
  (_, i) => `X${String(i).padStart(3, '0')}_${QUOTES[i % QUOTES.length]}`
)
const mid = (i: number) => (QUOTES[i % QUOTES.length] === 'JPY' ? 150 : 1) * (1 + (i % 50) / 10)
const fmt = (n: number) => n.toFixed(5)
const put = (name: string, bid: number) =>
  priceBook.put({
    name,
    bids: fmt(bid),
    asks: fmt(bid * 1.0002),
    closeoutBid: fmt(bid),
    closeoutAsk: fmt(bid * 1.0002),
    at: Date.now(),
  })
put('USD_JPY', 150)
put('EUR_USD', 1.08)
for (const [i, name] of names.entries()) put(name, mid(i))

const wallets = Array.from({ length: ACCOUNTS }, (_, i) => ({
  id: i + 1,
  user_id: i + 1,
  balance: '100000',
  margin: '0',
  pricing_table_id: null,
  mode: i % 5 === 0 ? 'demo' : 'real',
  currency: i % 7 === 0 ? 'EUR' : 'USD',
}))
const orders = Array.from({ length: POSITIONS }, (_, i) => {
  const instrument = (i * 7919) % INSTRUMENTS
  const wallet = wallets[i % ACCOUNTS]
  wallet.margin = String(Number(wallet.margin) + 100)
  return {
    id: i + 1,
    balance_id: wallet.id,
    instrument: names[instrument],
    kind: 'forex' as const,
    type: (i % 3 === 0 ? 'sell' : 'buy') as 'buy' | 'sell',
    trade_amount: String(1000 * (1 + (i % 10))),
    open_rate: fmt(mid(instrument) * (1 + ((i % 21) - 10) / 1000)),
    spread: '2',
    exchange_rate: '1',
    profit: null,
    loss: null,
  }
})

const engine = new RiskEngine()
const loadStart = performance.now()
engine.load(orders, wallets)
const loadMs = performance.now() - loadStart
orders.length = 0
// The load's garbage is collected before timing (npm script runs node with --expose-gc).
;(globalThis as { gc?: () => void }).gc?.()

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
  return { median: at(0.5).toFixed(1), p99: at(0.99).toFixed(1), max: at(1).toFixed(1) }
}

const figureTimes: number[] = []
for (let r = 0; r < RUNS; r++) {
  const start = performance.now()
  engine.exposureFigures(100)
  figureTimes.push(performance.now() - start)
}

// The per-instrument part alone (the running sums → rows: constant work per instrument).
const rowTimes: number[] = []
const lookup = (name: string) => {
  const q = priceBook.get(name)
  return q ? { bid: Number(q.bids), ask: Number(q.asks) } : null
}
for (let r = 0; r < RUNS; r++) {
  const start = performance.now()
  engine.exposure.figures([], [], lookup, 100)
  rowTimes.push(performance.now() - start)
}

console.log(
  `exposure: ${engine.size} positions, ${INSTRUMENTS} instruments, ${engine.wallets} wallets (load ${loadMs.toFixed(0)} ms)`
)
console.log('per-instrument rows only (ms):', stats(rowTimes), `over ${RUNS} runs`)
console.log(
  'figures from the book, with the account rankings (ms):',
  stats(figureTimes),
  `over ${RUNS} runs`
)

try {
  const buildTimes: number[] = []
  const apiTimes: number[] = []
  let bytes = 0
  for (let r = 0; r < RUNS; r++) {
    exposureSnapshots.forget()
    const start = performance.now()
    const snapshot = await exposureSnapshots.build(engine)
    exposureSnapshots.publish(snapshot)
    buildTimes.push(performance.now() - start)
    const apiStart = performance.now()
    const body = JSON.stringify(exposureView(await exposureSnapshots.latest(), 'real'))
    apiTimes.push(performance.now() - apiStart)
    bytes = body.length
  }
  console.log(
    'whole snapshot, with the realized-P/L query (ms):',
    stats(buildTimes),
    `over ${RUNS} runs`
  )
  console.log('API answer from the kept snapshot (ms):', stats(apiTimes), `${bytes} bytes`)
} catch (error) {
  console.log(`snapshot step skipped (needs a migrated database): ${(error as Error).message}`)
  // A smoke run migrated the database: the step failing there is the code failing.
  if (SMOKE) process.exitCode = 1
}
console.log(`RSS ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB, node ${process.version}`)
await engine.stop()
await app.terminate()
