import db from '@adonisjs/lucid/services/db'
import { recordStaffAction, type StaffMember } from '#services/audit_log'

/** Why a login-as session ended: Back To Admin, the 30-minute limit, or a logout inside it. */
export type LoginAsEndReason = 'back' | 'expired' | 'logout'

/**
 * The audit row of a login-as session's end (login_as.end, target the
 * customer signed in): the reason is recorded unless it is the staff
 * member's own Back To Admin click.
 */
export async function recordLoginAsEnd(input: {
  staff: StaffMember
  customerId: number | null
  ip: string
  reason: LoginAsEndReason
}) {
  await db.transaction((trx) =>
    recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'login_as.end',
      target: { type: 'user', id: input.customerId },
      after: input.reason === 'back' ? undefined : { reason: input.reason },
    })
  )
}
