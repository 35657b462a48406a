import logger from '@adonisjs/core/services/logger'
import Balance from '#models/balance'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import priceBook, { type Quote } from '#services/market/price_book'
import marketEvents from '#services/market/market_events'
import { notifyUser } from '#services/notification_service'
import { closeOrder } from '#actions/orders/close_order'
import { stopOutAccount } from '#actions/orders/stop_out_account'
import { triggeredTarget } from '#domain/risk'
import { stopOutFor } from '#domain/trading'
import type { Category } from '#domain/instruments'
import type { Fence } from '#services/market/market_lease'

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
 */
interface Position {
  id: number
  balanceId: number
  instrument: string
  kind: Category
  type: 'buy' | 'sell'
  amount: number
  openRate: number
  spread: number
  exchangeRate: number
  /** Exact targets, for the confirmation; floats for the screen. */
  profit: string | null
  loss: string | null
  tp: number | null
  sl: number | null
  pl: number
  /** Its wallet, held directly: the hot loops do no map lookups. */
  account: Account
}

interface Account {
  balanceId: number
  userId: number
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
  marginCalled: boolean
}

export interface RiskEngineConstruction {
  /** The market lease's fence for the engine's closes and stop-outs (start/market.ts). */
  fence?: Fence
}

export interface RiskEngineOptions {
  /** How often to re-read open orders and wallets written by other processes. */
  resyncMs?: number
}

const KINDS: Category[] = ['forex', 'commodity', 'index', 'stock', 'crypto']

export class RiskEngine {
  #byInstrument = new Map<string, Position[]>()
  #positions = new Map<number, Position>()
  #accounts = new Map<number, Account>()
  #queued = new Set<string>()
  #queue: (() => Promise<void>)[] = []
  #draining: Promise<void> | null = null
  #stops: (() => void)[] = []
  #stopped = false
  #fence: Fence | undefined

  constructor(options: RiskEngineConstruction = {}) {
    this.#fence = options.fence
  }

  /** Loads every open position and starts listening to quotes and order news. */
  async start(options: RiskEngineOptions = {}) {
    await this.resync()
    this.#stops.push(priceBook.onQuote((q) => this.onQuote(q)))
    // Written here or in any other process (market_events crosses them), each announced after its commit.
    const load = (id: number) => this.#enqueue(`load:${id}`, () => this.#loadOrder(id))
    const refreshWallet = (balanceId: number) =>
      this.#enqueue(`wallet:${balanceId}`, () => this.#refreshWallet(balanceId))
    this.#stops.push(
      marketEvents.on('order.opened', ({ orderId }) => load(orderId)),
      marketEvents.on('order.changed', ({ orderId }) => load(orderId)),
      marketEvents.on('order.closed', ({ orderId, balanceId }) => {
        this.#remove(orderId)
        refreshWallet(balanceId)
      }),
      // A deposit, withdrawal, transfer or staff edit moves the balance its stop-outs are measured on.
      marketEvents.on('wallet.changed', ({ balanceId }) => {
        if (this.#accounts.has(balanceId)) refreshWallet(balanceId)
      }),
      // A staff edit of a plan applies its stop-outs at once; so does a customer's switch to another plan.
      marketEvents.on('plan.changed', ({ planId }) =>
        this.#enqueue(`plan:${planId}`, () => this.#applyPlan(planId))
      ),
      marketEvents.on('user.plan', ({ userId }) =>
        this.#enqueue(`user:${userId}`, () => this.#refreshUser(userId))
      )
    )
    // A safety net for positions other processes opened; in-process news arrives as events.
    const resyncMs = options.resyncMs ?? 60_000
    const timer = setInterval(() => this.#enqueue('resync', () => this.resync()), resyncMs)
    this.#stops.push(() => clearInterval(timer))
    return () => this.stop()
  }

  async stop() {
    this.#stopped = true
    for (const stop of this.#stops.splice(0)) stop()
    await this.idle()
  }

  /** Resolves when every queued close and reload has run. */
  async idle() {
    while (this.#draining) await this.#draining
  }

  get size() {
    return this.#positions.size
  }

  has(orderId: number) {
    return this.#positions.has(orderId)
  }

  /** Re-reads every open position and wallet (positions opened elsewhere, balances moved by deposits). */
  async resync() {
    const orders = await Order.query().whereNull('close_time').whereNull('deleted_at')
    const walletIds = [...new Set(orders.map((o) => o.balanceId))]
    const wallets = walletIds.length ? await Balance.query().whereIn('id', walletIds) : []
    const userIds = [...new Set(wallets.map((w) => w.userId))]
    const users = userIds.length ? await User.query().whereIn('id', userIds) : []
    const planIds = [
      ...new Set(users.map((u) => u.pricingTableId).filter((id): id is number => !!id)),
    ]
    const plans = planIds.length ? await PricingPlan.query().whereIn('id', planIds) : []
    this.load(
      orders,
      wallets,
      new Map(users.map((u) => [u.id, plans.find((p) => p.id === u.pricingTableId) ?? null]))
    )
  }

  /** Replaces the in-memory book (also used by the benchmark with synthetic rows). */
  load(orders: Order[], wallets: Balance[], planOfUser: Map<number, PricingPlan | null>) {
    const calledBefore = new Set(
      [...this.#accounts.values()].filter((a) => a.marginCalled).map((a) => a.balanceId)
    )
    this.#byInstrument.clear()
    this.#positions.clear()
    this.#accounts.clear()
    for (const w of wallets)
      this.#accounts.set(w.id, this.#account(w, planOfUser.get(w.userId) ?? null))
    // Grouped by instrument, so each instrument's positions sit together in memory for the hot loops.
    for (const o of [...orders].sort((a, b) =>
      a.instrument < b.instrument ? -1 : a.instrument > b.instrument ? 1 : 0
    )) {
      this.#add(o)
    }
    for (const id of calledBefore) {
      const account = this.#accounts.get(id)
      if (account) account.marginCalled = true
    }
    this.rescan()
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
    if (this.#stopped) return
    const positions = this.#byInstrument.get(q.name)
    if (!positions || positions.length === 0) return
    const bid = Number(q.bids)
    const ask = Number(q.asks)
    const touched = new Set<Account>()
    for (const p of positions) {
      this.#reprice(p, bid, ask)
      const rate = p.type === 'sell' ? bid : ask
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
    if (level < highestStopOut * 2) {
      if (!account.marginCalled) {
        account.marginCalled = true
        const percent = level.toFixed(2)
        this.#enqueue(`margin-call:${account.balanceId}`, () =>
          notifyUser(account.userId, {
            title: 'Margin call',
            description: `Your margin level is ${percent}%. Positions are closed automatically at ${highestStopOut}%: add funds or reduce your positions.`,
            url: '/dashboard',
          }).then(() => undefined)
        )
      }
    } else {
      account.marginCalled = false
    }
  }

  #enqueueTarget(p: Position, q: Quote) {
    const quote = { bid: q.bids, ask: q.asks, at: q.at }
    this.#enqueue(`order:${p.id}`, async () => {
      // The float screen said "hit": re-check with exact decimals against the order as stored now.
      const stored = await Order.find(p.id)
      if (!stored || stored.closeTime || stored.deletedAt) return this.#remove(p.id)
      const reason = triggeredTarget(stored, stored.type === 'sell' ? quote.bid : quote.ask)
      if (!reason) return
      const result = await closeOrder({
        orderId: p.id,
        userId: null,
        reason,
        // A gap fills at this market price, not at the stop; the target must still be hit as stored.
        quote,
        confirm: (order, closeRate) => triggeredTarget(order, closeRate) === reason,
        fence: this.#fence,
      })
      if (!result) return
      await notifyUser(stored.userId, {
        title: reason === 'stop_loss' ? 'Stop loss executed' : 'Take profit executed',
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

  async #loadOrder(id: number) {
    const order = await Order.find(id)
    this.#remove(id)
    if (!order || order.closeTime || order.deletedAt) return
    if (!this.#accounts.has(order.balanceId)) await this.#refreshWallet(order.balanceId)
    this.#add(order)
    await this.#refreshWallet(order.balanceId)
  }

  /** Applies a plan's stop-outs (as stored now) to every wallet whose owner is on it, and screens them. */
  async #applyPlan(planId: number) {
    const affected = [...this.#accounts.values()].filter((a) => a.planId === planId)
    if (affected.length === 0) return
    const plan = await PricingPlan.find(planId)
    const stopOut = stopOutsOf(plan)
    for (const account of affected) {
      account.planId = plan?.id ?? null
      account.stopOut = { ...stopOut }
      account.highestStopOut = highestStopOutOf(account)
      this.#screen(account)
    }
  }

  /** Re-reads the wallets of a user whose plan changed. */
  async #refreshUser(userId: number) {
    for (const account of [...this.#accounts.values()]) {
      if (account.userId === userId) await this.#refreshWallet(account.balanceId)
    }
  }

  async #refreshWallet(balanceId: number) {
    const wallet = await Balance.find(balanceId)
    if (!wallet) return
    const user = await User.find(wallet.userId)
    const plan = user?.pricingTableId ? await PricingPlan.find(user.pricingTableId) : null
    const existing = this.#accounts.get(balanceId)
    const fresh = this.#account(wallet, plan)
    if (existing) {
      existing.balance = fresh.balance
      existing.margin = fresh.margin
      existing.planId = fresh.planId
      existing.stopOut = fresh.stopOut
      existing.highestStopOut = highestStopOutOf(existing)
      this.#screen(existing)
    } else {
      this.#accounts.set(balanceId, fresh)
    }
  }

  #account(wallet: Balance, plan: PricingPlan | null): Account {
    return {
      balanceId: wallet.id,
      userId: wallet.userId,
      planId: plan?.id ?? null,
      balance: Number(wallet.balance),
      margin: Number(wallet.margin),
      pl: 0,
      stopOut: stopOutsOf(plan),
      positions: new Set(),
      highestStopOut: 0,
      marginCalled: false,
    }
  }

  #add(o: Order) {
    const account = this.#accounts.get(o.balanceId)
    if (!account) return
    const p: Position = {
      id: o.id,
      balanceId: o.balanceId,
      instrument: o.instrument,
      kind: o.kind,
      type: o.type,
      amount: Number(o.tradeAmount),
      openRate: Number(o.openRate),
      spread: Number(o.spread),
      exchangeRate: Number(o.exchangeRate) || 1,
      profit: o.profit,
      loss: o.loss,
      tp: o.profit === null ? null : Number(o.profit),
      sl: o.loss === null ? null : Number(o.loss),
      pl: 0,
      account,
    }
    this.#positions.set(p.id, p)
    account.positions.add(p)
    account.highestStopOut = Math.max(account.highestStopOut, account.stopOut[p.kind])
    const list = this.#byInstrument.get(p.instrument)
    if (list) list.push(p)
    else this.#byInstrument.set(p.instrument, [p])
    const q = priceBook.get(p.instrument)
    if (q) this.#reprice(p, Number(q.bids), Number(q.asks))
  }

  #remove(id: number) {
    const p = this.#positions.get(id)
    if (!p) return
    this.#positions.delete(id)
    p.account.positions.delete(p)
    p.account.pl -= p.pl
    p.account.highestStopOut = highestStopOutOf(p.account)
    const list = this.#byInstrument.get(p.instrument)
    if (list) {
      const i = list.indexOf(p)
      if (i >= 0) {
        list[i] = list[list.length - 1]
        list.pop()
      }
    }
  }
}

/** Stop-out percent of each kind under a plan (the default 50 where it sets none). */
function stopOutsOf(plan: PricingPlan | null): Record<Category, number> {
  return Object.fromEntries(KINDS.map((k) => [k, stopOutFor(k, plan).toNumber()])) as Record<
    Category,
    number
  >
}

function highestStopOutOf(account: Account) {
  let highest = 0
  for (const p of account.positions) highest = Math.max(highest, account.stopOut[p.kind])
  return highest
}
