import logger from '@adonisjs/core/services/logger'
import { digestsDiffer, type BookDigest } from '#domain/risk_book'
import { walletDigests, wallets } from '#services/market/risk_book_reads'

/** What the reconciler needs of the risk engine's book. */
export interface ReconciledBook {
  /** The book's view of a wallet, null when it holds none; marks it seen in this pass. */
  walletState(
    balanceId: number,
    pass: number
  ): { digest: BookDigest; balance: number; margin: number; planId: number | null } | null
  /**
   * The next `limit` wallets of a walk over the book (a live iterator kept
   * between calls; `restart` begins a new walk): those holding positions
   * that this pass did not see in the database.
   */
  unseen(pass: number, limit: number, restart: boolean): { ids: number[]; done: boolean }
  /** Queues a reload of the wallet and its positions (it warns when the book was wrong). */
  repair(balanceId: number): void
  /** Queues a check of every plan's stop-outs against the book's. */
  checkPlans(): void
}

export interface ReconcilerOptions {
  /** Wallets compared per step (one aggregate query, one wallet query). */
  walletsPerStep?: number
  /** Pause between steps. */
  stepMs?: number
  /**
   * How long a wallet found different waits before it is reloaded: an event
   * committed but still on its way would make it look different for a moment.
   */
  graceMs?: number
}

/**
 * Walks the open positions in wallet order, a few hundred wallets a step,
 * comparing the book with the database by per-wallet digests (count, sum of
 * ids, sums of amounts, rates and targets; balance, margin, plan). A wallet
 * that differs meant a missed event: it is reloaded alone. Each step's
 * JavaScript is a loop over a few thousand positions; the queries wait
 * without blocking the event loop.
 */
/** Pass numbers unique in the process: a wallet's "seen" stamp is never mistaken across reconcilers. */
let lastPass = 0

export class BookReconciler {
  #book: ReconciledBook
  #perStep: number
  #stepMs: number
  #graceMs: number
  #cursor = 0
  /** 'database': walking the open orders by wallet; 'book': the book's wallets the walk did not see. */
  #phase: 'start' | 'database' | 'book' = 'start'
  #passStarted = 0
  #pass = 0
  #suspects = new Map<number, number>()
  #timer: NodeJS.Timeout | null = null
  #running: Promise<boolean> | null = null
  #stopped = true
  passes = 0
  steps = 0
  lastPassMs = 0
  /** The longest synchronous stretch of a step (its JavaScript after the queries), ms. */
  longestSyncMs = 0

  constructor(book: ReconciledBook, options: ReconcilerOptions = {}) {
    this.#book = book
    this.#perStep = options.walletsPerStep ?? 500
    this.#stepMs = options.stepMs ?? 50
    this.#graceMs = options.graceMs ?? 2_000
  }

  start() {
    this.#stopped = false
    this.#schedule()
  }

  async stop() {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#running
  }

  get running() {
    return !this.#stopped
  }

  #schedule() {
    if (this.#stopped) return
    this.#timer = setTimeout(async () => {
      this.#timer = null
      this.#running = this.step().catch((error) => {
        logger.error({ err: error }, 'risk engine: reconciliation step failed')
        return false
      })
      await this.#running
      this.#running = null
      this.#schedule()
    }, this.#stepMs)
    this.#timer.unref()
  }

  /** Runs steps until the current pass ends (tests, the benchmark). */
  async pass() {
    while (!(await this.step())) {}
  }

  /** One step; true when it ended a pass. */
  async step(): Promise<boolean> {
    this.steps++
    if (this.#phase === 'start') {
      this.#passStarted = performance.now()
      this.#pass = ++lastPass
      this.#book.checkPlans()
      this.#phase = 'database'
    }
    if (this.#phase === 'book') {
      const since = performance.now()
      // Wallets the book holds positions of that the database no longer has open.
      const { ids, done } = this.#book.unseen(this.#pass, this.#perStep * 10, false)
      for (const id of ids) this.#suspect(id, since)
      this.#repairDue(since)
      this.#timed(since)
      if (!done) return false
      this.#phase = 'start'
      this.passes++
      this.lastPassMs = performance.now() - this.#passStarted
      return true
    }
    const rows = await walletDigests(this.#cursor, this.#perStep)
    const stored = new Map((await wallets(rows.map((r) => r.balanceId))).map((w) => [w.id, w]))
    const now = performance.now()
    const pass = this.#pass
    for (const row of rows) {
      const book = this.#book.walletState(row.balanceId, pass)
      const w = stored.get(row.balanceId)
      if (
        !book ||
        !w ||
        digestsDiffer(book.digest, row) ||
        book.balance !== Number(w.balance) ||
        book.margin !== Number(w.margin) ||
        book.planId !== (w.pricing_table_id ?? null)
      ) {
        this.#suspect(row.balanceId, now)
      } else {
        // Agreeing now: what differed was news on its way, not a missed event.
        this.#suspects.delete(row.balanceId)
      }
    }
    this.#repairDue(now)
    this.#timed(now)
    if (rows.length < this.#perStep) {
      this.#cursor = 0
      this.#phase = 'book'
      this.#book.unseen(pass, 0, true)
    } else {
      this.#cursor = rows[rows.length - 1].balanceId
    }
    return false
  }

  #repairDue(now: number) {
    for (const [id, seen] of this.#suspects) {
      if (now - seen < this.#graceMs) continue
      this.#suspects.delete(id)
      this.#book.repair(id)
    }
  }

  #timed(since: number) {
    this.longestSyncMs = Math.max(this.longestSyncMs, performance.now() - since)
  }

  #suspect(id: number, now: number) {
    if (!this.#suspects.has(id)) this.#suspects.set(id, now)
  }
}
