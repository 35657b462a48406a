import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { errors as authErrors } from '@adonisjs/auth'

/**
 * Visitors are sent to the login page (/); JSON callers get 401.
 * A deactivated account is signed out on its next request.
 */
export default class AuthMiddleware {
  redirectTo = '/'

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    await ctx.auth.authenticateUsing(options.guards, { loginRoute: this.redirectTo })
    if (!ctx.auth.user!.isActive) {
      await ctx.auth.use('web').logout()
      // Same answer as for a visitor: a redirect for pages, 401 for JSON callers.
      throw new authErrors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
        redirectTo: this.redirectTo,
        guardDriverName: 'session',
      })
    }
    return next()
  }
}
