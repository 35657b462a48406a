/*
| Risk engine benchmark: 100,000 open positions over 500 instruments.
|
| Measures the engine's own work, in process, with synthetic rows (no
| database): the time `onQuote` takes per tick (re-price that instrument's
| positions, check their targets, screen their wallets), and the time of a
| full margin re-scan (every position re-priced, every wallet screened).
| Targets sit far from the market and wallets are well funded, so no close is
| queued: what is timed is the screening every tick pays.
|
|   npm run bench:risk -- [--positions=100000] [--instruments=500] [--accounts=20000] [--ticks=50000]
|   --smoke: 1,000 positions, 20 instruments, 200 wallets, 2,000 ticks, 5 re-scans.
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
const POSITIONS = arg('positions', SMOKE ? 1_000 : 100_000)
const INSTRUMENTS = arg('instruments', SMOKE ? 20 : 500)
const ACCOUNTS = arg('accounts', SMOKE ? 200 : 20_000)
const TICKS = arg('ticks', SMOKE ? 2_000 : 50_000)
const RESCANS = arg('rescans', SMOKE ? 5 : 50)

// No database or HTTP is used; the app boots only for its services (logger, models).
process.env.NODE_ENV ??= 'development'
process.env.PORT ??= '3499'
process.env.HOST ??= 'localhost'
process.env.APP_KEY ??= 'bench-key-not-secret-0123456789abcdef'
process.env.LOG_LEVEL ??= 'warn'
process.env.SESSION_DRIVER ??= 'memory'
process.env.SQLITE_PATH ??= 'tmp/bench-risk.sqlite3'

const app = new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((a) => a.booting(async () => void (await import('#start/env'))))
  .createApp('console')
await app.init()
await app.boot()

const { RiskEngine } = await import('#services/market/risk_engine')
const { default: priceBook } = await import('#services/market/price_book')

const names = Array.from({ length: INSTRUMENTS }, (_, i) => `R${String(i).padStart(3, '0')}_USD`)
const mid = (i: number) => 1 + (i % 50) / 10
const fmt = (n: number) => n.toFixed(5)
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

const wallets = Array.from({ length: ACCOUNTS }, (_, i) => ({
  id: i + 1,
  user_id: i + 1,
  balance: '1000000',
  margin: '0',
  pricing_table_id: null,
}))
const orders = Array.from({ length: POSITIONS }, (_, i) => {
  const instrument = i % INSTRUMENTS
  const open = mid(instrument)
  const type = i % 2 === 0 ? 'buy' : 'sell'
  const wallet = wallets[i % ACCOUNTS]
  wallet.margin = String(Number(wallet.margin) + 100)
  return {
    id: i + 1,
    balance_id: wallet.id,
    instrument: names[instrument],
    kind: 'forex' as const,
    type: type as 'buy' | 'sell',
    trade_amount: '10000',
    open_rate: fmt(open),
    spread: '2',
    exchange_rate: '1',
    // Far from the market: never hit during the run.
    profit: fmt(type === 'buy' ? open * 2 : open / 2),
    loss: fmt(type === 'buy' ? open / 2 : open * 2),
  }
})

const engine = new RiskEngine()
const loadStart = performance.now()
engine.load(orders, wallets)
const loadMs = performance.now() - loadStart

// Ticks: a random walk of a few points on a random instrument each time.
let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const tickTimes = new Float64Array(TICKS)
for (let t = 0; t < TICKS; t++) {
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
  tickTimes[t] = performance.now() - start
}

const rescanTimes = new Float64Array(RESCANS)
for (let r = 0; r < RESCANS; r++) {
  const start = performance.now()
  engine.rescan()
  rescanTimes[r] = performance.now() - start
}

const stats = (values: Float64Array) => {
  const sorted = Array.from(values).sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length
  return {
    mean: mean.toFixed(4),
    p50: at(0.5).toFixed(4),
    p99: at(0.99).toFixed(4),
    max: at(1).toFixed(4),
  }
}

console.log(`risk engine: ${POSITIONS} positions, ${INSTRUMENTS} instruments, ${ACCOUNTS} wallets`)
console.log(`load into memory: ${loadMs.toFixed(1)} ms; engine holds ${engine.size} positions`)
console.log('per tick (ms):', stats(tickTimes), `over ${TICKS} ticks`)
console.log('full re-scan (ms):', stats(rescanTimes), `over ${RESCANS} re-scans`)
console.log(`RSS ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB, node ${process.version}`)
if (engine.size !== POSITIONS) {
  // Targets far away and wallets well funded: a position gone means the engine closed one it should not have.
  console.error(`FAILED: the engine holds ${engine.size} positions, not ${POSITIONS}`)
  process.exitCode = 1
}
await engine.stop()
await app.terminate()
