import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { endImpersonation, impersonationOf } from '#services/impersonation'
import { ForbiddenException } from '#exceptions/forbidden_exception'

export default class ImpersonationController {
  /** POST /authManager/back-to-admin: return from a login-as session to the staff account. */
  async backToAdmin(ctx: HttpContext) {
    const impersonation = impersonationOf(ctx)
    if (!impersonation) throw new ForbiddenException('This is not a login-as session')
    const staff = await User.findOrFail(impersonation.staffId)
    endImpersonation(ctx)
    await ctx.auth.use('web').login(staff)
    return ctx.response.ok({ message: 'Back to admin', redirect: '/admin' })
  }
}
