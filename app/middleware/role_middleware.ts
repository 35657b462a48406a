import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { type RoleId } from '#domain/roles'
import { ForbiddenException } from '#exceptions/forbidden_exception'

/**
 * Route-level role gate. Runs after `auth`, so a visitor never reaches it.
 * The menu mirrors the same table (see #domain/navigation); this is the rule.
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { roles: readonly RoleId[] }) {
    const user = ctx.auth.getUserOrFail()
    if (!options.roles.includes(user.roleId as RoleId)) {
      throw new ForbiddenException()
    }
    return next()
  }
}
