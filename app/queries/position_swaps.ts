import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { fromDbDecimal } from '#domain/money'

/** Ids per query: well under either database's limit on bound parameters. */
const CHUNK = 1_000

/**
 * Each position's swap: the sum of its rollover charges (swap_charges). Nothing else stores it: a
 * rollover writes one charge per position and never rewrites the position itself (issue 24: at a
 * million open positions, rewriting each order and its seven indexes a day was most of the cost).
 * One grouped read per thousand positions, on the charges' (order_id, rollover_date) index.
 * PostgreSQL sums in exact numeric; SQLite's columns hold floating point, so its sum is rounded
 * to the money scale (charges carry at most the wallet's minor unit).
 */
export async function swapsOf(
  orderIds: number[],
  client: QueryClientContract = db.connection()
): Promise<Map<number, string>> {
  const swaps = new Map<number, string>()
  const ids = [...new Set(orderIds)]
  for (let at = 0; at < ids.length; at += CHUNK) {
    const rows: { order_id: number | string; swap: number | string }[] = await client
      .from('swap_charges')
      .whereIn('order_id', ids.slice(at, at + CHUNK))
      .groupBy('order_id')
      .select('order_id')
      .select(
        client.raw(
          client.dialect.name === 'postgres' ? 'sum(amount)::text AS swap' : 'sum(amount) AS swap'
        )
      )
    for (const r of rows) swaps.set(Number(r.order_id), fromDbDecimal(r.swap))
  }
  return swaps
}

/** Sets `swap` on each position (0 where it paid none) and returns them. */
export async function withSwaps<T extends { id: number }>(
  positions: T[],
  client?: QueryClientContract
): Promise<(T & { swap: string })[]> {
  const swaps = await swapsOf(
    positions.map((p) => p.id),
    client
  )
  // Set in place: the positions may be models, which a copy would not be.
  return positions.map((p) => Object.assign(p, { swap: swaps.get(p.id) ?? '0' }))
}
