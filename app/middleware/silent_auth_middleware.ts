import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { sessionIsCurrent } from '#services/session_stamp'

/**
 * Resolves the signed-in user, if any, on every request (shared props need
 * it), and ends a session whose password has changed since it was opened.
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.check()
    const user = ctx.auth.user
    if (user && !sessionIsCurrent(ctx, user)) {
      await ctx.auth.use('web').logout()
    }
    return next()
  }
}
