import logger from '@adonisjs/core/services/logger'
import redis from '@adonisjs/redis/services/main'
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { activityDue, onlineAmong, staleBefore, STREAM_REFRESH_MS } from '#domain/presence'
import { impersonationOf } from '#services/impersonation'

/**
 * Where "last seen" instants live: one store for every process (Redis with
 * REDIS_URL, a sorted set of user id → instant in ms), or this process's
 * memory (the one-process setup without Redis).
 */
export interface PresenceStore {
  touch(userIds: number[], atMs: number): Promise<void>
  lastSeen(userIds: number[]): Promise<Map<number, number>>
  prune(beforeMs: number): Promise<void>
  /** Forgets every stamp (test isolation: a rolled-back user's id may be given again). */
  clear(): Promise<void>
}

export class MemoryPresenceStore implements PresenceStore {
  #seen = new Map<number, number>()

  async touch(userIds: number[], atMs: number) {
    for (const id of userIds) this.#seen.set(id, Math.max(this.#seen.get(id) ?? 0, atMs))
  }

  async lastSeen(userIds: number[]) {
    const found = new Map<number, number>()
    for (const id of userIds) {
      const at = this.#seen.get(id)
      if (at !== undefined) found.set(id, at)
    }
    return found
  }

  async prune(beforeMs: number) {
    for (const [id, at] of this.#seen) if (at < beforeMs) this.#seen.delete(id)
  }

  async clear() {
    this.#seen.clear()
  }
}

/** The Redis commands the store uses (an ioredis connection of @adonisjs/redis). */
interface SortedSets {
  zadd(key: string, ...args: (string | number)[]): Promise<unknown>
  zmscore(key: string, ...members: string[]): Promise<(string | null)[]>
  zremrangebyscore(key: string, min: string | number, max: string | number): Promise<unknown>
  del(key: string): Promise<unknown>
}

export class RedisPresenceStore implements PresenceStore {
  constructor(
    private connection: () => SortedSets,
    private key = 'presence:last-seen'
  ) {}

  async touch(userIds: number[], atMs: number) {
    if (userIds.length === 0) return
    // GT: a stamp never moves back (two processes writing the same user).
    await this.connection().zadd(this.key, 'GT', ...userIds.flatMap((id) => [atMs, String(id)]))
  }

  /** One round trip (ZMSCORE) for the whole page of ids. */
  async lastSeen(userIds: number[]) {
    const found = new Map<number, number>()
    if (userIds.length === 0) return found
    const scores = await this.connection().zmscore(this.key, ...userIds.map(String))
    userIds.forEach((id, index) => {
      const score = scores[index]
      if (score !== null && score !== undefined) found.set(id, Number(score))
    })
    return found
  }

  async prune(beforeMs: number) {
    await this.connection().zremrangebyscore(this.key, '-inf', `(${beforeMs}`)
  }

  async clear() {
    await this.connection().del(this.key)
  }
}

/**
 * Presence of this process: stamps a user's activity (throttled), counts the
 * open events streams per user and re-stamps their users every refresh, and
 * answers who is online from the shared store (app/domain/presence.ts).
 */
export class Presence {
  /** Open events streams of this process: stream uid → user id. */
  #streams = new Map<string, number>()
  /** When this process last wrote each user's activity. */
  #written = new Map<number, number>()

  constructor(
    private store: PresenceStore,
    private clock: () => number = Date.now
  ) {}

  /** A request by a signed-in user. Never throws: presence must not break a page. */
  async activity(userId: number) {
    const now = this.clock()
    if (!activityDue(this.#written.get(userId), now)) return
    this.#written.set(userId, now)
    await this.#write([userId], now)
  }

  async streamOpened(uid: string, userId: number) {
    this.#streams.set(uid, userId)
    const now = this.clock()
    this.#written.set(userId, now)
    await this.#write([userId], now)
  }

  /** A closed stream: its user was online until now, and stays so for the window unless seen again. */
  async streamClosed(uid: string) {
    const userId = this.#streams.get(uid)
    if (userId === undefined) return
    this.#streams.delete(uid)
    const now = this.clock()
    this.#written.set(userId, now)
    await this.#write([userId], now)
  }

  get openStreams() {
    return this.#streams.size
  }

  /**
   * Forgets every user's activity (tests: each starts with nobody seen, since SQLite gives a
   * rolled-back user's id to the next one). Open streams stay: they are live connections.
   */
  async forgetActivity() {
    this.#written.clear()
    await this.store.clear()
  }

  /** Re-stamps the users of this process's open streams and drops stale stamps. */
  async refresh() {
    const now = this.clock()
    const ids = [...new Set(this.#streams.values())]
    for (const id of ids) this.#written.set(id, now)
    for (const [id, at] of this.#written) if (at < staleBefore(now)) this.#written.delete(id)
    await this.#write(ids, now)
    await this.store.prune(staleBefore(now))
  }

  async onlineUserIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    try {
      return onlineAmong(ids, await this.store.lastSeen(ids), this.clock())
    } catch (error) {
      // The list still renders (every dot red) when the store is unreachable.
      logger.warn({ err: error }, 'could not read presence')
      return new Set()
    }
  }

  /** Listens to Transmit's streams and re-stamps every `intervalMs`; returns the stop function. */
  start(intervalMs = STREAM_REFRESH_MS) {
    const timer = setInterval(() => {
      this.refresh().catch((error) => logger.warn({ err: error }, 'presence refresh failed'))
    }, intervalMs)
    timer.unref()
    const listeners = [
      transmit.on('connect', ({ uid, context }) => {
        const userId = presenceUserOf(context as HttpContext)
        if (userId !== null) void this.streamOpened(uid, userId)
      }),
      transmit.on('disconnect', ({ uid }) => void this.streamClosed(uid)),
    ]
    return () => {
      clearInterval(timer)
      for (const off of listeners) off()
    }
  }

  async #write(ids: number[], now: number) {
    if (ids.length === 0) return
    await this.store.touch(ids, now).catch((error) => {
      logger.warn({ err: error }, 'could not record presence')
    })
  }
}

/** The user a request makes present: the signed-in user, not a staff member signed in as them. */
export function presenceUserOf(ctx: HttpContext | undefined): number | null {
  const user = ctx?.auth?.user
  if (!user || !ctx.session || impersonationOf(ctx)) return null
  return user.id
}

const presence = new Presence(
  env.get('REDIS_URL')
    ? new RedisPresenceStore(() => redis.connection() as unknown as SortedSets)
    : new MemoryPresenceStore()
)
export default presence

/** Which of these users are online now (one store round trip for the whole page of ids). */
export async function onlineUserIds(ids: number[]): Promise<Set<number>> {
  return presence.onlineUserIds(ids)
}
