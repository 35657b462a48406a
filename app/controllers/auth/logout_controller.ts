import type { HttpContext } from '@adonisjs/core/http'
import { endThisSession } from '#services/session_stamp'

export default class LogoutController {
  async handle(ctx: HttpContext) {
    // Nothing of the old session survives logout (the CSRF secret neither); the
    // old id's record and its tabs' live streams end in every process.
    ctx.session.clear()
    await endThisSession(ctx)
    return ctx.response.ok({ message: 'Logged out', redirect: '/' })
  }
}
