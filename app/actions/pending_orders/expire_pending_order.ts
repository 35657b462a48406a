import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import PendingOrder from '#models/pending_order'
import marketClock from '#services/market/market_clock'
import type { Fence } from '#services/market/market_lease'
import { isStorableId } from '#domain/ids'
import { dbTime, notifyPendingEnded, resolvePending } from './pending_parts.js'

/**
 * Expires a pending order whose time has come (reason 'expired'), exactly
 * once: the claim is a conditional update on `status = 'pending'` and
 * `expires_at <= now`, so an expiry racing a fill or a cancel changes nothing
 * if they won, and an order whose expiry was just moved later stays. True
 * when this call expired it; the customer is notified.
 */
export async function expirePendingOrder(
  pendingId: number,
  opts: { fence?: Fence; now?: DateTime } = {}
): Promise<boolean> {
  if (!isStorableId(pendingId)) return false
  const now = dbTime(opts.now ?? marketClock.now())
  return db.transaction(async (trx) => {
    await opts.fence?.(trx)
    const won = await resolvePending(trx, pendingId, {
      status: 'expired',
      reason: 'expired',
      where: (query) => query.whereNotNull('expires_at').where('expires_at', '<=', now),
    })
    if (!won) return false
    const row = await PendingOrder.query({ client: trx }).where('id', pendingId).firstOrFail()
    await notifyPendingEnded(trx, row, 'expired')
    return true
  })
}
