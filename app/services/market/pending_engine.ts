import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import priceBook, { type Quote } from '#services/market/price_book'
import marketEvents from '#services/market/market_events'
import marketClock from '#services/market/market_clock'
import { fillPendingOrder } from '#actions/pending_orders/fill_pending_order'
import { expirePendingOrder } from '#actions/pending_orders/expire_pending_order'
import { TriggerBooks, crossed, type InstrumentTrigger } from '#domain/trigger_book'
import { IndexedHeap, type HeapNode } from '#domain/indexed_heap'
import type { Fence } from '#services/market/market_lease'
import { liveTradeQuote, type TradeQuote } from '#services/market/trade_quote'
import * as reads from '#services/market/pending_reads'
import type { PendingRow } from '#services/market/pending_reads'

/**
 * The market role's watch over pending orders (issue 23 items 1, 4 and 5).
 *
 * Every pending order sits in its instrument's trigger book (four ordered
 * books: a quote checks only their tops, so a tick that crosses nothing costs
 * a map lookup and four comparisons) and, when it has one, in a min-heap of
 * expiries checked every second. A crossed entry leaves the book and its fill
 * is queued: `fillPendingOrder` re-reads the row, re-checks the trigger with
 * exact decimals and fills exactly once (compare-and-set on the status), so a
 * duplicate from a second engine, a customer's cancel at the same moment or
 * this engine's own retry is harmless.
 *
 * The book is read at start from plain rows, page by page, then kept from
 * the pending.* events (any web process publishes them after its commit); a
 * background pass over the pending rows' ids, prices and expiries repairs
 * what a missed event left wrong. A standby that takes over the lease starts
 * a new engine, which loads every pending order and resumes.
 */
export interface PendingEngineConstruction {
  /** The market lease's fence for the engine's fills and expiries (start/market.ts). */
  fence?: Fence
}

export interface PendingReconcileOptions {
  /** Pending rows compared per step (one query). */
  rowsPerStep?: number
  /** Pause between steps. */
  stepMs?: number
  /** Pause between whole passes. */
  passMs?: number
  /** How long a difference waits before the row is reloaded: its event may be on its way. */
  graceMs?: number
}

export interface PendingEngineOptions {
  /** Pending rows read per query at cold start. */
  pageSize?: number
  /** The background check of the book against the database; false: none. */
  reconcile?: PendingReconcileOptions | false
  /** How often due expiries are looked for. */
  expiryCheckMs?: number
  /**
   * Fills and reloads running at once (each holds a database connection while
   * it runs). Default: 4 on PostgreSQL; 1 on SQLite, whose one connection
   * serializes them anyway.
   */
  concurrency?: number
  /** Wait before a fill that was not due (or failed) is re-read and armed again. */
  retryMs?: number
}

/** What the engine knows of one pending order. */
interface Known {
  trigger: InstrumentTrigger
  /** ms since the epoch, null: good till cancelled. */
  expiresAt: number | null
  expiry: HeapNode<number> | null
  /** The last reconciliation pass that found it in the database. */
  seen: number
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A timestamp column as ms: Date on PostgreSQL, a local-time SQL string on SQLite (how Lucid writes it). */
export function timestampMs(value: Date | string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.getTime()
  if (typeof value === 'number') return value
  const sql = DateTime.fromSQL(value)
  const parsed = sql.isValid ? sql : DateTime.fromISO(value)
  return parsed.isValid ? parsed.toMillis() : null
}

let lastPass = 0

export class PendingEngine {
  #books = new TriggerBooks()
  #known = new Map<number, Known>()
  #expiries = new IndexedHeap<number>()
  #fence: Fence | undefined
  #stops: (() => void)[] = []
  #timers = new Set<NodeJS.Timeout>()
  #stopped = false
  #ready = false
  #loaded: Promise<void> = Promise.resolve()
  #options: Required<Omit<PendingEngineOptions, 'reconcile' | 'pageSize'>> = {
    expiryCheckMs: 1_000,
    concurrency: 4,
    retryMs: 1_000,
  }

  // The job queue: one chain per pending id (its jobs run in order), each key queued once, a few at a time.
  #chains = new Map<number, Promise<void>>()
  #queued = new Set<string>()
  #inflight = new Set<Promise<void>>()
  #running = 0
  #waiting: (() => void)[] = []

  #reconciler: { stop: () => Promise<void> } | null = null
  #suspects = new Map<number, number>()

  /** Fills committed, orders cancelled at fill (margin, not tradable), expiries; reloads that fixed a missed event. */
  stats = { filled: 0, cancelled: 0, notDue: 0, expired: 0, repairs: 0, passes: 0 }
  /** Time of the fills: waiting in the queue (from the crossing quote's arrival) and running, summed (ms). */
  timing = { fills: 0, queuedMs: 0, runMs: 0 }
  lastLoad = { rows: 0, ms: 0 }

  constructor(options: PendingEngineConstruction = {}) {
    this.#fence = options.fence
  }

  /** Loads every pending order and starts listening to quotes and pending-order news. */
  async start(options: PendingEngineOptions = {}) {
    this.#options = {
      expiryCheckMs: options.expiryCheckMs ?? 1_000,
      concurrency: options.concurrency ?? (db.connection().dialect.name === 'postgres' ? 4 : 1),
      retryMs: options.retryMs ?? 1_000,
    }
    // Subscribed before the book loads: news arriving meanwhile waits for the load, then re-reads.
    this.#stops.push(priceBook.onQuote((q) => this.onQuote(q)))
    this.#stops.push(
      marketEvents.on('pending.placed', ({ pendingId }) => this.reload(pendingId)),
      marketEvents.on('pending.changed', ({ pendingId }) => this.reload(pendingId)),
      marketEvents.on('pending.resolved', ({ pendingId }) => this.resolved(pendingId))
    )
    const load = this.loadBook(options.pageSize)
    this.#loaded = load.catch(() => {})
    try {
      await load
    } catch (error) {
      await this.stop()
      throw error
    }
    const expiryTimer = setInterval(() => this.checkExpiries(), this.#options.expiryCheckMs)
    expiryTimer.unref()
    this.#stops.push(() => clearInterval(expiryTimer))
    if (options.reconcile !== false) this.#startReconciler(options.reconcile || {})
    return () => this.stop()
  }

  async stop() {
    this.#stopped = true
    for (const stop of this.#stops.splice(0)) stop()
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    await this.#reconciler?.stop()
    await this.idle()
  }

  /** Resolves when every queued fill, expiry and reload has run. */
  async idle() {
    while (this.#inflight.size) await Promise.all([...this.#inflight])
  }

  /** Pending orders known (armed in a book, or with a fill or expiry under way). */
  get size() {
    return this.#known.size
  }

  /** Pending orders armed in the trigger books. */
  get armed() {
    return this.#books.size
  }

  has(pendingId: number) {
    return this.#known.has(pendingId)
  }

  isArmed(pendingId: number) {
    return this.#books.has(pendingId)
  }

  /**
   * Cold start: the pending orders page by page (keyset on id), as plain rows,
   * yielding to the event loop between queries; then every instrument is
   * checked once against its latest quote (a trigger crossed while no engine
   * ran fills now).
   */
  async loadBook(pageSize = 20_000) {
    const started = performance.now()
    this.#ready = false
    this.#books.clear()
    this.#known.clear()
    this.#expiries.clear()
    let after = 0
    for (;;) {
      const rows = await reads.pendingPage(after, pageSize)
      for (const row of rows) this.#arm(row)
      if (rows.length < pageSize) break
      after = rows[rows.length - 1].id
      await yieldToLoop()
    }
    this.#ready = true
    this.lastLoad = { rows: this.#known.size, ms: performance.now() - started }
    for (const name of this.#books.instrumentNames()) {
      const q = priceBook.get(name)
      if (q) this.onQuote(q)
    }
    this.checkExpiries()
    logger.info(
      { pending: this.size, ms: Math.round(this.lastLoad.ms) },
      'pending engine: book loaded'
    )
  }

  /** Replaces the book with these rows at once (the benchmark's synthetic book). */
  load(rows: PendingRow[]) {
    this.#books.clear()
    this.#known.clear()
    this.#expiries.clear()
    for (const row of rows) this.#arm(row)
    this.#ready = true
  }

  /** Work per tick: take out what this quote crosses and queue the fills. */
  onQuote(q: Quote) {
    if (this.#stopped || !this.#ready || q.tradeable === false) return
    const due = this.#books.due(q.name, Number(q.bids), Number(q.asks))
    for (const trigger of due) this.#enqueueFill(trigger, q)
  }

  /** Queues the expiry of every order whose expiry has passed. */
  checkExpiries(now = marketClock.now().toMillis()) {
    if (this.#stopped || !this.#ready) return
    for (let top = this.#expiries.peek(); top && top.key <= now; top = this.#expiries.peek()) {
      this.#expiries.pop()
      const id = top.value
      const known = this.#known.get(id)
      if (known) known.expiry = null
      this.#enqueue(id, `expire:${id}`, async () => {
        if (this.#stopped) return
        if (await expirePendingOrder(id, { fence: this.#fence })) {
          this.stats.expired++
          this.#forget(id)
        } else {
          // Not expired: filled or cancelled meanwhile, or its expiry moved. The row says which.
          await this.#reload(id)
        }
      })
    }
  }

  // The hooks the market events call.

  /** Placed or modified anywhere: re-read the row (armed while pending, forgotten otherwise). */
  reload(pendingId: number) {
    this.#enqueue(pendingId, `load:${pendingId}`, () => this.#reload(pendingId))
  }

  /** Filled, cancelled or expired anywhere. */
  resolved(pendingId: number) {
    // At once, so no tick fires it again; and again in turn, after a reload that may have read it pending.
    this.#forget(pendingId)
    this.#enqueue(pendingId, `resolved:${pendingId}`, async () => this.#forget(pendingId))
  }

  /** Runs one whole reconciliation pass now and the reloads it queues (tests, the benchmark). */
  async reconcile(options: { graceMs?: number; rowsPerStep?: number } = {}) {
    await this.#pass(options.rowsPerStep ?? 5_000, options.graceMs ?? 0, 0)
    await this.idle()
  }

  #enqueueFill(trigger: InstrumentTrigger, crossing: Quote) {
    const id = trigger.id
    const arrived = performance.now()
    this.#enqueue(id, `fill:${id}`, async () => {
      if (this.#stopped) return
      const started = performance.now()
      const result = await fillPendingOrder(id, this.#fillQuote(trigger, crossing), {
        fence: this.#fence,
      })
      this.timing.fills++
      this.timing.queuedMs += started - arrived
      this.timing.runMs += performance.now() - started
      if (result === 'filled' || result === 'cancelled') {
        this.stats[result]++
        this.#forget(id)
      } else if (result === 'gone') {
        this.#forget(id)
      } else {
        // Not due by the exact check (or the market would not fill it now): armed again shortly, as stored then.
        this.stats.notDue++
        this.#retryLater(id)
      }
    })
  }

  /**
   * The quote the fill trades at: the newest this process has when it still
   * crosses (a gap fills at market), else the one that crossed.
   */
  #fillQuote(trigger: InstrumentTrigger, crossing: Quote): TradeQuote {
    const latest = priceBook.get(trigger.instrument)
    const q =
      latest &&
      latest !== crossing &&
      latest.at >= crossing.at &&
      latest.tradeable !== false &&
      crossed(trigger, Number(latest.bids), Number(latest.asks))
        ? latest
        : crossing
    return liveTradeQuote(q)
  }

  #retryLater(id: number) {
    const timer = setTimeout(() => {
      this.#timers.delete(timer)
      this.reload(id)
    }, this.#options.retryMs)
    timer.unref()
    this.#timers.add(timer)
  }

  /** Re-reads one order: armed while pending (and checked against the latest quote), forgotten otherwise. */
  async #reload(id: number, repair = false) {
    const row = await reads.pendingOrder(id)
    if (this.#stopped) return
    if (repair && this.#differs(id, row)) {
      this.stats.repairs++
      logger.warn(
        { pendingId: id, book: this.#known.get(id)?.trigger ?? null, database: row },
        'pending engine: the book differed from the database (a missed event); order reloaded'
      )
    }
    if (!row) return this.#forget(id)
    const trigger = this.#arm(row)
    const q = priceBook.get(trigger.instrument)
    if (q && q.tradeable !== false && crossed(trigger, Number(q.bids), Number(q.asks))) {
      this.onQuote(q)
    }
  }

  #differs(id: number, row: PendingRow | null) {
    const known = this.#known.get(id)
    if (!row || !known) return !row !== !known
    return (
      known.trigger.price !== Number(row.price) ||
      known.trigger.instrument !== row.instrument ||
      known.expiresAt !== timestampMs(row.expires_at)
    )
  }

  /** Puts a pending row in its book and the expiry heap (replacing what was known of it). */
  #arm(row: PendingRow): InstrumentTrigger {
    const trigger: InstrumentTrigger = {
      id: row.id,
      instrument: row.instrument,
      type: row.type === 'sell' ? 'sell' : 'buy',
      execution: row.execution === 'stop' ? 'stop' : 'limit',
      price: Number(row.price),
    }
    const expiresAt = timestampMs(row.expires_at)
    const before = this.#known.get(row.id)
    if (before?.expiry) this.#expiries.remove(before.expiry)
    this.#books.add(trigger)
    this.#known.set(row.id, {
      trigger,
      expiresAt,
      expiry: expiresAt === null ? null : this.#expiries.push(row.id, expiresAt, row.id),
      seen: before?.seen ?? 0,
    })
    return trigger
  }

  #forget(id: number) {
    const known = this.#known.get(id)
    if (!known) return
    this.#known.delete(id)
    this.#books.remove(id)
    if (known.expiry) this.#expiries.remove(known.expiry)
  }

  /**
   * Runs side effects a few at a time; the jobs of one pending order in the
   * order queued (a reload never overtakes a fill). A key leaves the queue
   * when its job starts, so news arriving during a reload queues another.
   */
  #enqueue(id: number, key: string, job: () => Promise<void>): Promise<void> {
    if (this.#queued.has(key)) return Promise.resolve()
    this.#queued.add(key)
    const before = this.#chains.get(id)
    const run = async () => {
      if (before) await before
      await this.#loaded
      await this.#slot()
      this.#queued.delete(key)
      try {
        // Stopped (the lease lost or handed over): the next holder's engine does what is left.
        if (!this.#stopped) await job()
      } catch (error) {
        logger.error({ err: error, job: key }, 'pending engine job failed')
        // A fill or expiry that failed (a database error): the row is re-read and armed again.
        if (!key.startsWith('load:') && !key.startsWith('resolved:')) this.#retryLater(id)
      } finally {
        this.#release()
      }
    }
    const promise = run()
    this.#chains.set(id, promise)
    this.#inflight.add(promise)
    void promise.finally(() => {
      this.#inflight.delete(promise)
      if (this.#chains.get(id) === promise) this.#chains.delete(id)
    })
    return promise
  }

  async #slot() {
    if (this.#running < this.#options.concurrency) {
      this.#running++
      return
    }
    // The releasing job hands its slot over: the count stays.
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  #release() {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#running--
  }

  #startReconciler(options: PendingReconcileOptions) {
    const perStep = options.rowsPerStep ?? 5_000
    const stepMs = options.stepMs ?? 50
    const passMs = options.passMs ?? 10_000
    const graceMs = options.graceMs ?? 2_000
    let timer: NodeJS.Timeout | null = null
    let running: Promise<void> | null = null
    const schedule = () => {
      if (this.#stopped) return
      timer = setTimeout(async () => {
        timer = null
        running = this.#pass(perStep, graceMs, stepMs).catch((error) =>
          logger.error({ err: error }, 'pending engine: reconciliation failed')
        )
        await running
        running = null
        schedule()
      }, passMs)
      timer.unref()
    }
    schedule()
    this.#reconciler = {
      stop: async () => {
        if (timer) clearTimeout(timer)
        await running
      },
    }
  }

  /**
   * One pass: the pending rows' ids, prices and expiries, a page a step,
   * against what the engine knows; then what it knows that the pass did not
   * find. An order with a job under way is left to that job. A difference
   * seen past the grace period (an event committed but still on its way
   * looks like one for a moment) reloads that order alone.
   */
  async #pass(perStep: number, graceMs: number, stepMs: number) {
    const pass = ++lastPass
    let after = 0
    for (;;) {
      if (this.#stopped) return
      const rows = await reads.pendingPrices(after, perStep)
      const now = performance.now()
      for (const row of rows) {
        const known = this.#known.get(row.id)
        if (known) known.seen = pass
        if (this.#chains.has(row.id)) continue
        if (
          !known ||
          known.trigger.price !== Number(row.price) ||
          known.expiresAt !== timestampMs(row.expires_at)
        ) {
          this.#suspect(row.id, now)
        }
      }
      this.#repairDue(now, graceMs)
      if (rows.length < perStep) break
      after = rows[rows.length - 1].id
      if (stepMs > 0) await new Promise((resolve) => setTimeout(resolve, stepMs))
      else await yieldToLoop()
    }
    const now = performance.now()
    // Known here, not pending there: resolved by an event this engine missed.
    for (const [id, known] of this.#known) {
      if (known.seen !== pass && !this.#chains.has(id)) this.#suspect(id, now)
    }
    this.#repairDue(now, graceMs)
    this.stats.passes++
  }

  #suspect(id: number, now: number) {
    if (!this.#suspects.has(id)) this.#suspects.set(id, now)
  }

  #repairDue(now: number, graceMs: number) {
    for (const [id, since] of this.#suspects) {
      if (now - since < graceMs) continue
      this.#suspects.delete(id)
      this.#enqueue(id, `load:${id}`, () => this.#reload(id, true))
    }
  }
}
