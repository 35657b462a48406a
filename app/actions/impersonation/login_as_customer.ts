import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { recordStaffAction } from '#services/audit_log'
import { stampImpersonator, stampSession } from '#services/session_stamp'
import { beginImpersonation } from '#services/impersonation'
import type { SignInSession } from '#services/session_store'

/**
 * Login as a customer (issue 14 item 4; docs/DECISIONS.md "Login as a
 * customer"). The impersonation is held in the server session, beside the
 * customer signed in: who opened it, when (it ends 30 minutes later), and the
 * staff member's credential stamp (it ends with their sessions). The staff
 * member's completed sign-in (second factor included) stays in the session,
 * so the way back (return_to_staff.ts) needs no new login.
 *
 * Signs `customer` in on this session as a login-as session of `staff`: an
 * audit row (login_as.start), then a new session id (the guard's login moves
 * it, so a copy of the staff member's cookie is not the customer), the
 * customer's stamp and the impersonation record.
 */
export async function loginAsCustomer(
  ctx: SignInSession,
  input: { staff: User; customer: User; ip: string }
) {
  const { staff, customer } = input
  await db.transaction((trx) =>
    recordStaffAction(trx, {
      staff,
      ip: input.ip,
      action: 'login_as.start',
      target: { type: 'user', id: customer.id },
    })
  )
  await ctx.auth.use('web').login(customer)
  stampSession(ctx, customer)
  stampImpersonator(ctx, staff)
  beginImpersonation(ctx, staff)
}
