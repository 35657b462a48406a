import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { impersonationOf } from '#services/impersonation'
import { returnToStaff } from '#actions/impersonation/return_to_staff'
import { endThisSession } from '#services/session_stamp'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import {
  EXPIRED_IMPERSONATION,
  impersonationExpired,
  impersonationRefusal,
} from '#domain/impersonation'
import { ROLE_HOME } from '#domain/roles'

/**
 * The limits of a login-as session (issue 14 item 4), on every request after
 * the session's user is known and checked (silent auth, the IP whitelist):
 *
 * - 30 minutes after it started it ends: the staff member is signed back in
 *   on this session, as Back To Admin would (audited login_as.end, reason
 *   'expired'), and the request that found it over is not carried out (it was
 *   meant for the customer): a page visit goes to the staff member's home, a
 *   call gets 409 with the reason.
 * - Money moving into or out of the customer's wallets (plan purchases,
 *   deposits, withdrawals; issue 21 item 3) and changes to how the customer
 *   signs in (password, e-mail, second factor) are refused with 403, as is
 *   any write not known to be audited (`impersonationRefusal`), so a new
 *   route cannot act as the customer unrecorded.
 */
export default class ImpersonationMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const impersonation = ctx.auth.user ? impersonationOf(ctx) : null
    if (!impersonation) return next()

    if (impersonationExpired(impersonation.startedAt, Date.now())) {
      const staff = await returnToStaff(ctx, { reason: 'expired', ip: ctx.request.ip() })
      if (!staff) await endThisSession(ctx)
      const home = staff ? (ROLE_HOME[staff.roleId]?.href ?? '/admin') : '/'
      const isPageVisit =
        ctx.request.header('x-inertia') !== undefined ||
        (ctx.request.method() === 'GET' && ctx.request.accepts(['html', 'json']) === 'html')
      if (isPageVisit) return ctx.response.redirect(home)
      throw new UserFacingException(EXPIRED_IMPERSONATION, { status: 409 })
    }

    const refusal = impersonationRefusal(ctx.route?.name, ctx.request.method(), ctx.request.body())
    if (refusal) throw new ForbiddenException(refusal)
    return next()
  }
}
