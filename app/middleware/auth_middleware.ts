import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { errors as authErrors } from '@adonisjs/auth'
import { TWO_FACTOR_PATHS } from '#domain/two_factor'
import { pendingLoginOf } from '#services/two_factor_session'

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
    // A visitor half-way through two-factor login goes back to the code page, not the login form.
    const loginRoute = pendingLoginOf(ctx) ? TWO_FACTOR_PATHS.code : this.redirectTo
    await ctx.auth.authenticateUsing(options.guards, { loginRoute })
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
