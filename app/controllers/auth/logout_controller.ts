import type { HttpContext } from '@adonisjs/core/http'
import { endThisSession } from '#services/session_stamp'
import { impersonationOf } from '#services/impersonation'
import { recordLoginAsEnd } from '#actions/impersonation/record_login_as_end'

export default class LogoutController {
  async handle(ctx: HttpContext) {
    // A logout inside a login-as session ends it too: its end is in the audit log (issue 14 item 4).
    const impersonation = impersonationOf(ctx)
    if (impersonation && ctx.auth.user) {
      await recordLoginAsEnd({
        staff: { id: impersonation.staffId, roleId: impersonation.staffRoleId },
        customerId: ctx.auth.user.id,
        ip: ctx.request.ip(),
        reason: 'logout',
      })
    }
    // Nothing of the old session survives logout (the CSRF secret neither); the
    // old id's record and its tabs' live streams end in every process.
    ctx.session.clear()
    await endThisSession(ctx)
    return ctx.response.ok({ message: 'Logged out', redirect: '/' })
  }
}
