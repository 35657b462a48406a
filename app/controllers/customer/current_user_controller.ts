import type { HttpContext } from '@adonisjs/core/http'
import { sharedProps } from '#queries/shared_props'

/** GET /auth/user: the same session view the pages receive, for client refreshes. */
export default class CurrentUserController {
  async show(ctx: HttpContext) {
    return sharedProps.session(ctx)
  }
}
