/*
| Transmit routes and channel authorization: a user may only listen to their
| own channel; the feed heartbeat (provider status and error messages) is for
| the admin's API Status page. Prices are public.
*/
import app from '@adonisjs/core/services/app'
import redis from '@adonisjs/redis/services/main'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import liveStreams from '#services/live_streams'
import type { HttpContext } from '@adonisjs/core/http'
import { HEARTBEAT_CHANNEL } from '#domain/channels'
import { Roles } from '#domain/roles'
import { transmitRequestGuard } from '#middleware/transmit_request_guard'

transmit.registerRoutes((route) => route.use(transmitRequestGuard))

/** How soon a stream of a session ended in another process (stale stamp) is closed. */
const LIVE_STREAM_SWEEP_MS = 5_000

transmit.authorize<{ id: string }>('users/:id', (ctx: HttpContext, { id }) => {
  return ctx.auth.user?.id === Number(id)
})

transmit.authorize(HEARTBEAT_CHANNEL, (ctx: HttpContext) => {
  return ctx.auth.user?.roleId === Roles.ADMIN
})

/* Live streams of ended sessions are closed (logout, ended sessions, stale stamps). */
let stopLiveStreams: (() => void) | null = null
let stopLiveRelay: (() => Promise<void>) | null = null
app.ready(() => {
  stopLiveStreams = liveStreams.start(LIVE_STREAM_SWEEP_MS)
  if (env.get('REDIS_URL')) stopLiveRelay = liveStreams.relayThrough(redis)
})
app.terminating(async () => {
  stopLiveStreams?.()
  await stopLiveRelay?.()
})
