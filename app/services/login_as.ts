import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { recordStaffAction } from '#services/audit_log'
import { stampImpersonator, stampSession } from '#services/session_stamp'
import { beginImpersonation, endImpersonation, impersonationOf } from '#services/impersonation'
import { carrySignInTo, signInComplete } from '#services/two_factor_session'
import { STAFF_ROLES } from '#domain/roles'

/**
 * The session side of login-as (issue 14 item 4; docs/DECISIONS.md "Login as
 * a customer"). The impersonation is held in the server session, beside the
 * customer signed in: who opened it, when (it ends 30 minutes later), and the
 * staff member's credential stamp (it ends with their sessions). The staff
 * member's completed sign-in (second factor included) stays in the session,
 * so the way back needs no new login.
 */

/**
 * Signs `customer` in on this session as a login-as session of `staff`: an
 * audit row (login_as.start), then a new session id (the guard's login moves
 * it, so a copy of the staff member's cookie is not the customer), the
 * customer's stamp and the impersonation record.
 */
export async function startLoginAs(ctx: HttpContext, staff: User, customer: User) {
  await db.transaction((trx) =>
    recordStaffAction(trx, {
      staff,
      ip: ctx.request.ip(),
      action: 'login_as.start',
      target: { type: 'user', id: customer.id },
    })
  )
  await ctx.auth.use('web').login(customer)
  stampSession(ctx, customer)
  stampImpersonator(ctx, staff)
  beginImpersonation(ctx, staff)
}

/**
 * Ends the login-as session and signs the staff member back in (Back To
 * Admin, or the 30-minute limit): an audit row (login_as.end, with the reason
 * when it is not the staff member's own click), a new session id, and the
 * staff session exactly as complete as the login-as session was. Null (and
 * the impersonation forgotten) when the staff account is no longer one to go
 * back to: gone, inactive or not staff any more.
 */
export async function returnToStaff(ctx: HttpContext, reason: 'back' | 'expired') {
  const impersonation = impersonationOf(ctx)
  if (!impersonation) return null
  const staff = await User.find(impersonation.staffId)
  if (!staff || !staff.isActive || !STAFF_ROLES.includes(staff.roleId)) {
    endImpersonation(ctx)
    return null
  }
  const customer = ctx.auth.user
  const complete = !!customer && signInComplete(ctx, customer)
  await recordLoginAsEnd(ctx, staff, reason)
  endImpersonation(ctx)
  await ctx.auth.use('web').login(staff)
  stampSession(ctx, staff)
  carrySignInTo(ctx, staff, complete)
  return staff
}

/**
 * The audit row of a login-as session's end: Back To Admin (no reason
 * recorded), the 30-minute limit ('expired') or a logout inside it ('logout').
 */
export async function recordLoginAsEnd(
  ctx: HttpContext,
  staff: { id: number; roleId: number },
  reason: 'back' | 'expired' | 'logout'
) {
  await db.transaction((trx) =>
    recordStaffAction(trx, {
      staff,
      ip: ctx.request.ip(),
      action: 'login_as.end',
      target: { type: 'user', id: ctx.auth.user?.id ?? null },
      after: reason === 'back' ? undefined : { reason },
    })
  )
}
