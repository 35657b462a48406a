import { test } from '@japa/runner'
import { ChangeBus, CHANGE_CHANNEL, type ChangeRelay, type ChangeNews } from '#services/change_bus'

/** An in-memory stand-in for Redis pub/sub: every subscriber hears every message, its sender too. */
function fakeRedis() {
  const handlers = new Map<object, (message: string) => void>()
  const published: string[] = []
  const relayFor = (owner: object): ChangeRelay => ({
    publish(channel, message) {
      if (channel !== CHANGE_CHANNEL) return
      published.push(message)
      for (const handler of handlers.values()) handler(message)
    },
    subscribe(_channel, handler) {
      handlers.set(owner, handler)
    },
    unsubscribe() {
      handlers.delete(owner)
    },
  })
  return { relayFor, published }
}

test.group('Change bus', () => {
  test('listeners in this process hear a change once, by topic', ({ assert }) => {
    const bus = new ChangeBus()
    const heard: ChangeNews[] = []
    bus.on('settings', (news) => heard.push(news))
    bus.announce('translations', 'es')
    bus.announce('settings', 'site')
    assert.deepEqual(heard, [{ topic: 'settings', detail: 'site' }])
  })

  test('a change crosses to the other processes once, and not back to its sender', ({ assert }) => {
    const redis = fakeRedis()
    const web = new ChangeBus()
    const market = new ChangeBus()
    web.relayThrough(redis.relayFor(web))
    market.relayThrough(redis.relayFor(market))
    const inWeb: ChangeNews[] = []
    const inMarket: ChangeNews[] = []
    web.on('translations', (n) => inWeb.push(n))
    market.on('translations', (n) => inMarket.push(n))

    web.announce('translations', 'es')

    assert.deepEqual(inWeb, [{ topic: 'translations', detail: 'es' }])
    assert.deepEqual(inMarket, [{ topic: 'translations', detail: 'es' }])
    assert.lengthOf(redis.published, 1)
  })

  test('a failing listener or a garbled message does not stop the others', async ({ assert }) => {
    const redis = fakeRedis()
    const bus = new ChangeBus()
    const leave = bus.relayThrough(redis.relayFor(bus))
    const heard: string[] = []
    bus.on('settings', () => {
      throw new Error('boom')
    })
    bus.on('settings', () => heard.push('second'))
    bus.announce('settings')
    redis.relayFor({}).publish(CHANGE_CHANNEL, 'not json')
    assert.deepEqual(heard, ['second'])
    const before = redis.published.length
    await leave()
    bus.announce('settings')
    assert.lengthOf(redis.published, before, 'after leaving, nothing is published')
  })
})
