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
  paysSwapsSql,
  type PlannedCharge,
  type RolloverPosition,
} from '#actions/swaps/rollover_pricing'
import { BatchConflict, writeBatch } from '#actions/swaps/rollover_writes'
import {
  dropPriceList,
  openPriceList,
  announceCharged,
  writeDatabaseBatch,
} from '#actions/swaps/rollover_in_database'

export const ROLLOVER_BATCH = 2_000
/**
 * PostgreSQL: batches written at once, each lane on its own wallets (wallet id modulo the
 * count) and its own pooled connection. The database does the batch's work, so a second lane
 * keeps a second core busy (docs/BENCHMARKS.md).
 */
export const ROLLOVER_LANES = 2
const MAX_BATCH_ATTEMPTS = 5
/** PostgreSQL's deadlock and serialization failures: the batch rolled back whole and is retried. */
const RETRIABLE_CODES = new Set(['40P01', '40001'])

export interface RolloverOptions {
  /** The market role's lease check: a deposed holder's batch rolls back. */
  fence?: Fence
  /** Price and report, write nothing. */
  dryRun?: boolean
  batchSize?: number
  /** PostgreSQL: lanes of batches written at once (ROLLOVER_LANES). */
  lanes?: number
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
 * day: the positions are taken in id order, ~2,000 at a time, and each batch
 * is ONE transaction whose claim is the unique key (order_id, rollover_date),
 * so a repeated run, a concurrent one (a second market process, the command
 * run twice) or a run resumed after a crash charges only what was not
 * charged. Customers on a swap-free plan are skipped. Between batches the
 * event loop gets a turn, so the market role keeps ticking. On PostgreSQL the
 * batches are priced and written by the database from the run's price list
 * (rollover_in_database.ts); on SQLite, and for a dry run, they are read and
 * priced here.
 */
export async function applyRollover(
  date: string,
  options: RolloverOptions = {}
): Promise<RolloverResult> {
  const instant = rolloverInstant(date).toSQL({ includeOffset: false })!
  const pricing = await RolloverPricing.load(date, tripleDaysFrom(await settings.rows()))
  if (!options.dryRun) await startRollover(date, options.fence)
  const inDatabase = !options.dryRun && db.connection().dialect.name === 'postgres'
  const outcome = inDatabase
    ? await rolloverInDatabase(date, instant, pricing, options)
    : await rolloverInProcess(date, instant, pricing, options)
  if (!options.dryRun) await finishRollover(date, options.fence)
  return {
    date,
    charged: outcome.charged,
    unpriced: outcome.unpriced,
    totals: Object.fromEntries(
      [...outcome.totals].map(([currency, sum]) => [currency, sum.toFixed()])
    ),
  }
}

interface Outcome {
  charged: number
  unpriced: number
  totals: Map<string, Money>
}

function addTo(totals: Map<string, Money>, currency: string, amount: Money) {
  totals.set(currency, (totals.get(currency) ?? money(0)).plus(amount))
}

async function rolloverInDatabase(
  date: string,
  instant: string,
  pricing: RolloverPricing,
  options: RolloverOptions
): Promise<Outcome> {
  const list = await openPriceList(date, instant, pricing)
  const batchSize = options.batchSize ?? ROLLOVER_BATCH
  const lanes = options.lanes ?? ROLLOVER_LANES
  const totals = new Map<string, Money>()
  let charged = 0
  // The first lane to fail stops the others at their next batch; the failure is the run's.
  const stop: { failure: { error: unknown } | null } = { failure: null }
  const runLane = async (index: number) => {
    const lane = { index, count: lanes }
    let after = 0
    try {
      while (!stop.failure) {
        const batch = await withRetry(() =>
          writeDatabaseBatch(list, lane, after, batchSize, options.fence)
        )
        if (batch.last === null) return
        for (const [currency, sum] of Object.entries(batch.charged.totals))
          addTo(totals, currency, money(sum))
        charged += batch.charged.positions
        after = batch.last
        await announceCharged(batch.charged)
      }
    } catch (error) {
      stop.failure ??= { error }
    }
  }
  try {
    await Promise.all(Array.from({ length: lanes }, (_, i) => runLane(i)))
  } finally {
    await dropPriceList(list)
  }
  if (stop.failure) throw stop.failure.error
  return { charged, unpriced: list.unpriced, totals }
}

async function rolloverInProcess(
  date: string,
  instant: string,
  pricing: RolloverPricing,
  options: RolloverOptions
): Promise<Outcome> {
  const batchSize = options.batchSize ?? ROLLOVER_BATCH
  const totals = new Map<string, Money>()
  const unpriced = { count: 0 }
  let charged = 0
  let after = 0
  for (;;) {
    const positions = await openPositionsAt(instant, after, batchSize)
    if (positions.length === 0) break
    after = positions[positions.length - 1].id
    const planned = positions.flatMap((p) => pricing.charge(p, unpriced) ?? [])
    const written = options.dryRun
      ? planned
      : await withRetry(() => writeInTransaction(date, planned, options.fence))
    for (const charge of written) {
      addTo(totals, charge.currency, charge.amount)
      options.onCharge?.(charge)
    }
    charged += written.length
    if (!options.dryRun)
      for (const userId of new Set(written.map((c) => c.userId))) signalAccountChanged(userId)
    if (positions.length < batchSize) break
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { charged, unpriced: unpriced.count, totals }
}

/** Positions open at `instant` (opened at or before it, not closed before it, not deleted) after id `after`. */
async function openPositionsAt(
  instant: string,
  after: number,
  limit: number
): Promise<RolloverPosition[]> {
  const rows = await db
    .from('orders as o')
    .join('balances as b', 'b.id', 'o.balance_id')
    .join('users as u', 'u.id', 'o.user_id')
    .leftJoin('pricing_plans as p', 'p.id', 'u.pricing_table_id')
    .where('o.id', '>', after)
    .where('o.created_at', '<=', instant)
    .where((q) => q.whereNull('o.close_time').orWhere('o.close_time', '>', instant))
    .whereNull('o.deleted_at')
    .whereRaw(paysSwapsSql('p'))
    .orderBy('o.id')
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
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    balanceId: Number(r.balance_id),
    instrument: String(r.instrument),
    kind: r.kind as RolloverPosition['kind'],
    type: r.type as RolloverPosition['type'],
    tradeAmount: String(r.trade_amount),
    currency: String(r.currency),
  }))
}

async function writeInTransaction(date: string, planned: PlannedCharge[], fence?: Fence) {
  if (planned.length === 0) return []
  const outcome = await db.transaction(async (trx) => {
    await fence?.(trx)
    return writeBatch(trx, date, planned)
  })
  return outcome.charged
}

/** A batch rolled back by a deadlock, a serialization failure or a wallet that changed under it is redone. */
async function withRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
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

/** Every position of the day is charged (each batch added its own to the day's count, whichever run wrote it). */
async function finishRollover(date: string, fence?: Fence) {
  await db.transaction(async (trx) => {
    await fence?.(trx)
    await trx.rawQuery('UPDATE rollovers SET finished_at = ? WHERE rollover_date = ?', [
      DateTime.now().toSQL({ includeOffset: false }),
      date,
    ])
  })
}
