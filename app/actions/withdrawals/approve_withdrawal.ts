import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import Withdrawal from '#models/withdrawal'
import { postEntry, releaseHold } from '#services/ledger_service'
import { notifyUser } from '#services/notification_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { money, toDbDecimal, toFixedString } from '#domain/money'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { claimDecision, findWithdrawal } from '#actions/withdrawals/decide_withdrawal'

/**
 * Approves a pending withdrawal exactly once (admin spec §4): in one
 * transaction the decision is claimed, the hold is released and the amount
 * ('withdrawal') and the fee ('fee') leave the balance through the ledger,
 * recorded with the acting staff user and in the audit log. The customer is
 * notified afterwards.
 */
export async function approveWithdrawal(input: { withdrawalId: number } & StaffContext) {
  const found = await findWithdrawal(input.withdrawalId)
  const { balanceAfter, currency } = await db.transaction(async (trx) => {
    await claimDecision(trx, found, { status: 'approved', staffId: input.staff.id })
    const wallet = await releaseHold(trx, found.balanceId, found.total, (locked) => {
      // Losses realized since the request may have eaten into the held funds: never pay into a negative balance.
      if (money(locked.balance).lessThan(money(found.total))) {
        throw new UserFacingException(
          'The wallet no longer holds enough to pay this withdrawal; decline it instead',
          {
            status: 409,
            code: 'E_INSUFFICIENT_BALANCE',
          }
        )
      }
    })
    const reference = {
      referenceType: 'withdrawal',
      referenceId: found.id,
      createdById: input.staff.id,
    }
    let entry = await postEntry(trx, {
      balanceId: found.balanceId,
      type: 'withdrawal',
      amount: money(found.amount).negated(),
      description: `Withdrawal #${found.id} (${found.gateway})`,
      ...reference,
    })
    if (money(found.fee).greaterThan(0)) {
      entry = await postEntry(trx, {
        balanceId: found.balanceId,
        type: 'fee',
        amount: money(found.fee).negated(),
        description: `Withdrawal #${found.id} fee`,
        ...reference,
      })
    }
    await trx
      .from('withdrawals')
      .where('id', found.id)
      .update({ balance_after: toDbDecimal(entry.balanceAfter) })
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'withdrawal.approve',
      target: { type: 'withdrawal', id: found.id },
      before: { status: 'pending', balanceAfter: null },
      after: { status: 'approved', balanceAfter: money(entry.balanceAfter).toFixed(2) },
    })
    return { balanceAfter: entry.balanceAfter, currency: wallet.currency }
  })

  await notifyUser(found.userId, {
    title: 'Withdrawal approved',
    description: `Your withdrawal #${found.id} of ${toFixedString(found.amount)} ${currency} has been approved.`,
    url: '/withdraws',
  })
  emitter.emit('wallet:changed', { userId: found.userId })
  return { withdrawal: await Withdrawal.findOrFail(found.id), balanceAfter }
}
