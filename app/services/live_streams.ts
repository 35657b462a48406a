import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { PRICES_CHANNEL, trackChannelUserId } from '#domain/channels'
import { parsePriceChannel } from '#domain/price_frames'
import type { RoleId } from '#domain/roles'
import User from '#models/user'
import { findVisibleCustomer } from '#queries/customer_visibility'
import type { FrameRelay } from '#services/market/price_stream'
import { sessionStampOf, stampMatches } from '#services/session_stamp'
import { redisChannel } from '#services/redis_names'

/** Pub/sub channel on which processes tell each other a session ended. */
const RELAY_CHANNEL = redisChannel('live-streams:session-ended')

interface Watched {
  userId: number
  sessionId: string
  stamp: string | undefined
  /** The private channels this stream listens to. */
  channels: Set<string>
}

/**
 * A Server-Sent Events stream outlives the request that opened it, so a tab
 * whose session ended elsewhere (logout, a password change, deactivation, an
 * admin ending it) would keep hearing its private channels. Every private
 * subscription is remembered with its session; the stream is closed when that
 * session logs out (by id, in every process through the relay) or when its
 * stamp goes stale (checked against the users' rows: at once where sessions
 * are ended here, and by a sweep every few seconds for other processes).
 * A closed tab reconnects and must subscribe again, which its dead session cannot.
 * The sweep also drops a staff member's `track:{id}` subscription once they may
 * no longer open that customer (the lead went to another agent, say).
 */
class LiveStreams {
  #watched = new Map<string, Watched>()
  #relay: FrameRelay | null = null

  /** Remembers a private subscription (Transmit's 'subscribe' event). */
  watch(uid: string, channel: string, ctx: HttpContext) {
    const user = ctx.auth?.user
    if (channel === PRICES_CHANNEL || parsePriceChannel(channel) || !user) return
    const known = this.#watched.get(uid)
    if (known) {
      known.channels.add(channel)
      return
    }
    this.#watched.set(uid, {
      userId: user.id,
      sessionId: ctx.session.sessionId,
      stamp: sessionStampOf(ctx),
      channels: new Set([channel]),
    })
  }

  /** A channel the stream left; the stream is forgotten with its last private one. */
  unwatch(uid: string, channel: string) {
    const known = this.#watched.get(uid)
    if (!known) return
    known.channels.delete(channel)
    if (known.channels.size === 0) this.#watched.delete(uid)
  }

  forget(uid: string) {
    this.#watched.delete(uid)
  }

  get size() {
    return this.#watched.size
  }

  /** Closes the streams of a logged-out session, here and in every other process. */
  async endSession(sessionId: string) {
    this.#closeWhere((watched) => watched.sessionId === sessionId)
    await this.#relay?.publish(RELAY_CHANNEL, sessionId).catch((error) => {
      logger.warn({ err: error }, 'could not relay an ended session')
    })
  }

  /** The session kept by endSessionsOf got a new stamp: its streams stay. */
  restamp(sessionId: string, stamp: string | undefined) {
    for (const watched of this.#watched.values())
      if (watched.sessionId === sessionId) watched.stamp = stamp
  }

  /**
   * Closes every stream whose user is gone, inactive or whose session stamp is
   * stale (one query), then drops the tracking subscriptions of staff who may
   * no longer open that customer.
   */
  async sweep(userIds?: number[]) {
    const ids = new Set(userIds ?? [...this.#watched.values()].map((watched) => watched.userId))
    if (ids.size === 0) return
    const users = await User.query()
      .select('id', 'role_id', 'password', 'session_generation', 'is_active')
      .whereIn('id', [...ids])
    const byId = new Map(users.map((user) => [user.id, user]))
    this.#closeWhere((watched) => {
      if (!ids.has(watched.userId)) return false
      const user = byId.get(watched.userId)
      return !user || !user.isActive || !stampMatches(watched.stamp, user)
    })
    await this.#dropLostTracking(byId)
  }

  async #dropLostTracking(users: Map<number, User>) {
    for (const [uid, watched] of [...this.#watched]) {
      const viewer = users.get(watched.userId)
      if (!viewer) continue
      for (const channel of [...watched.channels]) {
        const customerId = trackChannelUserId(channel)
        if (customerId === null) continue
        const visible = await findVisibleCustomer(
          { id: viewer.id, roleId: viewer.roleId as RoleId },
          customerId
        ).then(
          () => true,
          () => false
        )
        if (visible) continue
        await transmit.getManager().unsubscribe({ uid, channel })
        this.unwatch(uid, channel)
      }
    }
  }

  /** Sweeps every `intervalMs`; returns the stop function. */
  start(intervalMs: number) {
    const timer = setInterval(() => {
      this.sweep().catch((error) => logger.warn({ err: error }, 'live stream sweep failed'))
    }, intervalMs)
    timer.unref()
    const listeners = [
      transmit.on('subscribe', ({ uid, channel, context }) =>
        this.watch(uid, channel, context as HttpContext)
      ),
      transmit.on('unsubscribe', ({ uid, channel }) => this.unwatch(uid, channel)),
      transmit.on('disconnect', ({ uid }) => this.forget(uid)),
    ]
    return () => {
      clearInterval(timer)
      for (const off of listeners) off()
    }
  }

  relayThrough(relay: FrameRelay) {
    this.#relay = relay
    relay.subscribe(RELAY_CHANNEL, (sessionId) =>
      this.#closeWhere((watched) => watched.sessionId === sessionId)
    )
    return async () => {
      if (this.#relay === relay) this.#relay = null
      await relay.unsubscribe(RELAY_CHANNEL)
    }
  }

  #closeWhere(ended: (watched: Watched) => boolean) {
    const uids = new Set(
      [...this.#watched].filter(([, watched]) => ended(watched)).map(([uid]) => uid)
    )
    if (uids.size === 0) return
    for (const stream of transmit.getManager().getAllSubscribers().keys()) {
      if (uids.has(stream.getUid())) stream.end()
    }
    for (const uid of uids) this.#watched.delete(uid)
  }
}

const liveStreams = new LiveStreams()
export default liveStreams
