import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import marketEvents from '#services/market/market_events'
import { signalAccountChanged } from '#services/notification_service'
import type { Fence } from '#services/market/market_lease'
import type { Category } from '#domain/instruments'
import { money } from '#domain/money'
import { swapEntryDescription } from '#domain/swaps'
import type { OrderType } from '#domain/trading'
import { paysSwapsSql, type RolloverPricing } from '#actions/swaps/rollover_pricing'

/*
 * The rollover on PostgreSQL (issue 24 item 7). Positions of one size cost the same, so the
 * process prices each size once with the app's swap rule (#domain/swaps, through
 * RolloverPricing) into the run's price list (table rollover_prices), and each batch is then
 * written by the database alone: no position travels to the process and back. A batch is one
 * transaction: its wallets locked in id order, then one statement that joins the batch's open
 * positions to the price list, claims each (order, day) with the unique key, adds the claimed
 * swaps to the wallets, inserts the ledger entries and counts the day's positions. The batches
 * run in lanes (wallet id modulo the lane count), one transaction at a time per lane, so the
 * lanes never wait for each other's wallets.
 */

const NOW = () => DateTime.now().toSQL({ includeOffset: false })!
/**
 * Price lists of runs that died (kill -9) are deleted by a later run after this long, measured
 * on the clock that stamped them (the app's, not the database session's time zone).
 */
const STALE_PRICE_LIST_DAYS = 1

export interface PriceListRun {
  /** The run's key in rollover_prices. */
  run: string
  date: string
  /** The rollover's instant, as the database compares timestamps. */
  instant: string
  pricing: RolloverPricing
  /** Positions no quote or conversion could value (counted once per size priced). */
  unpriced: number
}

interface SizeRow {
  instrument: string
  kind: Category
  type: OrderType
  currency: string
  units: string
  positions: string
}

/** What a batch charged: summed by the database, so the process handles a few values, not rows. */
export interface BatchCharged {
  positions: number
  /** Per wallet currency, the signed sum (an exact decimal). */
  totals: Record<string, string>
  walletIds: number[]
  userIds: number[]
}

const NOTHING_CHARGED: BatchCharged = { positions: 0, totals: {}, walletIds: [], userIds: [] }

/** Two passes over one batch (the second after pricing unseen sizes), as one. */
function bothPasses(first: BatchCharged, second: BatchCharged): BatchCharged {
  const totals = { ...first.totals }
  for (const [currency, sum] of Object.entries(second.totals))
    totals[currency] = money(totals[currency] ?? 0)
      .plus(sum)
      .toFixed()
  return {
    positions: first.positions + second.positions,
    totals,
    walletIds: [...new Set([...first.walletIds, ...second.walletIds])],
    userIds: [...new Set([...first.userIds, ...second.userIds])],
  }
}

/** Open at the instant (opened at or before it, not closed before it, not deleted); `o` is orders. */
const OPEN_AT = `o.created_at <= ?::timestamp AND (o.close_time IS NULL OR o.close_time > ?::timestamp)
  AND o.deleted_at IS NULL`

/** A size of position as the list keys it (`o` is the order, `b` its wallet). */
const SIZE_COLUMNS = 'o.instrument, o.kind, o.type, b.currency, o.trade_amount::text AS units'

/** The sizes of every position open at the instant (swap-free plans left out), priced into a new list. */
export async function openPriceList(
  date: string,
  instant: string,
  pricing: RolloverPricing
): Promise<PriceListRun> {
  const list: PriceListRun = { run: randomUUID(), date, instant, pricing, unpriced: 0 }
  const sizes = (
    await db.rawQuery(
      `SELECT ${SIZE_COLUMNS}, count(*) AS positions
         FROM orders o
         JOIN balances b ON b.id = o.balance_id
         JOIN users u ON u.id = o.user_id
         LEFT JOIN pricing_plans p ON p.id = u.pricing_table_id
        WHERE ${OPEN_AT} AND ${paysSwapsSql('p')}
        GROUP BY 1, 2, 3, 4, 5`,
      [instant, instant]
    )
  ).rows as SizeRow[]
  await db.transaction(async (trx) => {
    const staleBefore = DateTime.now().minus({ days: STALE_PRICE_LIST_DAYS })
    await trx.rawQuery('DELETE FROM rollover_prices WHERE created_at < ?::timestamp', [
      staleBefore.toSQL({ includeOffset: false })!,
    ])
    await addSizes(trx, list, sizes)
  })
  return list
}

export async function dropPriceList(list: PriceListRun) {
  await db.from('rollover_prices').where('run', list.run).delete()
}

/** Prices `sizes` into the list (a size already there is kept). */
async function addSizes(trx: TransactionClientContract, list: PriceListRun, sizes: SizeRow[]) {
  const rows = sizes.map((size) => {
    const priced = list.pricing.priceSize({ ...size, tradeAmount: size.units })
    const key = { ...size, positions: undefined }
    if (priced === 'unpriced') list.unpriced += Number(size.positions)
    if (priced === 'unpriced' || priced === 'none') return { ...key, outcome: priced }
    return {
      ...key,
      outcome: 'charge',
      ...priced.stored,
      days: priced.days,
      description: swapEntryDescription(list.date, size.instrument, priced.days),
    }
  })
  if (rows.length === 0) return
  await trx.rawQuery(
    `INSERT INTO rollover_prices (run, instrument, kind, type, currency, units, outcome, amount, rate, days, notional, description, created_at)
     SELECT ?, instrument, kind, type, currency, units, outcome, amount, rate, days, notional, description, ?::timestamp
       FROM json_to_recordset(?::json) AS v(instrument text, kind text, type text, currency text,
            units numeric, outcome text, amount numeric, rate numeric, days int, notional numeric, description text)
     ON CONFLICT DO NOTHING`,
    [list.run, NOW(), JSON.stringify(rows)]
  )
}

export interface Lane {
  index: number
  count: number
}

/**
 * One batch of one lane: the lane's next `limit` positions open at the instant after order id
 * `after`. Returns the last order id it covered (null when none is left) and the wallets it
 * charged.
 */
export async function writeDatabaseBatch(
  list: PriceListRun,
  lane: Lane,
  after: number,
  limit: number,
  fence?: Fence
): Promise<{ last: number | null; charged: BatchCharged }> {
  return db.transaction(async (trx) => {
    await fence?.(trx)
    const orderIds = await lockBatchWallets(trx, list, lane, after, limit)
    if (orderIds.length === 0) return { last: null, charged: NOTHING_CHARGED }
    let { charged, unknownSizes } = await chargeBatch(trx, list, orderIds)
    if (unknownSizes > 0) {
      // A size the list has not seen (a partial close or a correction since it was made): priced
      // now, and the batch charged again (what it claimed already is skipped by the unique key).
      await addSizes(trx, list, await sizesWithoutPrice(trx, list, orderIds))
      charged = bothPasses(charged, (await chargeBatch(trx, list, orderIds)).charged)
    }
    return { last: orderIds[orderIds.length - 1], charged }
  })
}

/** Wallets announced between two turns of the event loop. */
const ANNOUNCE_SLICE = 250

/**
 * After the batch's commit: the risk engine re-reads each wallet (a swap debit can stop an
 * account out) and each charged customer's screens refresh. A batch charges up to 2,000
 * wallets; they are announced a slice at a time, with a turn for ticks and requests between
 * slices, so no batch holds the event loop.
 */
export async function announceCharged(charged: BatchCharged) {
  const { walletIds, userIds } = charged
  for (let from = 0; from < Math.max(walletIds.length, userIds.length); from += ANNOUNCE_SLICE) {
    for (const balanceId of walletIds.slice(from, from + ANNOUNCE_SLICE))
      marketEvents.publish({ type: 'wallet.changed', balanceId })
    for (const userId of userIds.slice(from, from + ANNOUNCE_SLICE)) signalAccountChanged(userId)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/** In the lane: `o` (an order) belongs to it. */
const IN_LANE = 'o.balance_id % ? = ?'

/**
 * The batch's wallets locked in id order (a close locks its order, then its wallet; the batch
 * locks no order), before any ledger id is drawn: no other writer's entry on these wallets can
 * then come after the batch's with an older balance. Returns the batch's order ids, in order.
 */
async function lockBatchWallets(
  trx: TransactionClientContract,
  list: PriceListRun,
  lane: Lane,
  after: number,
  limit: number
): Promise<number[]> {
  const { rows } = await trx.rawQuery(
    `WITH batch AS (
       SELECT o.id, o.balance_id FROM orders o
        WHERE o.id > ? AND ${IN_LANE} AND ${OPEN_AT}
        ORDER BY o.id LIMIT ?
     ), locked AS (
       SELECT b.id FROM balances b WHERE b.id IN (SELECT balance_id FROM batch) ORDER BY b.id FOR NO KEY UPDATE
     )
     SELECT (SELECT array_agg(id ORDER BY id) FROM batch)::text AS ids, (SELECT count(*) FROM locked) AS wallets`,
    [after, lane.count, lane.index, list.instant, list.instant, limit]
  )
  return pgIntArray(rows[0].ids)
}

/** `{1,2,3}` (an int[] as text: one string, not a JavaScript array per row) as numbers; NULL as none. */
function pgIntArray(text: string | null): number[] {
  return text === null ? [] : text.slice(1, -1).split(',').map(Number)
}

/**
 * The batch's positions (`o`, with its wallet `b`), by id: the planner estimates an id list's
 * rows, where a lane's modulo looked 200 times rarer than it is and led it to nested loops.
 */
const IN_BATCH = `o.id = ANY(?::int[]) AND ${OPEN_AT}`
const inBatch = (list: PriceListRun, orderIds: number[]) => [
  `{${orderIds.join(',')}}`,
  list.instant,
  list.instant,
]

/**
 * ONE statement for the batch's positions that have a price: claim each (order, day) with the
 * unique key, drawing its ledger entry's id as it is claimed (ids rise with order ids:
 * PostgreSQL evaluates nextval after the ORDER BY); add the claimed swaps to the wallets in exact
 * numeric (version bumped: a concurrent writer's compare-and-set sees it and retries); insert the
 * entries under those ids, each with the wallet's new balance less the wallet's later charges of
 * the batch; add the claims to the day's count. The position itself is not written: its swap is
 * the sum of its charges (#queries/position_swaps). Also counts the batch's positions whose size
 * the list does not have.
 *
 * The plan and the price are looked up per position (LATERAL … LIMIT 1): the planner, unable to
 * estimate a join to a price list it has no statistics for, otherwise chose nested loops over
 * the CTEs (4,000,000 comparisons a batch) or a scan of every user.
 */
async function chargeBatch(
  trx: TransactionClientContract,
  list: PriceListRun,
  orderIds: number[]
): Promise<{ charged: BatchCharged; unknownSizes: number }> {
  const now = NOW()
  const { rows } = await trx.rawQuery(
    `WITH v AS (
       SELECT o.id AS order_id, o.balance_id, o.user_id, b.currency,
              p.outcome, p.amount, p.rate, p.days, p.notional, p.description
         FROM orders o
         JOIN balances b ON b.id = o.balance_id
         LEFT JOIN LATERAL (
           SELECT pp.swap_free FROM users u JOIN pricing_plans pp ON pp.id = u.pricing_table_id
            WHERE u.id = o.user_id LIMIT 1
         ) plan ON true
         LEFT JOIN LATERAL (
           SELECT * FROM rollover_prices p
            WHERE p.run = ? AND p.instrument = o.instrument AND p.kind = o.kind AND p.type = o.type
              AND p.currency = b.currency AND p.units = o.trade_amount
            LIMIT 1
         ) p ON true
        WHERE ${IN_BATCH} AND ${paysSwapsSql('plan')}
     ), claimed AS (
       INSERT INTO swap_charges (order_id, balance_id, rollover_date, amount, rate, days, notional, ledger_entry_id, created_at)
       SELECT order_id, balance_id, ?, amount, rate, days, notional,
              nextval(pg_get_serial_sequence('ledger_entries', 'id')), ?::timestamp
         FROM v WHERE outcome = 'charge' ORDER BY order_id
       ON CONFLICT (order_id, rollover_date) DO NOTHING
       RETURNING order_id, balance_id, amount, ledger_entry_id
     ), wallets AS (
       UPDATE balances SET balance = balances.balance + w.delta, version = balances.version + 1, updated_at = ?::timestamp
         FROM (SELECT balance_id, sum(amount) AS delta FROM claimed GROUP BY balance_id) w
        WHERE balances.id = w.balance_id
       RETURNING balances.id, balances.balance
     ), entries AS (
       INSERT INTO ledger_entries (id, balance_id, type, amount, balance_after, reference_type, reference_id, description, created_by_id, created_at)
       SELECT c.ledger_entry_id, c.balance_id, 'swap', c.amount,
              w.balance - COALESCE(sum(c.amount) OVER (PARTITION BY c.balance_id ORDER BY c.order_id DESC
                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
              'order', c.order_id, v.description, NULL, ?::timestamp
         FROM claimed c JOIN wallets w ON w.id = c.balance_id JOIN v ON v.order_id = c.order_id
        ORDER BY c.ledger_entry_id
       RETURNING 1
     ), counted AS (
       UPDATE rollovers SET positions = positions + (SELECT count(*) FROM claimed)
        WHERE rollover_date = ? AND EXISTS (SELECT 1 FROM claimed)
     ), charged AS (
       SELECT c.balance_id, v.user_id, v.currency, c.amount FROM claimed c JOIN v ON v.order_id = c.order_id
     )
     SELECT (SELECT count(*) FROM charged) AS positions,
            (SELECT COALESCE(json_object_agg(currency, total), '{}') FROM
              (SELECT currency, sum(amount)::text AS total FROM charged GROUP BY currency) t) AS totals,
            (SELECT array_agg(DISTINCT balance_id)::text FROM charged) AS wallet_ids,
            (SELECT array_agg(DISTINCT user_id)::text FROM charged) AS user_ids,
            (SELECT count(*) FROM v WHERE outcome IS NULL) AS unknown_sizes`,
    [list.run, ...inBatch(list, orderIds), list.date, now, now, now, list.date]
  )
  const row = rows[0]
  return {
    charged: {
      positions: Number(row.positions),
      totals: row.totals,
      walletIds: pgIntArray(row.wallet_ids),
      userIds: pgIntArray(row.user_ids),
    },
    unknownSizes: Number(row.unknown_sizes),
  }
}

/** The sizes of the batch's positions that the list does not have. */
async function sizesWithoutPrice(
  trx: TransactionClientContract,
  list: PriceListRun,
  orderIds: number[]
): Promise<SizeRow[]> {
  const { rows } = await trx.rawQuery(
    `SELECT ${SIZE_COLUMNS}, count(*) AS positions
       FROM orders o JOIN balances b ON b.id = o.balance_id
      WHERE ${IN_BATCH}
        AND NOT EXISTS (SELECT 1 FROM rollover_prices p
              WHERE p.run = ? AND p.instrument = o.instrument AND p.kind = o.kind AND p.type = o.type
                AND p.currency = b.currency AND p.units = o.trade_amount)
      GROUP BY 1, 2, 3, 4, 5`,
    [...inBatch(list, orderIds), list.run]
  )
  return rows as SizeRow[]
}
