import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import marketEvents from '#services/market/market_events'
import { money, toDbDecimal, type Money } from '#domain/money'
import type { PlannedCharge } from '#actions/swaps/rollover_pricing'
import { swapEntryDescription } from '#domain/swaps'

/*
 * The set-based writes of one rollover batch on SQLite (PostgreSQL's batches are written by the
 * database alone: rollover_in_database.ts). Rows travel as ONE JSON parameter (json_each) rather
 * than thousands of placeholders, and every decimal travels as a string; SQLite's columns hold
 * floating point, so balances are summed with exact decimals here.
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

/** A FROM item `v` with the given columns, read from the JSON array bound in its place. */
function jsonRows(columns: Record<string, ColumnType>) {
  const names = Object.keys(columns)
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
 * unique key, linked to its ledger entry, then, for the claimed rows only,
 * the wallets' balances (version bumped), one `swap` ledger entry per
 * position with its exact balance_after, and the day's count of positions.
 */
export async function writeBatch(
  trx: TransactionClientContract,
  date: string,
  planned: PlannedCharge[]
): Promise<BatchOutcome> {
  const claimedIds = await writeBatchRows(trx, date, planned)
  const charged = planned.filter((c) => claimedIds.has(c.orderId))
  const wallets = [...new Set(charged.map((c) => c.balanceId))].sort((a, b) => a - b)
  // The risk engine re-reads each wallet once this commits (a swap debit can stop an account out).
  for (const id of wallets) marketEvents.afterCommit(trx, { type: 'wallet.changed', balanceId: id })
  return { charged, wallets }
}

function claimRows(date: string, planned: PlannedCharge[]) {
  return planned.map((c) => ({
    order_id: c.orderId,
    balance_id: c.balanceId,
    amount: c.stored.amount,
    rate: c.stored.rate,
    days: c.days,
    notional: c.stored.notional,
    description: swapEntryDescription(date, c.instrument, c.days),
  }))
}

/**
 * One writer, in process: claim, then read and write the wallets with
 * exact decimals here (its columns hold floating point), each entry's
 * balance_after running over the wallet's charges in order id order, then
 * link each claim to its entry.
 */
async function writeBatchRows(
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
         FROM ${jsonRows({ order_id: 'int', balance_id: 'int', amount: 'numeric', rate: 'numeric', days: 'int', notional: 'numeric' })}
        WHERE true
        ORDER BY order_id
       ON CONFLICT (order_id, rollover_date) DO NOTHING
       RETURNING id, order_id`,
      [date, now, JSON.stringify(claimRows(date, planned))]
    )
  )
  if (claimed.length === 0) return new Set()
  const chargeIdOf = new Map(claimed.map((r) => [Number(r.order_id), Number(r.id)]))
  const orderIds = [...chargeIdOf.keys()].sort((a, b) => a - b)

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
      amount: c.stored.amount,
      balance_after: toDbDecimal(after),
      reference_id: orderId,
      description: swapEntryDescription(date, c.instrument, c.days),
    }
  })
  const updated = rowsOf<{ id: number }>(
    await trx.rawQuery(
      `UPDATE balances SET balance = v.balance, version = balances.version + 1, updated_at = ?
         FROM ${jsonRows({ id: 'int', balance: 'numeric', version: 'int' })}
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
         FROM ${jsonRows(ENTRY_COLUMNS)}
       RETURNING id, reference_id`,
      [now, JSON.stringify(entries)]
    )
  )
  await trx.rawQuery(
    `UPDATE swap_charges SET ledger_entry_id = v.entry_id
       FROM ${jsonRows({ id: 'int', entry_id: 'int' })}
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
  await trx.rawQuery('UPDATE rollovers SET positions = positions + ? WHERE rollover_date = ?', [
    orderIds.length,
    date,
  ])
  return new Set(orderIds)
}
