/*
| Issue 14 item 1, the online dot: a user is online while they have an open
| page — an events stream (SSE) or a recent request — and offline after,
| across several processes sharing one store (Redis with REDIS_URL).
*/
import net from 'node:net'
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import { REDIS, redisAnswers, redisOrSkip } from '#tests/helpers/local_redis'
import { ONLINE_WINDOW_MS, STREAM_REFRESH_MS } from '#domain/presence'
import presence, {
  MemoryPresenceStore,
  Presence,
  RedisPresenceStore,
  type PresenceStore,
  onlineUserIds,
} from '#services/presence'
import { isolate } from '#tests/helpers/isolation'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

/** A clock the test moves. */
function fakeClock(start = 1_700_000_000_000) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => (now += ms),
  }
}

/** Two web processes sharing one store, each with its own streams, on one clock. */
function twoProcesses(store: PresenceStore) {
  const clock = fakeClock()
  return { clock, a: new Presence(store, clock.now), b: new Presence(store, clock.now) }
}

function presenceRules(storeOf: () => PresenceStore | Promise<PresenceStore>) {
  test('a request makes a user online in every process; offline once the window passes', async ({
    assert,
  }) => {
    const { clock, a, b } = twoProcesses(await storeOf())
    assert.deepEqual([...(await b.onlineUserIds([7, 8]))], [])
    await a.activity(7)
    assert.deepEqual([...(await b.onlineUserIds([7, 8]))], [7])
    clock.advance(ONLINE_WINDOW_MS - 1)
    assert.isTrue((await b.onlineUserIds([7])).has(7))
    clock.advance(1)
    assert.isFalse((await b.onlineUserIds([7])).has(7))
    assert.isFalse((await a.onlineUserIds([7])).has(7))
  })

  test('an open stream keeps its user online past the window; closed, offline after it', async ({
    assert,
  }) => {
    const { clock, a, b } = twoProcesses(await storeOf())
    await a.streamOpened('tab-1', 7)
    for (let i = 0; i < 6; i++) {
      clock.advance(STREAM_REFRESH_MS)
      await a.refresh()
      await b.refresh()
      assert.isTrue((await b.onlineUserIds([7])).has(7), `after ${i + 1} refreshes`)
    }
    await a.streamClosed('tab-1')
    assert.isTrue((await b.onlineUserIds([7])).has(7), 'just closed: recent')
    clock.advance(ONLINE_WINDOW_MS)
    await a.refresh()
    await b.refresh()
    assert.isFalse((await b.onlineUserIds([7])).has(7))
  })

  test('a stream in the other process keeps the user online while this one closed', async ({
    assert,
  }) => {
    const { clock, a, b } = twoProcesses(await storeOf())
    await a.streamOpened('tab-a', 7)
    await b.streamOpened('tab-b', 7)
    await a.streamClosed('tab-a')
    clock.advance(ONLINE_WINDOW_MS * 2)
    await a.refresh()
    await b.refresh()
    assert.isTrue((await a.onlineUserIds([7])).has(7))
    await b.streamClosed('tab-b')
    clock.advance(ONLINE_WINDOW_MS)
    await a.refresh()
    assert.isFalse((await a.onlineUserIds([7])).has(7))
  })

  test('a process that died stops keeping its users online within the window', async ({
    assert,
  }) => {
    const { clock, a, b } = twoProcesses(await storeOf())
    await a.streamOpened('tab-a', 7)
    // a dies: it never refreshes again, nor reports the stream closed.
    clock.advance(ONLINE_WINDOW_MS)
    await b.refresh()
    assert.isFalse((await b.onlineUserIds([7])).has(7))
  })

  test('one answer for a whole page of ids', async ({ assert }) => {
    const { a, b } = twoProcesses(await storeOf())
    await a.activity(1)
    await b.activity(3)
    const online = await a.onlineUserIds([1, 2, 3, 4])
    assert.deepEqual([...online].sort(), [1, 3])
    assert.deepEqual([...(await a.onlineUserIds([]))], [])
  })
}

test.group('Presence · two processes sharing the memory store', () => {
  presenceRules(() => new MemoryPresenceStore())
})

/* The Redis store, as several processes with REDIS_URL share it, under a key of this run's own. */
const CONNECTION = 'presence_under_test'
const KEY = `presence-test-${process.pid}`

const reachable = await redisAnswers()
const connections = () =>
  (redis.managerConfig as { connections: Record<string, object> }).connections
const connection = () => redis.connection(CONNECTION as never)

test.group('Presence · two processes sharing the Redis store', (group) => {
  if (!redisOrSkip(group, reachable)) return
  group.setup(() => {
    connections()[CONNECTION] = { ...REDIS, retryStrategy: () => null }
    return async () => {
      await connection().del(KEY)
      await redis.disconnect(CONNECTION as never)
      delete connections()[CONNECTION]
    }
  })
  group.each.setup(() => void connection().del(KEY))
  presenceRules(() => new RedisPresenceStore(() => connection() as never, KEY))

  test('stale stamps are pruned from the sorted set', async ({ assert }) => {
    const { clock, a } = twoProcesses(new RedisPresenceStore(() => connection() as never, KEY))
    await a.activity(7)
    clock.advance(ONLINE_WINDOW_MS + 1)
    await a.activity(8)
    await a.refresh()
    assert.deepEqual(await connection().zrange(KEY, 0, -1), ['8'])
  })

  test('an unreachable store answers "nobody online", never an error', async ({ assert }) => {
    const broken = new Presence(
      new RedisPresenceStore(() => {
        throw new Error('down')
      }, KEY)
    )
    await broken.activity(7)
    assert.deepEqual([...(await broken.onlineUserIds([7]))], [])
  })
})

test.group('Presence · the events streams of this server', (group) => {
  isolate(group)

  test('a signed-in tab counts as an open stream of its user until it closes', async ({
    assert,
    cleanup,
  }) => {
    const customer = await UserFactory.create()
    const before = presence.openStreams
    const socket = net.connect({ host: env.get('HOST'), port: env.get('PORT') })
    cleanup(() => void socket.destroy())
    await new Promise((resolve) => socket.once('connect', resolve))
    const browser = await signedInBrowser(customer.email, FACTORY_PASSWORD)
    const cookies = ['broker-session', 'XSRF-TOKEN']
      .map((name) => `${name}=${browser.cookie(name)}`)
      .join('; ')
    socket.write(
      `GET /__transmit/events?uid=${randomUUID()} HTTP/1.1\r\nHost: ${env.get('HOST')}:${env.get('PORT')}\r\ncookie: ${cookies}\r\n\r\n`
    )
    await until(() => presence.openStreams === before + 1, 'the stream to count')
    assert.isTrue((await onlineUserIds([customer.id])).has(customer.id))
    socket.destroy()
    await until(() => presence.openStreams === before, 'the stream to close')
  })

  test('an anonymous stream counts nobody', async ({ cleanup, assert }) => {
    const before = presence.openStreams
    const socket = net.connect({ host: env.get('HOST'), port: env.get('PORT') })
    cleanup(() => void socket.destroy())
    await new Promise((resolve) => socket.once('connect', resolve))
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString()))
    socket.write(
      `GET /__transmit/events?uid=${randomUUID()} HTTP/1.1\r\nHost: ${env.get('HOST')}:${env.get('PORT')}\r\n\r\n`
    )
    await until(() => received.includes(':ok'), 'the stream')
    assert.equal(presence.openStreams, before)
  })
})

async function until(check: () => boolean, what: string, timeout = 3000) {
  const deadline = Date.now() + timeout
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test.group('Presence · each test starts with nobody seen', (group) => {
  isolate(group)
  let seenId = 0

  test('a user active in one test is online in it', async ({ assert }) => {
    const user = await UserFactory.create()
    seenId = user.id
    await presence.activity(user.id)
    assert.isTrue((await onlineUserIds([user.id])).has(user.id))
  })

  test('the next test does not inherit it, even where the id is given again (SQLite)', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    assert.isFalse((await onlineUserIds([user.id, seenId])).size > 0)
  })
})
