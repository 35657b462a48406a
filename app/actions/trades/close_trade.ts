import { closeOrder } from '#actions/orders/close_order'
import { notifyUser } from '#services/notification_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { linkEntriesToAudit } from '#services/ledger_service'
import { evidenceForAudit } from '#domain/evidence'

/**
 * Staff close an open trade at the current market price (admin spec §4):
 * the one exactly-once close path customers and the risk engine use, with
 * reason 'admin', the staff member and the audit row on its ledger entries. The
 * customer's notification and the audit row are written in the close's own
 * transaction, and the customer's open pages update after it. A trade closed
 * or deleted meanwhile answers 409; an unknown one 404.
 */
export async function closeTrade(input: { orderId: number } & StaffContext) {
  const closed = await closeOrder({
    orderId: input.orderId,
    userId: null,
    staffId: input.staff.id,
    reason: 'admin',
    inTransaction: async (trx, order, { closeRate, realized, entryIds, quote }) => {
      await notifyUser(
        order.userId,
        {
          title: 'Position closed by the broker',
          description: `Position #${order.id} ${order.instrument} closed at ${closeRate} (P/L ${realized}).`,
          url: '/statements',
        },
        trx
      )
      const audit = await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'order.close',
        target: { type: 'order', id: order.id },
        before: { status: 'open', closeRate: null, proLoss: null },
        // The quote the close used, so a dispute about a staff close has the tick in the audit trail.
        after: {
          status: 'closed',
          closeRate,
          proLoss: realized,
          evidence: evidenceForAudit(quote),
        },
      })
      if (audit) await linkEntriesToAudit(trx, entryIds, audit.id)
    },
  })
  return closed!
}
