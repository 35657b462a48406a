import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import settings from '#services/settings_service'
import { signalAccountChanged } from '#services/notification_service'
import type { Fence } from '#services/market/market_lease'
import { tripleDaysFrom } from '#domain/book_settings'
import { money, type Money } from '#domain/money'
import { rolloverInstant } from '#domain/swaps'
import {
  RolloverPricing,
  type PlannedCharge,
  type RolloverPosition,
} from '#actions/swaps/rollover_pricing'
import { BatchConflict, writeBatch } from '#actions/swaps/rollover_writes'

export const ROLLOVER_BATCH = 2_000
/** PostgreSQL's batches in flight at once (it writes one while the next is read); SQLite has one writer. */
const WRITERS = 2
const MAX_BATCH_ATTEMPTS = 5
/** PostgreSQL's deadlock and serialization failures: the batch rolled back whole and is retried. */
const RETRIABLE_CODES = new Set(['40P01', '40001'])

export interface RolloverOptions {
  /** The market role's lease check: a deposed holder's batch rolls back. */
  fence?: Fence
  /** Price and report, write nothing. */
  dryRun?: boolean
  batchSize?: number
  /** Each charge as it is written (or, in a dry run, would be). */
  onCharge?: (charge: PlannedCharge) => void
}

export interface RolloverResult {
  date: string
  /** Positions this run charged or credited (a repeated or concurrent run finds them charged: 0). */
  charged: number
  /** Positions open at the rollover with no quote or conversion rate to value them at. */
  unpriced: number
  /** Per wallet currency, the signed sum of this run's charges. */
  totals: Record<string, string>
}

/**
 * Applies the rollover of the New York day `date` (YYYY-MM-DD) to every
 * position open at its 17:00 New York instant, exactly once per position and
 * day: the positions are read wallet by wallet, ~2,000 at a time (then those
 * closed since the instant, when a day is caught up late), and each batch
 * is ONE transaction whose claim is the unique key (order_id, rollover_date),
 * so a repeated run, a concurrent one (a second market process, the command
 * run twice) or a run resumed after a crash charges only what was not
 * charged. Customers on a swap-free plan are skipped. Between batches the
 * event loop gets a turn, so the market role keeps ticking.
 */
export async function applyRollover(
  date: string,
  options: RolloverOptions = {}
): Promise<RolloverResult> {
  const instant = rolloverInstant(date).toSQL({ includeOffset: false })!
  const pricing = await RolloverPricing.load(date, tripleDaysFrom(await settings.rows()))
  if (!options.dryRun) await startRollover(date, options.fence)

  const batchSize = options.batchSize ?? ROLLOVER_BATCH
  const totals = new Map<string, Money>()
  const unpriced = { count: 0 }
  let charged = 0
  const record = (written: PlannedCharge[]) => {
    for (const charge of written) {
      totals.set(charge.currency, (totals.get(charge.currency) ?? money(0)).plus(charge.amount))
      options.onCharge?.(charge)
    }
    charged += written.length
    if (!options.dryRun)
      for (const userId of new Set(written.map((c) => c.userId))) signalAccountChanged(userId)
  }
  const writers = new BatchWriters(
    !options.dryRun && db.connection().dialect.name === 'postgres' ? WRITERS : 1
  )
  for (const source of [stillOpen(instant, batchSize), closedSince(instant, batchSize)]) {
    for await (const positions of source) {
      const planned = positions.flatMap((p) => pricing.charge(p, unpriced) ?? [])
      if (options.dryRun) record(planned)
      else if (planned.length > 0)
        await writers.add(() => writeWithRetry(date, planned, options.fence).then(record))
      // A turn for ticks and requests between batches.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  await writers.drain()
  if (!options.dryRun) await finishRollover(date, options.fence)
  return {
    date,
    charged,
    unpriced: unpriced.count,
    totals: Object.fromEntries([...totals].map(([currency, sum]) => [currency, sum.toFixed()])),
  }
}

/**
 * Batches written side by side, at most `limit` at once: the database works
 * on one while the next is read and priced. Batches hold disjoint positions
 * (and, cut at wallet boundaries, disjoint wallets but for a wallet larger
 * than a batch, which the second waits for). The first failure stops the
 * run once the batches in flight have settled.
 */
class BatchWriters {
  #inFlight = new Set<Promise<void>>()
  #failure: { error: unknown } | null = null

  constructor(readonly limit: number) {}

  async add(write: () => Promise<void>) {
    this.#throwIfFailed()
    const running: Promise<void> = write()
      .catch((error) => {
        this.#failure ??= { error }
      })
      .finally(() => this.#inFlight.delete(running))
    this.#inFlight.add(running)
    while (this.#inFlight.size >= this.limit) await Promise.race(this.#inFlight)
    this.#throwIfFailed()
  }

  async drain() {
    await Promise.all(this.#inFlight)
    this.#throwIfFailed()
  }

  #throwIfFailed() {
    if (this.#failure) throw this.#failure.error
  }
}

/** The read of the positions open at the instant, with the plan's swap-free switch. */
function positionsAt(instant: string, limit: number) {
  return (
    db
      .from('orders as o')
      .join('balances as b', 'b.id', 'o.balance_id')
      .join('users as u', 'u.id', 'o.user_id')
      .leftJoin('pricing_plans as p', 'p.id', 'u.pricing_table_id')
      .where('o.created_at', '<=', instant)
      .whereNull('o.deleted_at')
      // Swap-free plans pay and earn nothing.
      .whereRaw('(p.swap_free IS NULL OR p.swap_free = FALSE)')
      .limit(limit)
      .select(
        'o.id',
        'o.user_id',
        'o.balance_id',
        'o.instrument',
        'o.kind',
        'o.type',
        'o.trade_amount',
        'b.currency'
      )
  )
}

/**
 * Positions still open, wallet by wallet (the open-positions index on
 * (balance_id, id)): each wallet's balance is written once per batch, not once
 * per batch holding one of its positions. A full batch is cut before its last
 * wallet, which the next batch starts with, unless that wallet alone fills it.
 */
async function* stillOpen(instant: string, limit: number) {
  let after = { balanceId: 0, id: 0 }
  for (;;) {
    const positions = (
      await positionsAt(instant, limit)
        .whereNull('o.close_time')
        .whereRaw('(o.balance_id, o.id) > (?, ?)', [after.balanceId, after.id])
        .orderBy('o.balance_id')
        .orderBy('o.id')
    ).map(toPosition)
    if (positions.length === 0) return
    const last = positions[positions.length - 1]
    const full = positions.length === limit
    const whole = full && positions[0].balanceId !== last.balanceId
    const batch = whole ? positions.filter((p) => p.balanceId !== last.balanceId) : positions
    yield batch
    if (!full) return
    const end = batch[batch.length - 1]
    after = { balanceId: end.balanceId, id: end.id }
  }
}

/** Positions closed since the instant (a rollover caught up late): few, in id order. */
async function* closedSince(instant: string, limit: number) {
  let after = 0
  for (;;) {
    const positions = (
      await positionsAt(instant, limit)
        .where('o.close_time', '>', instant)
        .where('o.id', '>', after)
        .orderBy('o.id')
    ).map(toPosition)
    if (positions.length === 0) return
    yield positions
    if (positions.length < limit) return
    after = positions[positions.length - 1].id
  }
}

function toPosition(r: Record<string, unknown>): RolloverPosition {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    balanceId: Number(r.balance_id),
    instrument: String(r.instrument),
    kind: r.kind as RolloverPosition['kind'],
    type: r.type as RolloverPosition['type'],
    tradeAmount: String(r.trade_amount),
    currency: String(r.currency),
  }
}

async function writeWithRetry(date: string, planned: PlannedCharge[], fence?: Fence) {
  if (planned.length === 0) return []
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.transaction(async (trx) => {
        await fence?.(trx)
        return writeBatch(trx, date, planned)
      })
      return outcome.charged
    } catch (error) {
      const code = (error as { code?: string }).code
      const retriable = error instanceof BatchConflict || (code && RETRIABLE_CODES.has(code))
      if (!retriable || attempt >= MAX_BATCH_ATTEMPTS) throw error
    }
  }
}

/** The day's row, once: a resumed or concurrent run finds it there. */
async function startRollover(date: string, fence?: Fence) {
  await db.transaction(async (trx) => {
    await fence?.(trx)
    await trx.rawQuery(
      `INSERT INTO rollovers (rollover_date, positions, started_at) VALUES (?, 0, ?)
       ON CONFLICT (rollover_date) DO NOTHING`,
      [date, DateTime.now().toSQL({ includeOffset: false })]
    )
  })
}

/** Every position of the day is charged: the count covers all runs of the day. */
async function finishRollover(date: string, fence?: Fence) {
  await db.transaction(async (trx) => {
    await fence?.(trx)
    await trx.rawQuery(
      `UPDATE rollovers
          SET positions = (SELECT COUNT(*) FROM swap_charges WHERE rollover_date = ?), finished_at = ?
        WHERE rollover_date = ?`,
      [date, DateTime.now().toSQL({ includeOffset: false }), date]
    )
  })
}
