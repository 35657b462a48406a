import logger from '@adonisjs/core/services/logger'
import Order from '#models/order'
import priceBook, { type Quote } from '#services/market/price_book'
import marketEvents, { type OpenedRows } from '#services/market/market_events'
import feedHealth from '#services/market/feed_health'
import { notifyUser, signalAccountChanged } from '#services/notification_service'
import settings from '#services/settings_service'
import { liveTradeQuote } from '#services/market/trade_quote'
import {
  endMarginCall,
  openMarginCall,
  walletsInMarginCall,
} from '#actions/margin_calls/margin_call_episodes'
import { marginCallLevelFrom, DEFAULT_MARGIN_CALL_LEVEL } from '#domain/book_settings'
import { marginCallStep } from '#domain/margin_calls'
import { closeOrder } from '#actions/orders/close_order'
import { persistTrailedStop } from '#actions/orders/persist_trailed_stop'
import { stopOutAccount } from '#actions/orders/stop_out_account'
import { triggeredTarget } from '#domain/risk'
import { DEFAULT_STOP_OUT } from '#domain/trading'
import { priceDecimals, type Category } from '#domain/instruments'
import { toDbDecimal } from '#domain/money'
import { trailedStop } from '#domain/trailing'
import type { Fence } from '#services/market/market_lease'
import {
  KINDS,
  digestOf,
  digestsDiffer,
  sameStopOuts,
  stopOutsOfRow,
  type BookDigest,
} from '#domain/risk_book'
import * as reads from '#services/market/risk_book_reads'
import { ExposureBook } from '#services/market/exposure_book'
import type { BookMode, SideSums } from '#domain/exposure'
import type { OrderRow, PlanRow, WalletRow } from '#services/market/risk_book_reads'
import {
  BookReconciler,
  type ReconciledBook,
  type ReconcilerOptions,
} from '#services/market/risk_reconciler'

/**
 * The server's risk engine (issue 3 §5, DESIGN.md "Money and trading rules").
 *
 * It keeps every open position in memory, indexed by instrument, with each
 * wallet's running P/L. On every quote it re-prices only that instrument's
 * positions and only their wallets: take-profit, stop-loss, stop-out and the
 * margin call. Floats are used here to *screen* quickly; every decision that
 * moves money is re-made with exact decimals by the actions it calls
 * (closeOrder confirms the trigger, stopOutAccount recomputes the margin level).
 *
 * Closing is exactly-once in the database, so a duplicate request from a
 * browser, a second engine, or this engine's own retry is harmless.
 *
 * The book (issue 22 item 2) is read once at start from plain rows, page by
 * page, then kept from events: each hook re-reads only what changed (one
 * order, one wallet, one plan). A background reconciler compares it with the
 * database wallet by wallet and reloads the few a missed event left wrong.
 *
 * Trailing stops (issue 23 item 2): on each quote, a trailing position whose
 * trail improves its stop moves its stop in memory at once (the stop-loss
 * check of the same tick uses it) and queues a job that stores it; the
 * stored stop is the whole state, so a restart resumes from it.
 */
interface Position {
  id: number
  kind: Category
  type: 'buy' | 'sell'
  amount: number
  openRate: number
  spread: number
  exchangeRate: number
  /** Targets as floats for the screen; the exact ones are re-read before a close. */
  tp: number | null
  sl: number | null
  /** The trailing stop; null for most positions, so the hot loop skips them with one test. */
  trail: Trail | null
  pl: number
  /** The dealing desk's view (issue 24 item 3): where it is filed in the exposure book. */
  instrument: string
  quote: string
  exposure: SideSums | null
  accountSlot: number
  /** Its wallet, held directly: the hot loops do no map lookups. */
  account: Account
  /** Its instrument's positions, and its index there: removal takes constant time. */
  list: Position[]
  slot: number
}

interface Trail {
  /** Distance in price units: a float for the screen, the exact decimal for the move. */
  distance: number
  exact: string
  /** The instrument's price digits, which the stop is rounded to. */
  digits: number
  /** The stop as an exact decimal: as read, or as last trailed here. */
  stop: string | null
}

interface Account {
  balanceId: number
  userId: number
  /** Null until its row is read: its positions join the exposure book then. */
  mode: BookMode | null
  currency: string
  /** Scratch of the exposure snapshot being built (USD), and its slot there. */
  usdNotional: number
  exposureSlot: number
  /** The owner's plan, whose stop-outs apply (null: the default 50 %). */
  planId: number | null
  balance: number
  margin: number
  /** Sum of its positions' `pl`. */
  pl: number
  /** Stop-out percent of each kind, from the owner's plan (default 50). */
  stopOut: Record<Category, number>
  positions: Set<Position>
  /** The highest stop-out percent among its positions' kinds, kept as positions come and go. */
  highestStopOut: number
  /** In a margin-call episode (as this engine last decided; the margin_calls table is the truth). */
  marginCalled: boolean
  /** The last reconciliation pass that found it in the database. */
  seen: number
}

export interface RiskEngineConstruction {
  /** The market lease's fence for the engine's closes and stop-outs (start/market.ts). */
  fence?: Fence
}

export interface RiskEngineOptions {
  /** Open orders read per query at cold start. */
  pageSize?: number
  /** The background check of the book against the database; false: none. */
  reconcile?: ReconcilerOptions | false
}

const DEFAULT_STOP_OUTS = Object.fromEntries(KINDS.map((k) => [k, DEFAULT_STOP_OUT])) as Record<
  Category,
  number
>
/** How often the margin-call level is re-read from the (cached) site settings. */
const SETTINGS_EVERY_MS = 10_000
/** Wallets read per query (well under SQLite's limit of bound parameters). */
const WALLET_CHUNK = 5_000

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The queued jobs (`${job}:${orderId}`) that bring an order's news into the book. */
const ORDER_JOBS = ['load', 'close', 'order', 'trail'] as const

export class RiskEngine {
  #byInstrument = new Map<string, Position[]>()
  #positions = new Map<number, Position>()
  #accounts = new Map<number, Account>()
  /** Stop-outs of each plan, as stored at the last read. */
  #plans = new Map<number, Record<Category, number>>()
  #queued = new Set<string>()
  #queue: (() => Promise<void>)[] = []
  #draining: Promise<void> | null = null
  #stops: (() => void)[] = []
  #stopped = false
  #fence: Fence | undefined
  /** Exposure per instrument, mode and side, kept as positions come and go (issue 24 item 3). */
  readonly exposure = new ExposureBook()
  /** The site's margin-call level (issue 24 item 5): a float for the screen, the exact text for the episode. */
  #callLevel = Number(DEFAULT_MARGIN_CALL_LEVEL)
  #callLevelExact = DEFAULT_MARGIN_CALL_LEVEL

  constructor(options: RiskEngineConstruction = {}) {
    this.#fence = options.fence
  }
  /** False while the book loads: quotes wait for the whole book. */
  #ready = false
  #reconciler: BookReconciler | null = null
  /** Wallets the reconciler found wrong and reloaded (missed events). */
  repairs = 0
  /** How long the last cold start took: the orders, their wallets, in all (ms). */
  lastLoad = { ordersMs: 0, walletsMs: 0, ms: 0 }

  /** Loads every open position and starts listening to quotes and order news. */
  async start(options: RiskEngineOptions = {}) {
    // Subscribed before the book loads: news arriving meanwhile queues behind the load.
    this.#stops.push(priceBook.onQuote((q) => this.onQuote(q)))
    // Written here or in any other process (market_events crosses them), each announced after its commit.
    this.#stops.push(
      marketEvents.on('order.opened', ({ orderId, rows }) => this.orderOpened(orderId, rows)),
      marketEvents.on('order.changed', ({ orderId }) => this.orderChanged(orderId)),
      marketEvents.on('order.closed', ({ orderId, balanceId }) =>
        this.orderClosed(orderId, balanceId)
      ),
      // A deposit, withdrawal, transfer or staff edit moves the balance its stop-outs are measured on.
      marketEvents.on('wallet.changed', ({ balanceId }) => this.walletChanged(balanceId)),
      // A staff edit of a plan applies its stop-outs at once; so does a customer's switch to another plan.
      marketEvents.on('plan.changed', ({ planId }) => this.planChanged(planId)),
      marketEvents.on('user.plan', ({ userId }) => this.userPlanChanged(userId))
    )
    let failure: unknown = null
    this.#enqueue('settings', () => this.refreshSettings())
    const settingsTimer = setInterval(
      () => this.#enqueue('settings', () => this.refreshSettings()),
      SETTINGS_EVERY_MS
    )
    settingsTimer.unref()
    this.#stops.push(() => clearInterval(settingsTimer))
    this.#enqueue('load', () => this.loadBook(options.pageSize).catch((e) => void (failure = e)))
    await this.idle()
    if (failure) {
      await this.stop()
      throw failure
    }
    if (options.reconcile !== false) {
      this.#reconciler = new BookReconciler(this.#reconciled(), options.reconcile || {})
      this.#reconciler.start()
    }
    return () => this.stop()
  }

  async stop() {
    this.#stopped = true
    for (const stop of this.#stops.splice(0)) stop()
    await this.#reconciler?.stop()
    await this.idle()
  }

  /** Re-reads the margin-call level; accounts are screened against it from their next quote. */
  async refreshSettings() {
    const level = marginCallLevelFrom(await settings.rows())
    this.#callLevelExact = level
    this.#callLevel = Number(level)
  }

  /** Resolves when every queued close and reload has run. */
  async idle() {
    while (this.#draining) await this.#draining
  }

  get size() {
    return this.#positions.size
  }

  get wallets() {
    return this.#accounts.size
  }

  has(orderId: number) {
    return this.#positions.has(orderId)
  }

  /** What the book holds of a wallet (tests, diagnostics); null when it holds nothing. */
  wallet(balanceId: number) {
    const account = this.#accounts.get(balanceId)
    if (!account) return null
    return {
      balance: account.balance,
      margin: account.margin,
      planId: account.planId,
      highestStopOut: account.highestStopOut,
      ...digestOf(account.positions),
    }
  }

  /** The exposure screen's figures at the latest prices (app/services/market/exposure_snapshots.ts). */
  exposureFigures(marginCallLevel: number) {
    return this.exposure.figures(
      this.#byInstrument.entries(),
      this.#accounts.values(),
      (name) => {
        const q = priceBook.get(name)
        return q ? { bid: Number(q.bids), ask: Number(q.asks) } : null
      },
      marginCallLevel
    )
  }

  get ready() {
    return this.#ready && !this.#stopped
  }

  /** The background reconciler (null before start and when turned off). */
  get reconciler() {
    return this.#reconciler
  }

  /** Runs one whole reconciliation pass now and its reloads (tests, the benchmark). */
  async reconcile(options: ReconcilerOptions = {}) {
    await new BookReconciler(this.#reconciled(), { graceMs: 0, ...options }).pass()
    await this.idle()
  }

  // The hooks the market events call (contract of issue 22): each re-reads only what changed.

  /** `rows`: the order and wallet as this process's placement committed them (no read back). */
  orderOpened(id: number, rows?: OpenedRows) {
    this.#enqueue(`load:${id}`, () => this.#loadOrder(id, rows))
  }

  orderChanged(id: number) {
    this.#enqueue(`load:${id}`, () => this.#loadOrder(id))
  }

  orderClosed(id: number, balanceId: number) {
    // At once, so no tick fires its targets again; and again in turn, after a reload that may have read it open.
    this.#remove(id)
    this.#enqueue(`close:${id}`, async () => {
      this.#remove(id)
      await this.#refreshWallet(balanceId)
    })
  }

  walletChanged(balanceId: number) {
    // A wallet with nothing open is not screened; its first order reads it.
    if (!this.#accounts.has(balanceId)) return
    this.#enqueue(`wallet:${balanceId}`, () => this.#refreshWallet(balanceId).then(() => {}))
  }

  planChanged(planId: number) {
    this.#enqueue(`plan:${planId}`, () => this.#applyPlan(planId))
  }

  userPlanChanged(userId: number) {
    this.#enqueue(`user:${userId}`, () => this.#refreshUser(userId))
  }

  /**
   * Cold start: the open orders page by page (keyset on id), then their
   * wallets, as plain rows, yielding to the event loop between queries.
   */
  async loadBook(pageSize = 20_000) {
    const started = performance.now()
    this.#ready = false
    const calledBefore = this.#reset()
    for (const plan of await reads.plans()) this.#plans.set(plan.id, stopOutsOfRow(plan))
    let after = 0
    for (;;) {
      const rows = await reads.openOrdersPage(after, pageSize)
      for (const row of rows) this.#add(row, this.#accounts.get(row.balance_id) ?? this.#blank(row))
      if (rows.length < pageSize) break
      after = rows[rows.length - 1].id
      await yieldToLoop()
    }
    const ordersMs = performance.now() - started
    const ids = [...this.#accounts.keys()]
    const found = new Set<number>()
    for (let i = 0; i < ids.length; i += WALLET_CHUNK) {
      for (const w of await reads.wallets(ids.slice(i, i + WALLET_CHUNK))) {
        found.add(w.id)
        this.#setWallet(this.#accounts.get(w.id)!, w, await this.#stopOutsOf(w.pricing_table_id))
      }
      await yieldToLoop()
    }
    for (const id of ids) if (!found.has(id)) this.#drop(id)
    const walletsMs = performance.now() - started - ordersMs
    // Episodes open in the database (this or an earlier process) are the truth: kept, or ended if nothing is open.
    calledBefore.clear()
    for (const balanceId of await walletsInMarginCall()) {
      calledBefore.add(balanceId)
      if (!this.#accounts.has(balanceId)) this.#syncMarginCallLater(balanceId)
    }
    this.#finishLoad(calledBefore)
    // Every instrument priced and checked once (targets too), an instrument at a time.
    for (const name of [...this.#byInstrument.keys()]) {
      const q = priceBook.get(name)
      if (q) this.onQuote(q)
      await yieldToLoop()
    }
    this.lastLoad = { ordersMs, walletsMs, ms: performance.now() - started }
    logger.info(
      { positions: this.size, wallets: this.wallets, ms: Math.round(this.lastLoad.ms) },
      'risk engine: book loaded'
    )
  }

  /** Replaces the book with these rows at once (the benchmark's synthetic book). */
  load(orders: OrderRow[], walletRows: WalletRow[], planRows: PlanRow[] = []) {
    const calledBefore = this.#reset()
    for (const plan of planRows) this.#plans.set(plan.id, stopOutsOfRow(plan))
    for (const w of walletRows) {
      const stopOut =
        (w.pricing_table_id && this.#plans.get(w.pricing_table_id)) || DEFAULT_STOP_OUTS
      this.#setWallet(this.#blank({ balance_id: w.id }), w, stopOut)
    }
    // Grouped by instrument, so each instrument's positions sit together in memory for the hot loops.
    for (const o of [...orders].sort((a, b) =>
      a.instrument < b.instrument ? -1 : a.instrument > b.instrument ? 1 : 0
    )) {
      const account = this.#accounts.get(o.balance_id)
      if (account) this.#add(o, account)
    }
    this.#finishLoad(calledBefore)
    this.rescan()
  }

  #reset() {
    const calledBefore = new Set(
      [...this.#accounts.values()].filter((a) => a.marginCalled).map((a) => a.balanceId)
    )
    this.#byInstrument.clear()
    this.#positions.clear()
    this.#accounts.clear()
    this.#plans.clear()
    this.exposure.clear()
    return calledBefore
  }

  #finishLoad(calledBefore: Set<number>) {
    for (const account of this.#accounts.values()) {
      account.highestStopOut = highestStopOutOf(account)
      if (calledBefore.has(account.balanceId)) account.marginCalled = true
    }
    this.#ready = true
  }

  /** Re-prices every position from the latest quotes and screens every wallet (the full margin re-scan). */
  rescan() {
    for (const [name, positions] of this.#byInstrument) {
      const q = priceBook.get(name)
      if (!q) continue
      const bid = Number(q.bids)
      const ask = Number(q.asks)
      for (const p of positions) this.#reprice(p, bid, ask)
    }
    for (const account of this.#accounts.values()) this.#screen(account)
  }

  /** Work per tick: re-price this instrument's positions, screen their wallets. */
  onQuote(q: Quote) {
    if (this.#stopped || !this.#ready) return
    const positions = this.#byInstrument.get(q.name)
    if (!positions || positions.length === 0) return
    const bid = Number(q.bids)
    const ask = Number(q.asks)
    const touched = new Set<Account>()
    for (const p of positions) {
      this.#reprice(p, bid, ask)
      const rate = p.type === 'sell' ? bid : ask
      if (p.trail !== null) this.#trailStop(p, p.trail, rate, q)
      if (
        (p.sl !== null && (p.type === 'sell' ? p.sl <= rate : p.sl >= rate)) ||
        (p.tp !== null && (p.type === 'sell' ? p.tp >= rate : p.tp <= rate))
      ) {
        this.#enqueueTarget(p, q)
      }
      touched.add(p.account)
    }
    for (const account of touched) this.#screen(account)
  }

  /**
   * Moves a trailing stop that the quote improves: in memory at once, stored
   * by a queued job (one per position in the queue, writing the latest stop,
   * so a burst of ticks is one write). The float screen skips the usual tick
   * where the stop does not move; the move itself is exact.
   */
  #trailStop(p: Position, t: Trail, rate: number, q: Quote) {
    if (
      p.sl !== null &&
      (p.type === 'sell' ? rate + t.distance >= p.sl : rate - t.distance <= p.sl)
    )
      return
    const stop = trailedStop({
      type: p.type,
      bid: q.bids,
      ask: q.asks,
      distance: t.exact,
      digits: t.digits,
      stop: t.stop,
    })
    if (stop === null) return
    t.stop = stop
    p.sl = Number(stop)
    this.#enqueue(`trail:${p.id}`, () => this.#persistTrail(p.id))
  }

  async #persistTrail(id: number) {
    const p = this.#positions.get(id)
    if (!p?.trail?.stop) return
    const written = await persistTrailedStop({
      orderId: id,
      type: p.type,
      stop: p.trail.stop,
      fence: this.#fence,
    }).catch((error) => {
      // A failed write must not leave the book's stop ahead of the stored one (a close re-checks the
      // stored stop): re-read it; the next improving tick moves and stores it again.
      logger.error({ err: error, orderId: id }, 'risk engine: trailing stop not stored')
      return false
    })
    // The positions table shows the new stop at once (the page re-reads its positions).
    if (written) signalAccountChanged(p.account.userId)
    // Closed, no longer trailing, or a better stop stored meanwhile: the database knows better.
    else await this.#loadOrder(id)
  }

  #reprice(p: Position, bid: number, ask: number) {
    const current = p.type === 'sell' ? bid : ask
    const move = p.type === 'sell' ? p.openRate - current : current - p.openRate
    const pl = (p.amount * move - p.spread) / p.exchangeRate
    p.account.pl += pl - p.pl
    p.pl = pl
  }

  /** Float screen of a wallet: a possible stop-out goes to the exact check; margin calls notify once. */
  #screen(account: Account) {
    if (account.positions.size === 0 || account.margin <= 0) return
    const equity = account.balance + account.pl
    const level = (equity / account.margin) * 100
    const highestStopOut = account.highestStopOut
    // A small margin above the threshold absorbs float error; the exact check decides.
    if (equity <= 1e-6 || level <= highestStopOut * (1 + 1e-9) + 1e-9) {
      this.#enqueue(`wallet:${account.balanceId}`, async () => {
        await stopOutAccount(account.balanceId, { fence: this.#fence })
        await this.#refreshWallet(account.balanceId)
      })
      return
    }
    // A margin-call episode starts or ends: a job only on the change, never per tick.
    const step = marginCallStep({
      open: account.marginCalled,
      positions: account.positions.size,
      marginLevel: level,
      callLevel: this.#callLevel,
      stopOutLevel: highestStopOut,
    })
    if (step === null) return
    account.marginCalled = step === 'enter'
    this.#syncMarginCallLater(account.balanceId)
  }

  /**
   * One job per wallet brings the database's episode to the book's state as
   * it stands when the job runs (so an enter and a leave queued in a burst
   * settle on the last): open one (the exact check, the unique insert, the
   * notice and e-mail) or end the open one.
   */
  #syncMarginCallLater(balanceId: number) {
    this.#enqueue(`margin-call:${balanceId}`, async () => {
      const account = this.#accounts.get(balanceId)
      if (account?.marginCalled) {
        const outcome = await openMarginCall(balanceId, {
          callLevel: this.#callLevelExact,
          fence: this.#fence,
        })
        // Not due by the exact figures: the next quote screens it again.
        if (outcome === 'not_due') account.marginCalled = false
      } else {
        await endMarginCall(balanceId, { fence: this.#fence })
      }
    })
  }

  #enqueueTarget(p: Position, q: Quote) {
    const quote = liveTradeQuote(q)
    this.#enqueue(`order:${p.id}`, async () => {
      // The float screen said "hit": re-check with exact decimals against the order as stored now.
      const stored = await Order.find(p.id)
      if (!stored || stored.closeTime || stored.deletedAt) return this.#remove(p.id)
      const hit = triggeredTarget(stored, stored.type === 'sell' ? quote.bid : quote.ask)
      if (!hit) return
      // A stop that trails is a trailing stop's close (issue 24 item 2: the reason says which).
      const reason = hit === 'stop_loss' && stored.trailingDistance !== null ? 'trailing_stop' : hit
      const result = await closeOrder({
        orderId: p.id,
        userId: null,
        reason,
        // A gap fills at this market price, not at the stop; the target must still be hit as stored.
        quote,
        confirm: (order, closeRate) => triggeredTarget(order, closeRate) === hit,
        fence: this.#fence,
      })
      if (!result) return
      await notifyUser(stored.userId, {
        title: TARGET_TITLES[reason],
        description: `Position #${p.id} ${stored.instrument} closed at ${result.order.closeRate} (P/L ${result.realized}).`,
        url: '/dashboard',
      })
    })
  }

  /**
   * Runs side effects one at a time, each key at most once in the queue. A key
   * leaves the queue when its job starts, so news arriving during a reload
   * queues another reload instead of being lost.
   */
  #enqueue(key: string, job: () => Promise<void>) {
    if (this.#queued.has(key)) return
    this.#queued.add(key)
    this.#queue.push(async () => {
      this.#queued.delete(key)
      try {
        await job()
      } catch (error) {
        logger.error({ err: error, job: key }, 'risk engine job failed')
      }
    })
    if (!this.#draining) this.#draining = this.#drain()
  }

  async #drain() {
    while (this.#queue.length) await this.#queue.shift()!()
    this.#draining = null
  }

  async #loadOrder(id: number, handed?: OpenedRows) {
    const row = handed?.order ?? (await reads.openOrder(id))
    if (!row) {
      const gone = this.#positions.get(id)
      this.#remove(id)
      if (gone) await this.#refreshWallet(gone.account.balanceId)
      return
    }
    // Handed rows are the state the placement committed; a later change to the wallet or a close
    // arrives as its own event, queued behind this job.
    const account = handed
      ? await this.#takeWallet(handed.wallet)
      : await this.#refreshWallet(row.balance_id, false)
    // Read after the wallet: a close arriving meanwhile is queued behind this job and removes it again.
    this.#remove(id)
    if (!account) return
    this.#add(row, account)
    this.#screen(account)
  }

  /** Applies a plan's stop-outs (as stored now) to every wallet whose owner is on it, and screens them. */
  async #applyPlan(planId: number) {
    const plan = await reads.plan(planId)
    const stopOut = stopOutsOfRow(plan)
    if (plan) this.#plans.set(planId, stopOut)
    else this.#plans.delete(planId)
    for (const account of this.#accounts.values()) {
      if (account.planId !== planId) continue
      account.planId = plan ? planId : null
      account.stopOut = stopOut
      account.highestStopOut = highestStopOutOf(account)
      this.#screen(account)
    }
  }

  /** Applies a user's new plan to their wallets. */
  async #refreshUser(userId: number) {
    const planId = await reads.userPlanId(userId)
    if (planId === undefined) return
    const stopOut = await this.#stopOutsOf(planId)
    for (const account of this.#accounts.values()) {
      if (account.userId !== userId) continue
      account.planId = planId
      account.stopOut = stopOut
      account.highestStopOut = highestStopOutOf(account)
      this.#screen(account)
    }
  }

  /**
   * Re-reads one wallet (balance, margin, owner's plan), adding it to the book
   * if new; a wallet left with nothing open leaves the book.
   */
  async #refreshWallet(balanceId: number, screen = true): Promise<Account | null> {
    const [w] = await reads.wallets([balanceId])
    if (!w) {
      this.#drop(balanceId)
      return null
    }
    const account = await this.#takeWallet(w)
    if (!screen) return account
    if (account.positions.size === 0) {
      this.#accounts.delete(balanceId)
      // Nothing left open ends its margin-call episode.
      if (account.marginCalled) this.#syncMarginCallLater(balanceId)
      return null
    }
    this.#screen(account)
    return account
  }

  /** A wallet row as read or handed: into the book (added if new), not screened yet. */
  async #takeWallet(w: WalletRow): Promise<Account> {
    const stopOut = await this.#stopOutsOf(w.pricing_table_id)
    const account = this.#accounts.get(w.id) ?? this.#blank({ balance_id: w.id })
    this.#setWallet(account, w, stopOut)
    account.highestStopOut = highestStopOutOf(account)
    return account
  }

  async #stopOutsOf(planId: number | null) {
    if (!planId) return DEFAULT_STOP_OUTS
    let stopOut = this.#plans.get(planId)
    if (!stopOut) {
      stopOut = stopOutsOfRow(await reads.plan(planId))
      this.#plans.set(planId, stopOut)
    }
    return stopOut
  }

  /** A wallet known by id only, until its row is read. */
  #blank(row: { balance_id: number }): Account {
    const account: Account = {
      balanceId: row.balance_id,
      userId: 0,
      mode: null,
      currency: '',
      usdNotional: 0,
      exposureSlot: -1,
      planId: null,
      balance: 0,
      margin: 0,
      pl: 0,
      stopOut: DEFAULT_STOP_OUTS,
      positions: new Set(),
      highestStopOut: 0,
      marginCalled: false,
      seen: 0,
    }
    this.#accounts.set(row.balance_id, account)
    return account
  }

  #setWallet(account: Account, w: WalletRow, stopOut: Record<Category, number>) {
    account.userId = w.user_id
    account.planId = w.pricing_table_id ?? null
    account.balance = Number(w.balance)
    account.margin = Number(w.margin)
    account.stopOut = stopOut
    account.currency = w.currency ?? ''
    const mode = w.mode === 'demo' ? 'demo' : w.mode === 'real' ? 'real' : null
    if (account.mode !== mode) {
      account.mode = mode
      this.exposure.refile(account.positions)
    }
  }

  #add(o: OrderRow, account: Account) {
    let list = this.#byInstrument.get(o.instrument)
    if (!list) this.#byInstrument.set(o.instrument, (list = []))
    const kind = KINDS.find((k) => k === o.kind) ?? 'forex'
    const p: Position = {
      id: o.id,
      list,
      kind,
      type: o.type === 'sell' ? 'sell' : 'buy',
      amount: Number(o.trade_amount),
      openRate: Number(o.open_rate),
      spread: Number(o.spread),
      exchangeRate: Number(o.exchange_rate) || 1,
      tp: o.profit === null ? null : Number(o.profit),
      sl: o.loss === null ? null : Number(o.loss),
      trail: trailOf(o, kind),
      pl: 0,
      instrument: o.instrument,
      quote: o.quote_symbol || quoteOfName(o.instrument),
      exposure: null,
      accountSlot: -1,
      account,
      slot: list.length,
    }
    this.exposure.add(p, p.instrument, kind, p.quote)
    this.#positions.set(p.id, p)
    account.positions.add(p)
    account.highestStopOut = Math.max(account.highestStopOut, account.stopOut[p.kind])
    list.push(p)
    if (!this.#ready) return
    const q = priceBook.get(o.instrument)
    if (!q) return
    this.#reprice(p, Number(q.bids), Number(q.asks))
    // A trail read after the quote it should follow (set, changed, reloaded) catches up at once,
    // on a fresh price only (as setting a trail moves the stop on a tradable price only).
    if (p.trail && !feedHealth.isStale(q.name, q.at))
      this.#trailStop(p, p.trail, p.type === 'sell' ? Number(q.bids) : Number(q.asks), q)
  }

  #remove(id: number) {
    const p = this.#positions.get(id)
    if (!p) return
    this.#positions.delete(id)
    this.exposure.remove(p)
    p.account.positions.delete(p)
    p.account.pl -= p.pl
    p.account.highestStopOut = highestStopOutOf(p.account)
    const last = p.list.pop()!
    if (last !== p) {
      p.list[p.slot] = last
      last.slot = p.slot
    }
  }

  /** A wallet and its positions leave the book. */
  #drop(balanceId: number) {
    const account = this.#accounts.get(balanceId)
    if (!account) return
    for (const p of [...account.positions]) this.#remove(p.id)
    this.#accounts.delete(balanceId)
    if (account.marginCalled) this.#syncMarginCallLater(balanceId)
  }

  /**
   * The reconciler's reload of one wallet: its row, then its open orders. When
   * the book held something else, an event was missed: warned, and replaced.
   */
  async #repairWallet(balanceId: number) {
    const [w] = await reads.wallets([balanceId])
    const stopOut = w ? await this.#stopOutsOf(w.pricing_table_id) : DEFAULT_STOP_OUTS
    const rows = w ? await reads.openOrdersOfWallet(balanceId) : []
    const account = this.#accounts.get(balanceId)
    const held = account ? [...account.positions].map((p) => p.id) : []
    // News of this wallet still queued behind this job: the database is ahead of the book for
    // a moment, no event was missed. The next pass looks again.
    if (this.#newsQueued(balanceId, [...held, ...rows.map((row) => row.id)])) return
    const book = account ? digestOf(account.positions) : digestOf([])
    const stored = digestOf(rows.map(digestable))
    const walletDiffers = account
      ? !w ||
        account.balance !== Number(w.balance) ||
        account.margin !== Number(w.margin) ||
        account.planId !== (w.pricing_table_id ?? null)
      : rows.length > 0
    if (!walletDiffers && !digestsDiffer(book, stored)) return
    this.repairs++
    logger.warn(
      { balanceId, book: summary(book, account), database: summary(stored, w) },
      'risk engine: the book differed from the database (a missed event); wallet reloaded'
    )
    this.#drop(balanceId)
    if (!w || rows.length === 0) return
    const fresh = this.#blank({ balance_id: balanceId })
    this.#setWallet(fresh, w, stopOut)
    if (account) fresh.marginCalled = account.marginCalled
    for (const row of rows) {
      this.#remove(row.id)
      this.#add(row, fresh)
    }
    this.#screen(fresh)
  }

  /** Whether a job that changes the wallet or one of these orders in the book waits in the queue. */
  #newsQueued(balanceId: number, orderIds: number[]) {
    if (this.#queued.has(`wallet:${balanceId}`)) return true
    return orderIds.some((id) => ORDER_JOBS.some((job) => this.#queued.has(`${job}:${id}`)))
  }

  /** Queues the reconciler's reload of one wallet (the reconciler; tests). */
  repair(balanceId: number) {
    this.#enqueue(`repair:${balanceId}`, () => this.#repairWallet(balanceId))
  }

  /** The reconciler's check of every plan's stop-outs (a missed plan event). */
  async #checkPlans() {
    for (const row of await reads.plans()) {
      const known = this.#plans.get(row.id)
      if (!known || sameStopOuts(known, stopOutsOfRow(row))) continue
      logger.warn({ planId: row.id }, 'risk engine: a plan differed from the book; re-applied')
      await this.#applyPlan(row.id)
    }
  }

  #reconciled(): ReconciledBook {
    // A live iterator: wallets added or removed meanwhile are seen or skipped, never an error.
    let walk: MapIterator<Account> | null = null
    return {
      walletState: (balanceId, pass) => {
        const account = this.#accounts.get(balanceId)
        if (!account || account.positions.size === 0) return null
        account.seen = pass
        return {
          digest: digestOf(account.positions),
          balance: account.balance,
          margin: account.margin,
          planId: account.planId,
        }
      },
      unseen: (pass, limit, restart) => {
        if (restart || !walk) walk = this.#accounts.values()
        const ids: number[] = []
        for (let i = 0; i < limit; i++) {
          const next = walk.next()
          if (next.done) return { ids, done: true }
          const account = next.value
          if (account.positions.size > 0 && account.seen !== pass) ids.push(account.balanceId)
        }
        return { ids, done: false }
      },
      repair: (balanceId) => this.repair(balanceId),
      checkPlans: () => this.#enqueue('plans', () => this.#checkPlans()),
    }
  }
}

const TARGET_TITLES = {
  stop_loss: 'Stop loss executed',
  trailing_stop: 'Trailing stop executed',
  take_profit: 'Take profit executed',
} as const

function highestStopOutOf(account: Account) {
  let highest = 0
  for (const p of account.positions) highest = Math.max(highest, account.stopOut[p.kind])
  return highest
}

/** The quote currency of a name like EUR_USD (rows without quote_symbol: the benchmark's). */
function quoteOfName(instrument: string) {
  const at = instrument.lastIndexOf('_')
  return at >= 0 ? instrument.slice(at + 1) : 'USD'
}

function digestable(o: OrderRow) {
  return {
    id: o.id,
    amount: Number(o.trade_amount),
    openRate: Number(o.open_rate),
    tp: o.profit === null ? null : Number(o.profit),
    sl: o.loss === null ? null : Number(o.loss),
    trail: hasTrail(o) ? { distance: Number(o.trailing_distance) } : null,
  }
}

function hasTrail(o: OrderRow) {
  return o.trailing_distance !== null && o.trailing_distance !== undefined
}

/** A row's trailing stop, exact (rows hold strings on PostgreSQL, numbers on SQLite). */
function trailOf(o: OrderRow, kind: Category): Trail | null {
  if (!hasTrail(o)) return null
  const exact = toDbDecimal(o.trailing_distance!)
  return {
    distance: Number(exact),
    exact,
    // As the positions table shows the order's rates (orderRateDigits): from its own open rate.
    digits: priceDecimals(kind, o.quote_symbol ?? '', toDbDecimal(o.open_rate)),
    stop: o.loss === null ? null : toDbDecimal(o.loss),
  }
}

function summary(
  d: BookDigest,
  wallet: { balance: number | string; margin: number | string } | undefined
) {
  return {
    ...d,
    balance: wallet ? Number(wallet.balance) : null,
    margin: wallet ? Number(wallet.margin) : null,
  }
}
