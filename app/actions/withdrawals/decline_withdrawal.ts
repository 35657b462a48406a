import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import Withdrawal from '#models/withdrawal'
import { releaseHold } from '#services/ledger_service'
import { notifyUser } from '#services/notification_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { toFixedString } from '#domain/money'
import { claimDecision, findWithdrawal } from '#actions/withdrawals/decide_withdrawal'

/**
 * Declines a pending withdrawal exactly once with the reason the customer
 * will read ('Show Reason'): the decision is claimed and the hold released in
 * one transaction, with its audit row; the balance itself never moved. The
 * customer is notified.
 */
export async function declineWithdrawal(
  input: { withdrawalId: number; reason: string } & StaffContext
) {
  const found = await findWithdrawal(input.withdrawalId)
  const wallet = await db.transaction(async (trx) => {
    await claimDecision(trx, found, {
      status: 'declined',
      staffId: input.staff.id,
      declineReason: input.reason,
    })
    const released = await releaseHold(trx, found.balanceId, found.total)
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'withdrawal.decline',
      target: { type: 'withdrawal', id: found.id },
      before: { status: 'pending', declineReason: null },
      after: { status: 'declined', declineReason: input.reason },
    })
    return released
  })

  await notifyUser(found.userId, {
    title: 'Withdrawal declined',
    description: `Your withdrawal #${found.id} of ${toFixedString(found.amount)} ${wallet.currency} was declined: ${input.reason}`,
    url: '/withdraws',
  })
  emitter.emit('wallet:changed', { userId: found.userId })
  return Withdrawal.findOrFail(found.id)
}
