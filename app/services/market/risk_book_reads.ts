import db from '@adonisjs/lucid/services/db'
import type { Category } from '#domain/instruments'
import { KINDS, type BookDigest, type PlanStopoutRow } from '#domain/risk_book'

/**
 * The risk engine's reads (issue 22 item 2): plain rows with only the columns
 * the book needs, no model hydration. Decimals arrive as strings on
 * PostgreSQL and numbers on SQLite; the book turns them into floats for its
 * screen, the actions it calls re-read exact values.
 */

export interface OrderRow {
  id: number
  balance_id: number
  instrument: string
  kind: Category
  type: 'buy' | 'sell'
  trade_amount: string | number
  open_rate: string | number
  spread: string | number
  exchange_rate: string | number
  profit: string | number | null
  loss: string | number | null
  /** For the trailing stop's price digits (absent in the benchmark's synthetic rows: not JPY). */
  quote_symbol?: string
  /** Trailing-stop distance in price units; null or absent: none. */
  trailing_distance?: string | number | null
}

export interface WalletRow {
  id: number
  user_id: number
  balance: string | number
  margin: string | number
  pricing_table_id: number | null
  /** For the exposure screen (issue 24 item 3); absent in older synthetic rows. */
  mode?: string
  currency?: string
}

export type PlanRow = PlanStopoutRow & { id: number }

export interface WalletDigestRow extends BookDigest {
  balanceId: number
}

const ORDER_COLUMNS = [
  'id',
  'balance_id',
  'instrument',
  'kind',
  'type',
  'trade_amount',
  'open_rate',
  'spread',
  'exchange_rate',
  'profit',
  'loss',
  'quote_symbol',
  'trailing_distance',
]

/** Open: neither closed nor deleted (the partial indexes of migrations 14 and 24 hold exactly these). */
function openOrders() {
  return db.from('orders').whereNull('close_time').whereNull('deleted_at')
}

/** One page of open orders after `afterId`, by id (keyset pagination). */
export function openOrdersPage(afterId: number, limit: number): Promise<OrderRow[]> {
  return openOrders().select(ORDER_COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit)
}

export async function openOrder(id: number): Promise<OrderRow | null> {
  return (await openOrders().select(ORDER_COLUMNS).where('id', id).first()) ?? null
}

export function openOrdersOfWallet(balanceId: number): Promise<OrderRow[]> {
  return openOrders().select(ORDER_COLUMNS).where('balance_id', balanceId).orderBy('id')
}

export function wallets(ids: number[]): Promise<WalletRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .from('balances as b')
    .join('users as u', 'u.id', 'b.user_id')
    .select(
      'b.id',
      'b.user_id',
      'b.balance',
      'b.margin',
      'b.mode',
      'b.currency',
      'u.pricing_table_id'
    )
    .whereIn('b.id', ids)
}

export async function userPlanId(userId: number): Promise<number | null | undefined> {
  const row = await db.from('users').select('pricing_table_id').where('id', userId).first()
  return row ? (row.pricing_table_id ?? null) : undefined
}

const PLAN_COLUMNS = ['id', ...KINDS.map((k) => `${k}_stopout`)]

export function plans(): Promise<PlanRow[]> {
  return db.from('pricing_plans').select(PLAN_COLUMNS)
}

export async function plan(id: number): Promise<PlanRow | null> {
  return (await db.from('pricing_plans').select(PLAN_COLUMNS).where('id', id).first()) ?? null
}

/**
 * The digests of the next `limit` wallets holding open positions after
 * `afterBalanceId`, by wallet id: one aggregate over the open-orders index.
 */
export async function walletDigests(
  afterBalanceId: number,
  limit: number
): Promise<WalletDigestRow[]> {
  const rows = await openOrders()
    .select('balance_id')
    .count('* as count')
    .sum('id as ids')
    .sum('trade_amount as amount')
    .sum('open_rate as open_rate')
    .sum('profit as profit')
    .sum('loss as loss')
    .count('profit as profits')
    .count('loss as losses')
    .sum('trailing_distance as trailing')
    .count('trailing_distance as trails')
    .where('balance_id', '>', afterBalanceId)
    .groupBy('balance_id')
    .orderBy('balance_id')
    .limit(limit)
  return rows.map((r: Record<string, string | number | null>) => ({
    balanceId: Number(r.balance_id),
    count: Number(r.count),
    ids: Number(r.ids),
    amount: Number(r.amount ?? 0),
    openRate: Number(r.open_rate ?? 0),
    profit: Number(r.profit ?? 0),
    loss: Number(r.loss ?? 0),
    trailing: Number(r.trailing ?? 0),
    targets: Number(r.profits) + Number(r.losses) + Number(r.trails),
  }))
}
