import User from '#models/user'
import { STAFF_ROLES } from '#domain/roles'
import { stampSession } from '#services/session_stamp'
import { endImpersonation, impersonationOf } from '#services/impersonation'
import { carrySignInTo, signInComplete } from '#services/two_factor_session'
import type { SignInSession } from '#services/session_store'
import { recordLoginAsEnd } from '#actions/impersonation/record_login_as_end'

/**
 * Ends the login-as session and signs the staff member back in (Back To
 * Admin, or the 30-minute limit): an audit row (login_as.end, with the reason
 * when it is not the staff member's own click), a new session id, and the
 * staff session exactly as complete as the login-as session was. Null (and
 * the impersonation forgotten) when this is no login-as session, or when the
 * staff account is no longer one to go back to: gone, inactive or not staff
 * any more.
 */
export async function returnToStaff(
  ctx: SignInSession,
  input: { reason: 'back' | 'expired'; ip: string }
) {
  const impersonation = impersonationOf(ctx)
  if (!impersonation) return null
  const staff = await User.find(impersonation.staffId)
  if (!staff || !staff.isActive || !STAFF_ROLES.includes(staff.roleId)) {
    endImpersonation(ctx)
    return null
  }
  const customer = ctx.auth.user
  const complete = !!customer && signInComplete(ctx, customer)
  await recordLoginAsEnd({
    staff,
    customerId: customer?.id ?? null,
    ip: input.ip,
    reason: input.reason,
  })
  endImpersonation(ctx)
  await ctx.auth.use('web').login(staff)
  stampSession(ctx, staff)
  carrySignInTo(ctx, staff, complete)
  return staff
}
