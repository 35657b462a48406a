import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import redis from '@adonisjs/redis/services/main'
import { stores } from '@adonisjs/session'
import type { SessionStoreFactory } from '@adonisjs/session/types'
import { REDIS, redisAnswers, redisOrSkip } from '#tests/helpers/local_redis'
import { endSessionsOf } from '#services/session_stamp'
import { isolate } from '#tests/helpers/isolation'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { sessionIdOf, useSessionStore } from '#tests/helpers/session_store'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'

/*
| The Redis session store (the default when REDIS_URL is set), on the Redis of
| REDIS_URL or 127.0.0.1:6379, under a key prefix of this run's own that the
| group deletes afterwards. Skipped when no Redis answers, except under CI.
*/
const PREFIX = `broker-test-sessions-${process.pid}:`
const CONNECTION = 'sessions_under_test'
const COOKIE = 'broker-session'

const reachable = await redisAnswers()

const connections = () =>
  (redis.managerConfig as { connections: Record<string, object> }).connections
const connection = () => redis.connection(CONNECTION as never)

/** The session store config/session.ts uses with REDIS_URL, on a connection with this run's prefix. */
async function redisStore(): Promise<SessionStoreFactory> {
  connections()[CONNECTION] = { ...REDIS, keyPrefix: PREFIX, retryStrategy: () => null }
  return configProvider.resolve(
    app,
    stores.redis({ connection: CONNECTION as never })
  ) as Promise<SessionStoreFactory>
}

test.group('Sessions on the server (Redis store)', (group) => {
  if (!redisOrSkip(group, reachable)) return
  isolate(group)
  useSessionStore(group, redisStore)
  group.teardown(async () => {
    // ioredis does not prefix SCAN patterns, and prefixes the keys it deletes: strip the prefix.
    const keys = await connection().keys(`${PREFIX}*`)
    if (keys.length) await connection().del(...keys.map((key) => key.slice(PREFIX.length)))
    await redis.disconnect(CONNECTION as never)
    delete connections()[CONNECTION]
  })

  test('the session lives in Redis with the session age as its TTL, and logout deletes it', async ({
    assert,
  }) => {
    const browser = await signedInBrowser(DEMO.customer)
    const saved = browser.cookie(COOKIE)!
    const id = sessionIdOf(saved)
    assert.isNotNull(await connection().get(id))
    const ttl = await connection().ttl(id)
    assert.isAbove(ttl, 0)
    assert.isAtMost(ttl, 2 * 3600)

    assert.equal((await browser.post('/auth/logout')).status, 200)
    assert.isNull(await connection().get(id))
    const replay = await fetch(new URL('/auth/user', browser.baseUrl), {
      headers: { cookie: `${COOKIE}=${saved}`, accept: 'application/json' },
    })
    assert.equal(replay.status, 401)
  })

  test('a password change ends the other device; endSessionsOf ends them all', async ({
    assert,
  }) => {
    const a = await signedInBrowser(DEMO.customer)
    const b = await signedInBrowser(DEMO.customer)
    const change = await a.put('/security/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'a-better-password',
    })
    assert.equal(change.status, 200, change.text)
    assert.equal((await b.getJson('/auth/user')).status, 401)
    assert.equal((await a.getJson('/auth/user')).status, 200)

    await endSessionsOf((await demoUser(DEMO.customer)).id)
    assert.equal((await a.getJson('/auth/user')).status, 401)
  })
})
