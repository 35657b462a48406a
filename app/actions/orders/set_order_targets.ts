import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import { isStorableId } from '#domain/ids'
import marketEvents from '#services/market/market_events'
import { orderTargetErrors } from '#domain/risk'
import { toDbDecimal } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'

export interface SetOrderTargetsInput {
  userId: number
  orderId: number
  /** Take-profit rate; null clears it; undefined leaves it alone. */
  profit?: string | null
  /** Stop-loss rate; null clears it; undefined leaves it alone. */
  loss?: string | null
  /** The staff member setting them in a login-as session (audited). */
  actingStaff?: StaffContext | null
}

/**
 * Sets or clears an open order's take-profit or stop-loss within the bounds
 * of the customer spec §5 modals. Only an open order changes: the update is
 * conditional on `close_time IS NULL`, so it cannot race a close.
 */
export async function setOrderTargets(input: SetOrderTargetsInput): Promise<Order> {
  const order = isStorableId(input.orderId) ? await Order.find(input.orderId) : null
  if (!order || order.deletedAt || order.userId !== input.userId) throw new NotFoundException()
  if (input.profit === undefined && input.loss === undefined) {
    throw new UserFacingException('Set a take-profit or a stop-loss rate', { field: 'loss' })
  }
  const errors = orderTargetErrors({
    type: order.type,
    openRate: order.openRate,
    profit: input.profit,
    loss: input.loss,
  })
  if (errors.length) throw UserFacingException.forFields(errors)

  const changes: Record<string, string | null> = {}
  if (input.profit !== undefined)
    changes.profit = input.profit === null ? null : toDbDecimal(input.profit)
  if (input.loss !== undefined) changes.loss = input.loss === null ? null : toDbDecimal(input.loss)
  await db.transaction(async (trx) => {
    const updated = await trx
      .from('orders')
      .where('id', order.id)
      .whereNull('close_time')
      .whereNull('deleted_at')
      .update({ ...changes, updated_at: DateTime.now().toSQL({ includeOffset: false }) })
    if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
      throw new UserFacingException('This position is already closed', { status: 409 })
    }
    const before: Record<string, string | null> = { orderId: null }
    if (changes.profit !== undefined) before.takeProfit = order.profit
    if (changes.loss !== undefined) before.stopLoss = order.loss
    const after: Record<string, string | number | null> = { orderId: order.id }
    if (changes.profit !== undefined) after.takeProfit = changes.profit
    if (changes.loss !== undefined) after.stopLoss = changes.loss
    await recordActingStaffWrite(trx, input.actingStaff, {
      action: 'customer_session.order_targets',
      customerId: order.userId,
      before,
      after,
    })
  })
  marketEvents.publish({ type: 'order.changed', orderId: order.id })
  return Order.findOrFail(order.id)
}
