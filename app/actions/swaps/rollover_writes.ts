import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import marketEvents from '#services/market/market_events'
import { money, toDbDecimal, type Money } from '#domain/money'
import type { PlannedCharge } from '#actions/swaps/rollover_pricing'

/*
 * The set-based writes of one rollover batch. Rows travel as ONE JSON
 * parameter (json_to_recordset on PostgreSQL, json_each on SQLite) rather
 * than thousands of placeholders, and every decimal travels as a string.
 * PostgreSQL sums in exact numeric; on SQLite, whose columns hold floating
 * point, balances and swaps are summed with exact decimals here.
 */

type ColumnType = 'int' | 'numeric' | 'text'

/** The ledger entries' columns as the batch sends them (`description` is SQL's text type, not a message). */
const ENTRY_COLUMNS: Record<string, ColumnType> = {
  balance_id: 'int',
  amount: 'numeric',
  balance_after: 'numeric',
  reference_id: 'int',
  ['description']: 'text',
}

/** A FROM item `v` with the given typed columns, read from the JSON array bound in its place. */
function jsonRows(trx: TransactionClientContract, columns: Record<string, ColumnType>) {
  const names = Object.keys(columns)
  if (trx.dialect.name === 'postgres') {
    return `json_to_recordset(?::json) AS v(${names.map((n) => `${n} ${columns[n]}`).join(', ')})`
  }
  return `(SELECT ${names.map((n) => `json_extract(value, '$.${n}') AS ${n}`).join(', ')} FROM json_each(?)) AS v`
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

export class BatchConflict extends Error {
  constructor() {
    super('A wallet changed under the rollover batch; it is retried')
  }
}

export interface BatchOutcome {
  /** Charges this batch wrote (others were already charged by an earlier or concurrent run). */
  charged: PlannedCharge[]
  wallets: number[]
}

/**
 * One batch in the caller's transaction: claim each (order, day) with the
 * unique key, then, for the claimed rows only, the orders' accumulated swap,
 * the wallets' balances (version bumped), one `swap` ledger entry per
 * position with its exact balance_after, and the claim's link to its entry.
 */
export async function writeBatch(
  trx: TransactionClientContract,
  date: string,
  planned: PlannedCharge[]
): Promise<BatchOutcome> {
  const claimedIds =
    trx.dialect.name === 'postgres'
      ? await writeBatchPg(trx, date, planned)
      : await writeBatchSqlite(trx, date, planned)
  const charged = planned.filter((c) => claimedIds.has(c.orderId))
  const wallets = [...new Set(charged.map((c) => c.balanceId))].sort((a, b) => a - b)
  // The risk engine re-reads each wallet once this commits (a swap debit can stop an account out).
  for (const id of wallets) marketEvents.afterCommit(trx, { type: 'wallet.changed', balanceId: id })
  return { charged, wallets }
}

function description(date: string, c: PlannedCharge) {
  return `Swap ${c.instrument} ${date}${c.days > 1 ? ` (×${c.days})` : ''}`
}

function claimRows(planned: PlannedCharge[]) {
  return planned.map((c) => ({
    order_id: c.orderId,
    balance_id: c.balanceId,
    amount: toDbDecimal(c.amount),
    rate: c.rate.toDecimalPlaces(4).toFixed(),
    days: c.days,
    notional: c.notional.toDecimalPlaces(2).toFixed(),
  }))
}

/**
 * PostgreSQL: two statements. The first claims and adds the swaps in exact
 * numeric to the orders and the wallets under their row locks (orders before
 * wallets, as a close locks them; a concurrent writer's compare-and-set sees
 * the bumped version and retries), returning each wallet's new balance. The
 * second, with those locks held, inserts the entries (their ids drawn now, so
 * no other writer's entry on these wallets can come after them with an older
 * balance) and links each claim to its entry. Each entry's balance_after is
 * the wallet's new balance less the wallet's later charges of the batch.
 */
async function writeBatchPg(
  trx: TransactionClientContract,
  date: string,
  planned: PlannedCharge[]
): Promise<Set<number>> {
  const now = DateTime.now().toSQL({ includeOffset: false })!
  const written = rowsOf<{ order_id: number | null; wallet_id: number | null; balance: string }>(
    await trx.rawQuery(
      `WITH v AS (
         SELECT * FROM json_to_recordset(?::json)
           AS v(order_id int, balance_id int, amount numeric, rate numeric, days int, notional numeric)
       ), claimed AS (
         INSERT INTO swap_charges (order_id, balance_id, rollover_date, amount, rate, days, notional, created_at)
         SELECT order_id, balance_id, ?, amount, rate, days, notional, ?::timestamp
           FROM v ORDER BY order_id
         ON CONFLICT (order_id, rollover_date) DO NOTHING
         RETURNING order_id, balance_id, amount
       ), swapped AS (
         UPDATE orders SET swap = orders.swap + c.amount FROM claimed c WHERE orders.id = c.order_id
       ), wallets AS (
         UPDATE balances SET balance = balances.balance + w.delta, version = balances.version + 1, updated_at = ?::timestamp
           FROM (SELECT balance_id, sum(amount) AS delta FROM claimed GROUP BY balance_id) w
          WHERE balances.id = w.balance_id
         RETURNING balances.id, balances.balance
       )
       SELECT order_id, NULL AS wallet_id, NULL AS balance FROM claimed
       UNION ALL
       SELECT NULL, id, balance::text FROM wallets`,
      [JSON.stringify(claimRows(planned)), date, now, now]
    )
  )
  const claimed = written.filter((r) => r.order_id !== null).map((r) => Number(r.order_id))
  if (claimed.length === 0) return new Set()
  const balances = new Map(
    written.filter((r) => r.wallet_id !== null).map((r) => [Number(r.wallet_id), money(r.balance)])
  )
  const byOrder = new Map(planned.map((c) => [c.orderId, c]))
  // Newest first: each entry's balance_after is what the wallet holds before the later charges.
  const entries = claimed
    .sort((a, b) => b - a)
    .map((orderId) => {
      const c = byOrder.get(orderId)!
      const after = balances.get(c.balanceId)!
      balances.set(c.balanceId, after.minus(c.amount))
      return {
        balance_id: c.balanceId,
        amount: toDbDecimal(c.amount),
        balance_after: toDbDecimal(after),
        reference_id: orderId,
        description: description(date, c),
      }
    })
    .reverse()
  await trx.rawQuery(
    `WITH entries AS (
       INSERT INTO ledger_entries (balance_id, type, amount, balance_after, reference_type, reference_id, description, created_by_id, created_at)
       SELECT balance_id, 'swap', amount, balance_after, 'order', reference_id, description, NULL, ?::timestamp
         FROM json_to_recordset(?::json)
           AS v(balance_id int, amount numeric, balance_after numeric, reference_id int, description text)
        ORDER BY reference_id
       RETURNING id, reference_id
     )
     UPDATE swap_charges SET ledger_entry_id = entries.id
       FROM entries
      WHERE swap_charges.order_id = entries.reference_id AND swap_charges.rollover_date = ?`,
    [now, JSON.stringify(entries), date]
  )
  return new Set(claimed)
}

/**
 * SQLite (one writer, in process): claim, then read and write the orders and
 * wallets with exact decimals here (its columns hold floating point), each
 * entry's balance_after running over the wallet's charges in order id order.
 */
async function writeBatchSqlite(
  trx: TransactionClientContract,
  date: string,
  planned: PlannedCharge[]
): Promise<Set<number>> {
  const now = DateTime.now().toSQL({ includeOffset: false })!
  const byOrder = new Map(planned.map((c) => [c.orderId, c]))

  // What an earlier run inserted is skipped.
  const claimed = rowsOf<{ id: number; order_id: number }>(
    await trx.rawQuery(
      `INSERT INTO swap_charges (order_id, balance_id, rollover_date, amount, rate, days, notional, created_at)
       SELECT order_id, balance_id, ?, amount, rate, days, notional, ?
         FROM ${jsonRows(trx, { order_id: 'int', balance_id: 'int', amount: 'numeric', rate: 'numeric', days: 'int', notional: 'numeric' })}
        WHERE true
        ORDER BY order_id
       ON CONFLICT (order_id, rollover_date) DO NOTHING
       RETURNING id, order_id`,
      [date, now, JSON.stringify(claimRows(planned))]
    )
  )
  if (claimed.length === 0) return new Set()
  const chargeIdOf = new Map(claimed.map((r) => [Number(r.order_id), Number(r.id)]))
  const orderIds = [...chargeIdOf.keys()].sort((a, b) => a - b)

  const orders = await trx.from('orders').whereIn('id', orderIds).select('id', 'swap')
  await trx.rawQuery(
    `UPDATE orders SET swap = v.swap FROM ${jsonRows(trx, { id: 'int', swap: 'numeric' })} WHERE orders.id = v.id`,
    [
      JSON.stringify(
        orders.map((o: { id: number; swap: unknown }) => ({
          id: Number(o.id),
          swap: toDbDecimal(money(String(o.swap)).plus(byOrder.get(Number(o.id))!.amount)),
        }))
      ),
    ]
  )

  const walletIds = [...new Set(orderIds.map((id) => byOrder.get(id)!.balanceId))]
  const wallets = await trx
    .from('balances')
    .whereIn('id', walletIds)
    .select('id', 'balance', 'version')
  const running = new Map<number, Money>(
    wallets.map((w: { id: number; balance: unknown }) => [Number(w.id), money(String(w.balance))])
  )
  const entries = orderIds.map((orderId) => {
    const c = byOrder.get(orderId)!
    const after = running.get(c.balanceId)!.plus(c.amount)
    running.set(c.balanceId, after)
    return {
      balance_id: c.balanceId,
      amount: toDbDecimal(c.amount),
      balance_after: toDbDecimal(after),
      reference_id: orderId,
      description: description(date, c),
    }
  })
  const updated = rowsOf<{ id: number }>(
    await trx.rawQuery(
      `UPDATE balances SET balance = v.balance, version = balances.version + 1, updated_at = ?
         FROM ${jsonRows(trx, { id: 'int', balance: 'numeric', version: 'int' })}
        WHERE balances.id = v.id AND balances.version = v.version
        RETURNING balances.id`,
      [
        now,
        JSON.stringify(
          wallets.map((w: { id: number; version: number }) => ({
            id: Number(w.id),
            balance: toDbDecimal(running.get(Number(w.id))!),
            version: Number(w.version),
          }))
        ),
      ]
    )
  )
  // Compare-and-set on version: a write that slipped in rolls the batch back to be redone.
  if (updated.length !== wallets.length) throw new BatchConflict()

  const inserted = rowsOf<{ id: number; reference_id: number }>(
    await trx.rawQuery(
      `INSERT INTO ledger_entries (balance_id, type, amount, balance_after, reference_type, reference_id, description, created_by_id, created_at)
       SELECT balance_id, 'swap', amount, balance_after, 'order', reference_id, description, NULL, ?
         FROM ${jsonRows(trx, ENTRY_COLUMNS)}
       RETURNING id, reference_id`,
      [now, JSON.stringify(entries)]
    )
  )
  await trx.rawQuery(
    `UPDATE swap_charges SET ledger_entry_id = v.entry_id
       FROM ${jsonRows(trx, { id: 'int', entry_id: 'int' })}
      WHERE swap_charges.id = v.id`,
    [
      JSON.stringify(
        inserted.map((e) => ({
          id: chargeIdOf.get(Number(e.reference_id)),
          entry_id: Number(e.id),
        }))
      ),
    ]
  )
  return new Set(orderIds)
}
