import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import marketEvents from '#services/market/market_events'
import { money, toDbDecimal, type Money } from '#domain/money'
import type { PlannedCharge } from '#actions/swaps/rollover_pricing'

/*
 * The set-based writes of one rollover batch. Rows travel as ONE JSON
 * parameter (json_to_recordset on PostgreSQL, json_each on SQLite) rather
 * than thousands of placeholders, and every decimal travels as a string:
 * balances and swaps are summed with exact decimals here, never in SQL
 * floating point (SQLite has no exact decimal type).
 */

type ColumnType = 'int' | 'numeric' | 'text'

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
 * the wallets' balances (locked in id order, written with a compare-and-set
 * on version), one `swap` ledger entry per position with its exact
 * balance_after, and the claim's link to its entry.
 */
export async function writeBatch(
  trx: TransactionClientContract,
  date: string,
  planned: PlannedCharge[]
): Promise<BatchOutcome> {
  const now = DateTime.now().toSQL({ includeOffset: false })!
  const pg = trx.dialect.name === 'postgres'
  const byOrder = new Map(planned.map((c) => [c.orderId, c]))

  // 1. Claim: what an earlier or concurrent run inserted is skipped (it waits for that run's commit on PostgreSQL).
  const claimed = rowsOf<{ id: number; order_id: number }>(
    await trx.rawQuery(
      `INSERT INTO swap_charges (order_id, balance_id, rollover_date, amount, rate, days, notional, created_at)
       SELECT order_id, balance_id, ?, amount, rate, days, notional, ?
         FROM ${jsonRows(trx, { order_id: 'int', balance_id: 'int', amount: 'numeric', rate: 'numeric', days: 'int', notional: 'numeric' })}
        WHERE true
        ORDER BY order_id
       ON CONFLICT (order_id, rollover_date) DO NOTHING
       RETURNING id, order_id`,
      [
        date,
        now,
        JSON.stringify(
          planned.map((c) => ({
            order_id: c.orderId,
            balance_id: c.balanceId,
            amount: toDbDecimal(c.amount),
            rate: c.rate.toDecimalPlaces(4).toFixed(),
            days: c.days,
            notional: c.notional.toDecimalPlaces(2).toFixed(),
          }))
        ),
      ]
    )
  )
  if (claimed.length === 0) return { charged: [], wallets: [] }
  const chargeIdOf = new Map(claimed.map((r) => [Number(r.order_id), Number(r.id)]))
  const charged = planned.filter((c) => chargeIdOf.has(c.orderId))
  const orderIds = charged.map((c) => c.orderId).sort((a, b) => a - b)

  // 2. Orders before wallets, as a close locks them: no deadlock with a concurrent close.
  const orders = await trx
    .from('orders')
    .whereIn('id', orderIds)
    .orderBy('id')
    .select('id', 'swap')
    .if(pg, (q) => q.forUpdate())
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

  // 3. Wallets, locked in id order; each entry's balance_after runs over the wallet's charges in order id order.
  const walletIds = [...new Set(charged.map((c) => c.balanceId))].sort((a, b) => a - b)
  const wallets = await trx
    .from('balances')
    .whereIn('id', walletIds)
    .orderBy('id')
    .select('id', 'balance', 'version')
    .if(pg, (q) => q.forUpdate())
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
      description: `Swap ${c.instrument} ${date}${c.days > 1 ? ` (×${c.days})` : ''}`,
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
  // Only a writer that skipped the lock (none should) could move a version: roll back and redo the batch.
  if (updated.length !== wallets.length) throw new BatchConflict()

  // 4. The ledger entries, then each claim's link to its entry.
  const inserted = rowsOf<{ id: number; reference_id: number }>(
    await trx.rawQuery(
      `INSERT INTO ledger_entries (balance_id, type, amount, balance_after, reference_type, reference_id, description, created_by_id, created_at)
       SELECT balance_id, 'swap', amount, balance_after, 'order', reference_id, description, NULL, ?
         FROM ${jsonRows(trx, { balance_id: 'int', amount: 'numeric', balance_after: 'numeric', reference_id: 'int', description: 'text' })}
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

  // The risk engine re-reads each wallet once this commits (a swap debit can stop an account out).
  for (const id of walletIds)
    marketEvents.afterCommit(trx, { type: 'wallet.changed', balanceId: id })
  return { charged, wallets: walletIds }
}
