import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type {
  SessionStoreContract,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'

/** Sessions this process touched lately, by id: when (ms). Bounded; the oldest go first. */
const touchedAt = new Map<string, number>()
const MAX_REMEMBERED = 50_000

function remember(sessionId: string, at: number) {
  touchedAt.delete(sessionId)
  touchedAt.set(sessionId, at)
  if (touchedAt.size > MAX_REMEMBERED) touchedAt.delete(touchedAt.keys().next().value!)
}

/**
 * A server-side session store whose `touch` (the sliding expiry @adonisjs/session
 * writes on EVERY request whose session did not change: an UPDATE and a commit on
 * the database, an EXPIRE on Redis) runs at most once per `everyMs` per session in
 * this process (issue 25: no session write when nothing changed). The stored
 * expiry then trails the last request by less than `everyMs`, against an age of
 * hours; reads, writes and destroys are untouched, so an ended or expired
 * session is refused exactly as before.
 */
export function touchAtMostEvery(
  provider: ConfigProvider<SessionStoreFactory>,
  everyMs: number
): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const factory = (await configProvider.resolve<SessionStoreFactory>(app, provider))!
    return (ctx, config) => throttled(factory(ctx, config), everyMs)
  })
}

function throttled(store: SessionStoreContract, everyMs: number): SessionStoreContract {
  // Tagging (database, Redis) is passed through as the store has it.
  const tagging = store as Partial<SessionStoreWithTaggingContract>
  return {
    ...(tagging.tag && tagging.tagged
      ? {
          tag: (sessionId: string, userId: string) => tagging.tag!(sessionId, userId),
          tagged: (userId: string) => tagging.tagged!(userId),
        }
      : {}),
    read: (sessionId) => store.read(sessionId),
    async write(sessionId, values) {
      await store.write(sessionId, values)
      remember(sessionId, Date.now())
    },
    async destroy(sessionId) {
      touchedAt.delete(sessionId)
      await store.destroy(sessionId)
    },
    async touch(sessionId) {
      const now = Date.now()
      const last = touchedAt.get(sessionId)
      if (last !== undefined && now - last < everyMs) return
      await store.touch(sessionId)
      remember(sessionId, now)
    },
  }
}
