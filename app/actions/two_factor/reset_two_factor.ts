import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { isStorableId } from '#domain/ids'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { endSessionsOf } from '#services/session_stamp'
import liveStreams from '#services/live_streams'

export const RESET_MESSAGES = {
  own: 'You cannot reset your own two-factor login',
  none: 'This user has no two-factor login to reset',
}

/**
 * An admin resets another user's second factor (a lost phone): the secret and
 * recovery codes go, every session of that user ends (a staff member enrols
 * again at their next login; a customer signs in with the password alone
 * until they turn it on again), and the audit log records who did it.
 */
export async function resetTwoFactor(input: StaffContext & { userId: number }) {
  if (!isStorableId(input.userId)) throw new NotFoundException()
  if (input.userId === input.staff.id) throw new ForbiddenException(RESET_MESSAGES.own)
  await db.transaction(async (trx) => {
    const user = await trx.from('users').where('id', input.userId).forUpdate().first()
    if (!user) throw new NotFoundException()
    if (!(await removeSecondFactor(trx, user.id))) {
      throw new UserFacingException(RESET_MESSAGES.none, { status: 409, code: 'E_TWO_FACTOR_OFF' })
    }
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'user.two_factor_reset',
      target: { type: 'user', id: user.id },
    })
  })
  await liveStreams.sweep([input.userId])
}

/** Removes the user's secret and recovery codes and ends their sessions; false if they had no second factor. */
async function removeSecondFactor(trx: TransactionClientContract, userId: number) {
  const removed = await trx.from('two_factor_credentials').where('user_id', userId).delete()
  if (Number(removed) !== 1) return false
  await trx.from('two_factor_recovery_codes').where('user_id', userId).delete()
  await endSessionsOf(userId, { client: trx })
  return true
}

/**
 * `node ace staff:two-factor-reset <email>`: the way back in for the last
 * admin who lost both their authenticator and their recovery codes (no other
 * admin can reset them). As with the console whitelist clear, the audit row
 * names the account concerned, with no address, under an action that says
 * it came from the console. Answers null when there is no such account.
 */
export async function resetTwoFactorFromConsole(email: string) {
  const result = await db.transaction(async (trx) => {
    const user = await User.query({ client: trx })
      .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
      .forUpdate()
      .first()
    if (!user) return null
    const removed = await removeSecondFactor(trx, user.id)
    if (removed) {
      await recordStaffAction(trx, {
        staff: { id: user.id, roleId: user.roleId },
        ip: null,
        action: 'user.two_factor_console_reset',
        target: { type: 'user', id: user.id },
      })
    }
    return { user, removed }
  })
  if (result?.removed) await liveStreams.sweep([result.user.id])
  return result
}
