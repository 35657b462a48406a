import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

export const ADDRESS_REFUSED_MESSAGE = 'Access from this address is not allowed for this account'

/**
 * A staff account's IP whitelist does not list the client address (issue 12
 * item 2). JSON callers get `{ message, errors: [] }` with 403 from the
 * handler; pages get a page that says so (not the generic forbidden page: the
 * reason is the address, and the way out is another address or an admin).
 */
export class AddressRefusedException extends Exception {
  static status = 403
  static code = 'E_ADDRESS_REFUSED'

  constructor(readonly address: string) {
    super(ADDRESS_REFUSED_MESSAGE, { status: 403, code: 'E_ADDRESS_REFUSED' })
  }

  async handle(error: this, ctx: HttpContext) {
    ctx.response.status(403)
    return ctx.response.send(
      await ctx.inertia.render('errors/address_refused', { address: error.address })
    )
  }
}
