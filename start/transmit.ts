/*
| Transmit routes and channel authorization: a user may only listen to their
| own channel; the feed heartbeat (provider status and error messages) is for
| the admin's API Status page. Prices are public.
*/
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { HEARTBEAT_CHANNEL } from '#domain/channels'
import { Roles } from '#domain/roles'

transmit.registerRoutes()

transmit.authorize<{ id: string }>('users/:id', (ctx: HttpContext, { id }) => {
  return ctx.auth.user?.id === Number(id)
})

transmit.authorize(HEARTBEAT_CHANNEL, (ctx: HttpContext) => {
  return ctx.auth.user?.roleId === Roles.ADMIN
})
