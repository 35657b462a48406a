import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type PendingOrder from '#models/pending_order'
import marketEvents from '#services/market/market_events'
import { notifyUser } from '#services/notification_service'
import {
  PENDING_REASON_TEXT,
  pendingOrderLabel,
  type PendingReason,
  type PendingStatus,
} from '#domain/pending_orders'
import { affected } from '#actions/trades/trade_parts'

/** A timestamp as Lucid writes it (process zone, no offset), for raw updates and comparisons. */
export function dbTime(at: DateTime) {
  return at.toLocal().toSQL({ includeOffset: false })!
}

/**
 * Takes a pending order out of 'pending' exactly once: a conditional update
 * on `status = 'pending'` (plus `extra` conditions), so of a fill, the
 * customer's cancel, staff's cancel and the expiry racing, one wins and the
 * others change nothing. True when this call won; the market role hears
 * `pending.resolved` after the commit.
 */
export async function resolvePending(
  trx: TransactionClientContract,
  pendingId: number,
  outcome: {
    status: Exclude<PendingStatus, 'pending'>
    reason: PendingReason | null
    cancelledById?: number | null
    fillRate?: string | null
    /** More conditions of the claim (an expiry's `expires_at <= now`). */
    where?: (query: ReturnType<TransactionClientContract['from']>) => void
  }
): Promise<boolean> {
  const now = dbTime(DateTime.now())
  const query = trx.from('pending_orders').where('id', pendingId).where('status', 'pending')
  outcome.where?.(query)
  const claimed = await query.update({
    status: outcome.status,
    reason: outcome.reason,
    cancelled_by_id: outcome.cancelledById ?? null,
    fill_rate: outcome.fillRate ?? null,
    resolved_at: now,
    updated_at: now,
  })
  const won = affected(claimed) === 1
  if (won) marketEvents.afterCommit(trx, { type: 'pending.resolved', pendingId })
  return won
}

/** "Buy Limit #12 EUR_USD" */
export function pendingName(p: Pick<PendingOrder, 'id' | 'type' | 'execution' | 'instrument'>) {
  return `${pendingOrderLabel(p.type, p.execution)} #${p.id} ${p.instrument}`
}

/** Tells the customer (toast and sound, after the commit) that their order was cancelled or expired. */
export async function notifyPendingEnded(
  trx: TransactionClientContract,
  p: PendingOrder,
  reason: PendingReason
) {
  const name = pendingName(p)
  const why = PENDING_REASON_TEXT[reason]
  await notifyUser(
    p.userId,
    reason === 'expired'
      ? {
          title: 'Pending order expired',
          description: `${name} expired without being filled.`,
          url: '/dashboard',
        }
      : {
          title: 'Pending order cancelled',
          description: `${name}: ${why}.`,
          url: '/dashboard',
        },
    trx
  )
}
