import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { endThisSession, impersonatorIsCurrent, sessionIsCurrent } from '#services/session_stamp'
import { enforceSecondFactor } from '#actions/auth/enforce_second_factor'

/**
 * Resolves the signed-in user, if any, on every request (shared props need
 * it), and ends a session that was ended elsewhere: the password changed, all
 * the user's sessions were ended, or the account was deactivated (for a
 * login-as session, the same of the staff member behind it).
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.check()
    const user = ctx.auth.user
    if (
      user &&
      (!user.isActive || !sessionIsCurrent(ctx, user) || !(await impersonatorIsCurrent(ctx)))
    ) {
      await endThisSession(ctx)
    }
    // A session whose sign-in skipped a second factor its account needs is not signed in (enforce_second_factor.ts).
    await enforceSecondFactor(ctx)
    return next()
  }
}
