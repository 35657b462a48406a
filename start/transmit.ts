/*
| Transmit routes and channel authorization: a user may only listen to their
| own channel; the feed heartbeat (provider status and error messages) is for
| the admin's API Status page; a customer's page visits (`track:{id}`) are for
| the staff who may open that customer. Prices are public: `prices` and the
| price channels (`prices/{category}`, `prices/i/{name}`, #domain/price_frames,
| matched by no pattern here, so Transmit lets anyone subscribe), whose
| subscribers first get the channel's snapshot.
*/
import app from '@adonisjs/core/services/app'
import redis from '@adonisjs/redis/services/main'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import liveStreams from '#services/live_streams'
import presence from '#services/presence'
import priceStream from '#services/market/price_stream'
import type { HttpContext } from '@adonisjs/core/http'
import {
  EXPOSURE_CHANNEL,
  HEARTBEAT_CHANNEL,
  PRICES_CHANNEL,
  trackChannelUserId,
} from '#domain/channels'
import { Roles, STAFF_ROLES, type RoleId } from '#domain/roles'
import { findVisibleCustomer } from '#queries/customer_visibility'
import { transmitRequestGuard } from '#middleware/transmit_request_guard'

transmit.registerRoutes((route) => route.use(transmitRequestGuard))

/* A tab that subscribes to a price channel gets its snapshot first (issue 25 item 3). */
transmit.on('subscribe', ({ uid, channel }) => priceStream.welcome(uid, channel))
/* Its frames then go to its socket directly (app/services/market/tab_socket.ts). */
transmit.on('connect', ({ uid, context }) => {
  const response = (context as Partial<HttpContext> | undefined)?.response?.response
  if (response) priceStream.connected(uid, response)
})
transmit.on('disconnect', ({ uid }) => priceStream.disconnected(uid))

/** How soon a stream of a session ended in another process (stale stamp) is closed. */
const LIVE_STREAM_SWEEP_MS = 5_000

transmit.authorize<{ id: string }>('users/:id', (ctx: HttpContext, { id }) => {
  return ctx.auth.user?.id === Number(id)
})

transmit.authorize(HEARTBEAT_CHANNEL, (ctx: HttpContext) => {
  return ctx.auth.user?.roleId === Roles.ADMIN
})

/* The dealing desk's exposure (issue 24 item 3): the roles of /admin/risk. */
transmit.authorize(EXPOSURE_CHANNEL, (ctx: HttpContext) => {
  const role = ctx.auth.user?.roleId
  return role === Roles.ADMIN || role === Roles.MANAGER
})

/*
| Channel names without a slash. Transmit's patterns split on '/', so
| `track:{id}` can only be matched by this catch-all, which therefore also
| sees `prices` (public) — and must stay registered AFTER `heartbeat`: the
| first matching pattern wins. Names outside KNOWN_CHANNELS never get here
| (transmit_request_guard answers 400 first).
*/
transmit.authorize<{ name: string }>(':name', async (ctx: HttpContext, { name }) => {
  if (name === PRICES_CHANNEL) return true
  const customerId = trackChannelUserId(name)
  const viewer = ctx.auth.user
  if (customerId === null || !viewer || !STAFF_ROLES.includes(viewer.roleId as RoleId)) return false
  // A customer the viewer may not open is a 404 there: refused here (Transmit answers 400).
  return findVisibleCustomer(viewer, customerId).then(
    () => true,
    () => false
  )
})

/* Live streams of ended sessions are closed (logout, ended sessions, stale stamps). */
let stopLiveStreams: (() => void) | null = null
let stopLiveRelay: (() => Promise<void>) | null = null
let stopPresence: (() => void) | null = null
app.ready(() => {
  stopLiveStreams = liveStreams.start(LIVE_STREAM_SWEEP_MS)
  stopPresence = presence.start()
  if (env.get('REDIS_URL')) stopLiveRelay = liveStreams.relayThrough(redis)
})
app.terminating(async () => {
  stopLiveStreams?.()
  stopPresence?.()
  await stopLiveRelay?.()
})
