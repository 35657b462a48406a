import type User from '#models/user'
import { closeOrder } from '#actions/orders/close_order'
import { notifyUser } from '#services/notification_service'

/**
 * Staff close an open trade at the current market price (admin spec §4):
 * the one exactly-once close path customers and the risk engine use, with
 * reason 'admin' and the staff member on the realized-P/L entry. The
 * customer is notified in the same transaction and their open pages update.
 * A trade closed or deleted meanwhile answers 409 or 404.
 */
export async function closeTrade(input: { orderId: number; staff: User }) {
  const closed = await closeOrder({
    orderId: input.orderId,
    userId: null,
    staffId: input.staff.id,
    reason: 'admin',
    inTransaction: async (trx, order, { closeRate, realized }) => {
      await notifyUser(
        order.userId,
        {
          title: 'Position closed by the broker',
          description: `Position #${order.id} ${order.instrument} closed at ${closeRate} (P/L ${realized}).`,
          url: '/statements',
        },
        trx
      )
    },
  })
  return closed!
}
