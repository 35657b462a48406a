import type { HttpContext } from '@adonisjs/core/http'
import { returnToStaff } from '#actions/impersonation/return_to_staff'
import { impersonationOf } from '#services/impersonation'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { ROLE_HOME } from '#domain/roles'

export default class ImpersonationController {
  /** POST /authManager/back-to-admin: return from a login-as session to the staff account (an audit row: login_as.end). */
  async backToAdmin(ctx: HttpContext) {
    if (!impersonationOf(ctx)) throw new ForbiddenException('This is not a login-as session')
    // The way back only leads to an active staff account; anything else ends here.
    const staff = await returnToStaff(ctx, { reason: 'back', ip: ctx.request.ip() })
    if (!staff)
      throw new ForbiddenException('The staff account of this session is no longer available')
    // Each staff member goes back to their own area (an agent may not open /admin).
    const redirect = ROLE_HOME[staff.roleId]?.href ?? '/admin'
    return ctx.response.ok({ message: 'Back to admin', redirect })
  }
}
