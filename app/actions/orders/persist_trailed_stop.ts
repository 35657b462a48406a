import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Fence } from '#services/market/market_lease'
import { affected } from '#actions/trades/trade_parts'

export interface PersistTrailedStopInput {
  orderId: number
  type: 'buy' | 'sell'
  /** The stop the market role trailed to, an exact decimal string. */
  stop: string
  /** The market lease's fence: a deposed holder's write rolls back. */
  fence?: Fence
}

/**
 * Stores a trailing stop's move (issue 23 item 2), so a restart or a standby
 * resumes from it. One compare-and-set: only an open order still trailing,
 * and only when the new stop is better than the stored one — a stored stop
 * never moves back, e.g. when the customer set a better one meanwhile.
 * False when nothing was written (the caller re-reads the order).
 */
export async function persistTrailedStop(input: PersistTrailedStopInput): Promise<boolean> {
  return db.transaction(async (trx) => {
    await input.fence?.(trx)
    const updated = await trx
      .from('orders')
      .where('id', input.orderId)
      .whereNull('close_time')
      .whereNull('deleted_at')
      .whereNotNull('trailing_distance')
      .where((q) =>
        q.whereNull('loss').orWhere('loss', input.type === 'buy' ? '<' : '>', input.stop)
      )
      .update({ loss: input.stop, updated_at: DateTime.now().toSQL({ includeOffset: false }) })
    return affected(updated) === 1
  })
}
