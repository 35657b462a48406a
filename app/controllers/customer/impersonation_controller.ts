import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { recordStaffAction } from '#services/audit_log'
import { stampSession } from '#services/session_stamp'
import { endImpersonation, impersonationOf } from '#services/impersonation'
import { carrySignInTo, signInComplete } from '#services/two_factor_session'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { ROLE_HOME, STAFF_ROLES } from '#domain/roles'

export default class ImpersonationController {
  /** POST /authManager/back-to-admin: return from a login-as session to the staff account (an audit row: login_as.end). */
  async backToAdmin(ctx: HttpContext) {
    const impersonation = impersonationOf(ctx)
    if (!impersonation) throw new ForbiddenException('This is not a login-as session')
    const staff = await User.find(impersonation.staffId)
    // The way back only leads to an active staff account; anything else ends here.
    if (!staff || !staff.isActive || !STAFF_ROLES.includes(staff.roleId)) {
      endImpersonation(ctx)
      throw new ForbiddenException('The staff account of this session is no longer available')
    }
    const customerId = ctx.auth.user?.id ?? null
    // The staff session comes back only as complete (second factor included) as the login-as session was.
    const complete = !!ctx.auth.user && signInComplete(ctx, ctx.auth.user)
    await db.transaction((trx) =>
      recordStaffAction(trx, {
        staff,
        ip: ctx.request.ip(),
        action: 'login_as.end',
        target: { type: 'user', id: customerId },
      })
    )
    endImpersonation(ctx)
    await ctx.auth.use('web').login(staff)
    stampSession(ctx, staff)
    carrySignInTo(ctx, staff, complete)
    // Each staff member goes back to their own area (an agent may not open /admin).
    const redirect = ROLE_HOME[staff.roleId]?.href ?? '/admin'
    return ctx.response.ok({ message: 'Back to admin', redirect })
  }
}
