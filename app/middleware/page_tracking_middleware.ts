import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import { trackChannel } from '#domain/channels'
import { isTrackedPageVisit, type PageVisit } from '#domain/page_tracking'
import { impersonationOf } from '#services/impersonation'
import presence, { presenceUserOf } from '#services/presence'

/**
 * Issue 14: every request of a signed-in user counts as activity for the
 * online dot (throttled, app/services/presence.ts), and every page a customer
 * opens is published on `track:{userId}` (app/domain/page_tracking.ts says
 * which requests are page visits). No database write; one Redis publish per
 * page with REDIS_URL. Runs after silent auth, so `ctx.auth.user` is known.
 */
export default class PageTrackingMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const userId = presenceUserOf(ctx)
    if (userId !== null) void presence.activity(userId)
    await next()
    const user = ctx.auth?.user
    if (!user) return
    const { request, response } = ctx
    const inertiaRequest = !!request.header('x-inertia')
    const visit = isTrackedPageVisit({
      method: request.method(),
      roleId: user.roleId,
      impersonating: impersonationOf(ctx) !== null,
      inertiaRequest,
      partialReload:
        !!request.header('x-inertia-partial-data') || !!request.header('x-inertia-partial-except'),
      prefersHtml: request.accepts(['html', 'json']) === 'html',
      status: response.getStatus(),
      renderedPage: inertiaRequest
        ? response.getHeader('x-inertia') === 'true'
        : typeof response.getBody() === 'string',
    })
    if (!visit) return
    const message: PageVisit = { url: request.url(true), time: new Date().toISOString() }
    try {
      transmit.broadcast(trackChannel(user.id), { ...message })
    } catch (error) {
      logger.warn({ err: error }, 'could not publish a page visit')
    }
  }
}
