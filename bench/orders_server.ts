/*
| Order-placement benchmark, server side (started by bench/orders.ts; not run alone).
|
| Boots the app exactly as bin/server.ts does (HTTP server, every middleware,
| the market role when MARKET_FEED=simulator) against the scratch database
| the parent migrated and seeded, then answers a few commands over IPC:
|
|   accounts  creates BENCH_ACCOUNTS funded customers through the app's own
|             models and ledger (approved KYC, Silver plan, a real USD wallet
|             funded by a ledger deposit) and returns their e-mails;
|   verify    checks every bench wallet after the run: its used margin equals
|             the margin of its open orders, its balance the sum of its ledger
|             entries, and the orders counted match the 201s the client saw;
|   stop      exits.
|
| Nothing here runs while the load is measured: timings come from the client.
*/
import 'reflect-metadata'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { createServer } from 'node:http'
import { Ignitor } from '@adonisjs/core'
import { withRequestIds } from '#services/request_ids'

const APP_ROOT = new URL('../', import.meta.url)
const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const send = (message: unknown) => process.send?.(message)

const ignitor = new Ignitor(APP_ROOT, { importer: IMPORTER })
await ignitor
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
  })
  .httpServer()
  .start((handle) => createServer(withRequestIds(handle)))

const { default: db } = await import('@adonisjs/lucid/services/db')
const { default: httpServer } = await import('@adonisjs/core/services/server')

/** Requests the server is still working on (a client that gave up does not stop them). */
let active = 0
httpServer.getNodeServer()?.on('request', (_req, res) => {
  active++
  res.once('close', () => active--)
})

async function idle(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  return active
}
const { default: hash } = await import('@adonisjs/core/services/hash')
const { DateTime } = await import('luxon')
const { default: Balance } = await import('#models/balance')
const { default: KycDocument } = await import('#models/kyc_document')
const { default: PricingPlan } = await import('#models/pricing_plan')
const { default: User } = await import('#models/user')
const { postEntry } = await import('#services/ledger_service')
const { money } = await import('#domain/money')

export const BENCH_PASSWORD = 'bench-orders-12345'
const FUNDING = '1000000'

async function createAccounts(count: number) {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  // One scrypt hash for every account: hashing is the login's cost, not the benchmark's.
  const password = await hash.make(BENCH_PASSWORD)
  const now = DateTime.now().toSQL({ includeOffset: false })
  const emails: string[] = []
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}@orders.bench`
    emails.push(email)
    await db.transaction(async (trx) => {
      await trx
        .insertQuery()
        .table('users')
        .insert({
          full_name: `Bench Trader ${i}`,
          email,
          password,
          role_id: 3,
          is_email_verified: true,
          email_verified_at: now,
          is_active: true,
          pricing_table_id: silver.id,
          created_at: now,
          updated_at: now,
        })
      const user = await User.query({ client: trx }).where('email', email).firstOrFail()
      const wallet = await Balance.create(
        {
          userId: user.id,
          mode: 'real',
          currency: 'USD',
          balance: '0',
          margin: '0',
          onHold: '0',
          version: 0,
        },
        { client: trx }
      )
      await postEntry(trx, {
        balanceId: wallet.id,
        type: 'deposit',
        amount: FUNDING,
        description: 'Benchmark funding',
      })
      await KycDocument.create(
        { userId: user.id, type: 'passport', status: 'approved', reviewedAt: DateTime.now() },
        { client: trx }
      )
      user.activeBalanceId = wallet.id
      await user.useTransaction(trx).save()
    })
  }
  return emails
}

/**
 * Every bench wallet: margin = Σ open orders' margin, balance = Σ ledger,
 * orders counted; once no request is running, from one consistent snapshot.
 */
async function verify() {
  const stillRunning = await idle()
  const pg = db.connection().dialect.name === 'postgres'
  return db.transaction(
    async (trx) => ({ stillRunning, ...(await checks(trx)) }),
    pg ? { isolationLevel: 'repeatable read' } : undefined
  )
}

async function checks(trx: import('@adonisjs/lucid/types/database').TransactionClientContract) {
  const wallets = await trx
    .from('balances')
    .join('users', 'users.id', 'balances.user_id')
    .where('users.email', 'like', 'bench-%@orders.bench')
    .select('balances.id', 'balances.balance', 'balances.margin')
  const ids = wallets.map((w) => w.id)
  const margins = await trx
    .from('orders')
    .whereIn('balance_id', ids)
    .whereNull('close_time')
    .groupBy('balance_id')
    .select('balance_id')
    .sum('margin_used as total')
    .count('* as n')
  const ledgers = await trx
    .from('ledger_entries')
    .whereIn('balance_id', ids)
    .groupBy('balance_id')
    .select('balance_id')
    .sum('amount as total')
  const closed = await trx
    .from('orders')
    .whereIn('balance_id', ids)
    .whereNotNull('close_time')
    .count('* as n')
  const marginOf = new Map(margins.map((m) => [m.balance_id, m]))
  const ledgerOf = new Map(ledgers.map((l) => [l.balance_id, l]))
  const problems: string[] = []
  let openOrders = 0
  for (const w of wallets) {
    const m = marginOf.get(w.id)
    openOrders += Number(m?.n ?? 0)
    // SQLite sums decimals as floats: compare at the columns' 8 decimals.
    const expectedMargin = money(m?.total ?? 0).toDecimalPlaces(8)
    if (!money(w.margin).equals(expectedMargin)) {
      problems.push(
        `wallet ${w.id}: margin ${w.margin} but open orders hold ${expectedMargin.toFixed()}`
      )
    }
    const ledger = money(ledgerOf.get(w.id)?.total ?? 0).toDecimalPlaces(8)
    if (!money(w.balance).equals(ledger)) {
      problems.push(`wallet ${w.id}: balance ${w.balance} but ledger sums to ${ledger.toFixed()}`)
    }
  }
  return {
    wallets: wallets.length,
    openOrders,
    closedOrders: Number(closed[0].n),
    problems: problems.slice(0, 10),
  }
}

/** How late the event loop runs timers: a stall here delays every request in flight. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 })

/*
| Diagnostics (--queries): every SQL statement the server runs while the load
| is measured, counted by its text, so the per-order query plan can be read.
*/
const statements = new Map<string, { count: number; rows: number }>()
let counting = false
let listening = false
function countQueries() {
  if (listening) return
  listening = true
  const knex = db.connection().getWriteClient()
  const shape = (sql: string) => sql.replace(/\s+/g, ' ').replace(/\b\d+\b/g, 'N')
  knex.on('query', (q: { sql: string }) => {
    if (!counting) return
    const sql = shape(q.sql)
    const seen = statements.get(sql) ?? { count: 0, rows: 0 }
    seen.count++
    statements.set(sql, seen)
  })
  knex.on('query-response', (response: unknown, q: { sql: string }) => {
    const seen = counting ? statements.get(shape(q.sql)) : undefined
    if (seen && Array.isArray(response)) seen.rows += response.length
  })
}

/*
| How long queries wait for a connection of the pool (tarn's acquire events), while the load is
| measured: time the web process spends between statements that the event loop does not show.
*/
const acquireWaits: number[] = []
let watchingPool = false
function watchPool() {
  if (watchingPool) return
  watchingPool = true
  const pool = (db.connection().getWriteClient() as any).client.pool
  const started = new Map<number, number>()
  pool.on('acquireRequest', (id: number) => started.set(id, performance.now()))
  const done = (id: number) => {
    const at = started.get(id)
    started.delete(id)
    if (at !== undefined && loopDelayEnabled) acquireWaits.push(performance.now() - at)
  }
  pool.on('acquireSuccess', done)
  pool.on('acquireFail', done)
}
let loopDelayEnabled = false

/*
| Diagnostics (--series): a timeline of the measured window in epoch milliseconds, so the client
| can put its slow requests beside what the server did then: garbage collections, the time each
| request spent inside the server (first byte in to last byte out) and each statement's round trip.
*/
const TIMELINE = process.env.BENCH_SERIES === '1'
type Mark = [at: number, ms: number, what: string]
const timeline = { gc: [] as Mark[], requests: [] as Mark[], queries: [] as Mark[] }
let timelineOn = false
let timelineWired = false
async function wireTimeline() {
  if (!TIMELINE || timelineWired) return
  timelineWired = true
  const epoch = (t: number) => performance.timeOrigin + t
  const { PerformanceObserver } = await import('node:perf_hooks')
  const gcKinds: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weak' }
  new PerformanceObserver((list) => {
    if (!timelineOn) return
    for (const e of list.getEntries()) {
      const kind = (e as any).detail?.kind ?? (e as any).kind
      timeline.gc.push([epoch(e.startTime), e.duration, gcKinds[kind] ?? String(kind)])
    }
  }).observe({ entryTypes: ['gc'] })
  const channels = await import('node:diagnostics_channel')
  const started = new WeakMap<object, number>()
  channels.subscribe('http.server.request.start', (m: any) =>
    started.set(m.response, performance.now())
  )
  channels.subscribe('http.server.response.finish', (m: any) => {
    const at = started.get(m.response)
    if (at !== undefined && timelineOn)
      timeline.requests.push([epoch(at), performance.now() - at, m.request.url ?? ''])
  })
  const knex = db.connection().getWriteClient()
  const sent = new Map<string, number>()
  knex.on('query', (q: { __knexQueryUid: string }) => sent.set(q.__knexQueryUid, performance.now()))
  knex.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const at = sent.get(q.__knexQueryUid)
    sent.delete(q.__knexQueryUid)
    if (at !== undefined && timelineOn)
      timeline.queries.push([epoch(at), performance.now() - at, q.sql.slice(0, 60)])
  })
  // A failed statement answers nothing: forget when it was sent.
  knex.on('query-error', (_e: unknown, q: { __knexQueryUid: string }) =>
    sent.delete(q.__knexQueryUid)
  )
}

/*
| Diagnostics (--heap-sample): V8's sampling heap profiler over the measured window. `major` keeps
| the samples of objects a major GC collected as well as the live ones: what fills the old space
| and then dies, the churn behind the mark-compacts. `all` keeps every sample (where the bytes are
| allocated, scavenged or not); `live` only what is still alive.
*/
const HEAP_SAMPLE = process.env.BENCH_HEAP_SAMPLE ?? ''
let inspectorSession: import('node:inspector').Session | undefined
async function heapSampling(action: 'start' | 'stop') {
  if (!HEAP_SAMPLE) return
  const { Session } = await import('node:inspector')
  const post = (method: string, params: object = {}) =>
    new Promise<any>((resolve, reject) =>
      inspectorSession!.post(method, params, (error, result) =>
        error ? reject(error) : resolve(result)
      )
    )
  if (action === 'start') {
    inspectorSession = new Session()
    inspectorSession.connect()
    await post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: HEAP_SAMPLE === 'major' || HEAP_SAMPLE === 'all',
      includeObjectsCollectedByMinorGC: HEAP_SAMPLE === 'all',
    })
    return
  }
  const { profile } = await post('HeapProfiler.stopSampling')
  const { mkdirSync, writeFileSync } = await import('node:fs')
  // The parent starts this process in the project's root (the compiled copy lives elsewhere).
  const dir = `${process.cwd()}/tmp/bench-orders-prof`
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${dir}/heap-${HEAP_SAMPLE}-${Date.now()}.heapprofile`, JSON.stringify(profile))
  inspectorSession!.disconnect()
}

process.on('message', async (message: { cmd: string; count?: number }) => {
  try {
    if (message.cmd === 'loop:start') {
      loopDelay.reset()
      loopDelay.enable()
      watchPool()
      acquireWaits.length = 0
      loopDelayEnabled = true
      await wireTimeline()
      timeline.gc.length = timeline.requests.length = timeline.queries.length = 0
      timelineOn = TIMELINE
      await heapSampling('start')
      send({ cmd: 'loop:start' })
    } else if (message.cmd === 'loop:stop') {
      loopDelay.disable()
      loopDelayEnabled = false
      timelineOn = false
      await heapSampling('stop')
      const waits = Float64Array.from(acquireWaits).sort()
      const at = (p: number) =>
        waits.length ? waits[Math.min(waits.length - 1, Math.floor((p / 100) * waits.length))] : 0
      // The histogram records the interval between its 10 ms timer ticks: the delay is what exceeds it.
      const ms = (ns: number) => Math.max(0, ns / 1e6 - 10)
      send({
        cmd: 'loop:stop',
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
        poolWait: {
          n: waits.length,
          p50: at(50),
          p99: at(99),
          max: waits.length ? waits[waits.length - 1] : 0,
        },
        timeline: TIMELINE ? timeline : undefined,
      })
    } else if (message.cmd === 'queries:start') {
      countQueries()
      statements.clear()
      counting = true
      send({ cmd: 'queries:start' })
    } else if (message.cmd === 'queries:stop') {
      counting = false
      send({
        cmd: 'queries:stop',
        statements: [...statements].sort((a, b) => b[1].count - a[1].count),
      })
    } else if (message.cmd === 'accounts') {
      const emails = await createAccounts(message.count ?? 200)
      send({ cmd: 'accounts', emails, password: BENCH_PASSWORD })
    } else if (message.cmd === 'verify') {
      send({ cmd: 'verify', ...(await verify()) })
    } else if (message.cmd === 'stop') {
      const { default: app } = await import('@adonisjs/core/services/app')
      await app.terminate()
      process.exit(0)
    }
  } catch (error) {
    send({ cmd: 'error', message: error instanceof Error ? error.stack : String(error) })
  }
})

// The parent went away (killed, crashed): never outlive it.
process.on('disconnect', () => process.exit(1))

send({ cmd: 'ready', pid: process.pid })
