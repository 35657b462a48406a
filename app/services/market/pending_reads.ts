import db from '@adonisjs/lucid/services/db'

/**
 * The pending engine's reads (issue 23): plain rows of the pending orders
 * with only what the trigger books need, no model hydration. Decimals arrive
 * as strings on PostgreSQL and numbers on SQLite; timestamps as Date on
 * PostgreSQL and local-time SQL strings on SQLite (as Lucid writes them).
 */
export interface PendingRow {
  id: number
  instrument: string
  type: 'buy' | 'sell'
  execution: 'limit' | 'stop'
  price: string | number
  expires_at: Date | string | number | null
}

/** What the reconciliation compares: an id, its trigger price and its expiry. */
export type PendingPriceRow = Pick<PendingRow, 'id' | 'price' | 'expires_at'>

const COLUMNS = ['id', 'instrument', 'type', 'execution', 'price', 'expires_at']

function pending() {
  return db.from('pending_orders').where('status', 'pending')
}

/** One page of pending orders after `afterId`, by id (keyset pagination). */
export function pendingPage(afterId: number, limit: number): Promise<PendingRow[]> {
  return pending().select(COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit)
}

/** The order while it is pending; null once filled, cancelled, expired or deleted. */
export async function pendingOrder(id: number): Promise<PendingRow | null> {
  return (await pending().select(COLUMNS).where('id', id).first()) ?? null
}

/** The reconciliation's page: ids, prices and expiries only. */
export function pendingPrices(afterId: number, limit: number): Promise<PendingPriceRow[]> {
  return pending()
    .select('id', 'price', 'expires_at')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
}
