import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { postEntry, releaseMargin } from '#services/ledger_service'
import { notifyUser, signalAccountChanged } from '#services/notification_service'
import { openLossOf } from '#services/money_movement_checks'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import marketEvents from '#services/market/market_events'
import { money, toDbDecimal } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { affected, lockWallet, lockedLiveOrder, orderLedgerSum } from '#actions/trades/trade_parts'

export const REVERSAL_NOT_COVERED =
  "The customer's free margin cannot cover reversing this trade's profit"

export interface DeletedTrade {
  orderId: number
  /** Margin given back (an open trade). */
  releasedMargin: string
  /** What the ledger moved back (a closed trade), signed; '0' when nothing. */
  reversed: string
}

/**
 * Staff delete a trade (admin spec §4: any order can be deleted). The row is
 * kept for the audit trail (`deleted_at`, `deleted_by`) and vanishes from
 * every list, statement, open-position read and total.
 *
 * - An open trade realizes nothing: its margin goes back to the wallet and
 *   the risk engine forgets it.
 * - A closed trade is reversed through the ledger: one `trade_reversal`
 *   entry takes back everything its entries moved (realized P/L, any
 *   write-off and staff corrections), naming the order and the staff member.
 *   Taking back a profit is refused when the customer's free margin (less
 *   open losses) cannot carry it.
 *
 * One transaction with the order locked, the soft delete conditional on the
 * state it was read in: a close racing the delete either happens first (then
 * the closed trade is reversed) or finds the trade gone.
 */
export async function deleteTrade(
  input: { orderId: number } & StaffContext
): Promise<DeletedTrade> {
  const result = await db.transaction(async (trx) => {
    const order = await lockedLiveOrder(trx, input.orderId)
    await lockWallet(trx, order.balanceId)
    const now = DateTime.now().toSQL({ includeOffset: false })
    const query = trx.from('orders').where('id', order.id).whereNull('deleted_at')
    if (order.closeTime) query.whereNotNull('close_time')
    else query.whereNull('close_time')
    if (
      affected(
        await query.update({ deleted_at: now, deleted_by: input.staff.id, updated_at: now })
      ) !== 1
    ) {
      throw new UserFacingException('This trade changed meanwhile; please try again', {
        status: 409,
      })
    }

    let releasedMargin = money(0)
    let reversed = money(0)
    if (!order.closeTime) {
      const wallet = await releaseMargin(trx, order.balanceId, order.marginUsed)
      releasedMargin = money(order.marginUsed).greaterThan(money(wallet.margin))
        ? money(wallet.margin)
        : money(order.marginUsed)
      await notifyUser(
        order.userId,
        {
          title: 'Trade deleted',
          description: `Position #${order.id} ${order.instrument} was deleted by the broker; its margin is released.`,
          url: '/dashboard',
        },
        trx
      )
    } else {
      const moved = await orderLedgerSum(trx, order.id)
      if (!moved.isZero()) {
        reversed = moved.negated()
        await postEntry(trx, {
          balanceId: order.balanceId,
          type: 'trade_reversal',
          amount: reversed,
          referenceType: 'order',
          referenceId: order.id,
          createdById: input.staff.id,
          description: `Position #${order.id} ${order.instrument} deleted by staff: P/L ${moved.toFixed(2)} reversed`,
          ...(reversed.isNegative()
            ? {
                requireFreeAtLeast: await openLossOf(trx, order.balanceId),
                insufficientMessage: REVERSAL_NOT_COVERED,
              }
            : {}),
        })
      }
      await notifyUser(
        order.userId,
        {
          title: 'Trade deleted',
          description: `Position #${order.id} ${order.instrument} was deleted by the broker; its P/L of ${moved.toFixed(2)} is reversed.`,
          url: '/statements',
        },
        trx
      )
    }
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'order.delete',
      target: { type: 'order', id: order.id },
      before: {
        status: order.closeTime ? 'closed' : 'open',
        deleted: false,
        marginUsed: toDbDecimal(order.marginUsed),
        proLoss: order.proLoss,
      },
      after: {
        deleted: true,
        releasedMargin: toDbDecimal(releasedMargin),
        reversed: toDbDecimal(reversed),
      },
    })
    return { order, releasedMargin, reversed }
  })

  const { order } = result
  if (!order.closeTime)
    marketEvents.publish({ type: 'order.closed', orderId: order.id, balanceId: order.balanceId })
  signalAccountChanged(order.userId)
  return {
    orderId: order.id,
    releasedMargin: toDbDecimal(result.releasedMargin),
    reversed: toDbDecimal(result.reversed),
  }
}
