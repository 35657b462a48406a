import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { impersonationOf } from '#services/impersonation'
import { assertAddressAllowed, requestPath } from '#services/address_whitelist'

/** Routes a refused staff member may still use: signing out, and the public dictionary the 403 page reads. */
const EXEMPT = new Set(['auth.logout', 'translations.show'])

/**
 * The staff IP whitelist on every request (issue 12 item 2): pages, API calls
 * and Transmit's routes alike (this runs in the router's chain, after the
 * session's user is known). A staff account outside its whitelist gets 403;
 * so does a login-as session whose staff member is outside theirs. The
 * address is `request.ip()`: X-Forwarded-For counts only from TRUSTED_PROXIES.
 */
export default class AddressWhitelistMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    if (!user || EXEMPT.has(ctx.route?.name ?? '')) return next()
    const address = ctx.request.ip()
    await assertAddressAllowed(user, address, requestPath(ctx))
    const impersonation = impersonationOf(ctx)
    if (impersonation) {
      await assertAddressAllowed(
        { id: impersonation.staffId, roleId: impersonation.staffRoleId },
        address,
        requestPath(ctx)
      )
    }
    return next()
  }
}
