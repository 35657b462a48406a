import db from '@adonisjs/lucid/services/db'
import PendingOrder from '#models/pending_order'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { notifyPendingEnded, resolvePending } from './pending_parts.js'
import { noLongerPending } from './modify_pending_order.js'

export interface CancelPendingOrderInput {
  pendingId: number
  /** The customer cancelling their own order; null when staff cancel. */
  userId: number | null
  /** Staff cancelling from the back office (reason 'staff', audited). */
  staff?: StaffContext
  /** The staff member cancelling as the customer in a login-as session (audited). */
  actingStaff?: StaffContext | null
}

/**
 * Cancels a waiting order exactly once (issue 23 item 1): a conditional
 * update pending → cancelled, so of a fill, the customer's and staff's
 * cancels racing, one wins; the losers answer 409 and change nothing.
 * Another customer's order answers 404. The customer is notified; a staff
 * cancel writes its audit row in the same transaction.
 */
export async function cancelPendingOrder(input: CancelPendingOrderInput): Promise<PendingOrder> {
  const found = isStorableId(input.pendingId) ? await PendingOrder.find(input.pendingId) : null
  if (!found || (input.userId !== null && found.userId !== input.userId)) {
    throw new NotFoundException()
  }
  if (found.status !== 'pending') throw noLongerPending()
  const reason = input.staff ? 'staff' : 'customer'
  const by = input.staff?.staff.id ?? input.actingStaff?.staff.id ?? null

  await db.transaction(async (trx) => {
    const won = await resolvePending(trx, found.id, {
      status: 'cancelled',
      reason,
      cancelledById: by,
    })
    if (!won) throw noLongerPending()
    await notifyPendingEnded(trx, found, reason)
    if (input.staff) {
      await recordStaffAction(trx, {
        staff: input.staff.staff,
        ip: input.staff.ip,
        action: 'pending_order.cancel',
        target: { type: 'pending_order', id: found.id },
        before: { status: 'pending' },
        after: { status: 'cancelled', reason },
      })
    }
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.pending_cancel',
      customerId: found.userId,
      before: { pendingOrderId: found.id, status: 'pending' },
      after: { pendingOrderId: found.id, status: 'cancelled' },
    })
  })
  return PendingOrder.findOrFail(found.id)
}
