import { test } from '@japa/runner'
import redis from '@adonisjs/redis/services/main'
import { REDIS, redisAnswers, redisOrSkip } from '#tests/helpers/local_redis'
import { redisTransport } from '#config/transmit'
import { ChangeBus, type ChangeNews } from '#services/change_bus'
import heartbeatStore from '#services/market/heartbeat_store'
import { PriceStream } from '#services/market/price_stream'
import { REDIS_PREFIX, redisChannel } from '#services/redis_names'
import type { HeartbeatFrame } from '#domain/feed_status'

/*
| Issue 22 §4: two deployments on one Redis stay apart. Real pub/sub on the Redis
| of REDIS_URL or 127.0.0.1:6379, under prefixes of this run's own (deleted
| afterwards). Skipped when no Redis answers, except under CI.
*/
const ONE = `helperA-${process.pid}-one`
const TWO = `helperA-${process.pid}-two`
/** Connections as config/redis.ts makes them, for deployments ONE and TWO, and one without prefix. */
const NAMES = {
  one: 'helperA_one',
  oneAgain: 'helperA_one_again',
  two: 'helperA_two',
  raw: 'helperA_raw',
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const reachable = await redisAnswers()
const connections = () =>
  (redis.managerConfig as { connections: Record<string, object> }).connections
const connection = (name: string) => redis.connection(name as never)

const FRAME: HeartbeatFrame = {
  type: 'heartbeat',
  feeds: {
    polygonForex: { success: true, message: 'Connected' },
    polygonCrypto: { success: true, message: 'Connected' },
    eodStock: { success: false, message: 'Not configured' },
    oandaRest: { success: false, message: 'Simulated market (no API key)' },
  },
}

test.group('Redis prefix: deployments sharing one Redis stay apart', (group) => {
  if (!redisOrSkip(group, reachable)) return
  group.setup(() => {
    const base = { ...REDIS, retryStrategy: () => null }
    connections()[NAMES.one] = { ...base, keyPrefix: `${ONE}:` }
    connections()[NAMES.oneAgain] = { ...base, keyPrefix: `${ONE}:` }
    connections()[NAMES.two] = { ...base, keyPrefix: `${TWO}:` }
    connections()[NAMES.raw] = { ...base }
  })
  group.teardown(async () => {
    const raw = connection(NAMES.raw)
    const keys = [...(await raw.keys(`${ONE}:*`)), ...(await raw.keys(`${TWO}:*`))]
    if (keys.length) await raw.del(...keys)
    for (const name of Object.values(NAMES)) {
      await redis.disconnect(name as never)
      delete connections()[name]
    }
  })

  test("the app's keys and channels carry REDIS_PREFIX (config and names)", ({ assert }) => {
    assert.equal(
      (connections().main as { keyPrefix: string }).keyPrefix,
      `${REDIS_PREFIX}:`,
      'every key'
    )
    assert.equal(redisTransport('redis://127.0.0.1:6379').channel, `${REDIS_PREFIX}:transmit`)
    assert.equal(new ChangeBus().channel, `${REDIS_PREFIX}:changes`)
    assert.equal(new PriceStream().channel, `${REDIS_PREFIX}:prices:frames`)
  })

  test('changes and price frames reach the same deployment only', async ({ assert }) => {
    const bus = {
      one: new ChangeBus(redisChannel('changes', ONE)),
      oneAgain: new ChangeBus(redisChannel('changes', ONE)),
      two: new ChangeBus(redisChannel('changes', TWO)),
    }
    const stream = {
      one: new PriceStream(redisChannel('prices:frames', ONE)),
      oneAgain: new PriceStream(redisChannel('prices:frames', ONE)),
      two: new PriceStream(redisChannel('prices:frames', TWO)),
    }
    const heard: Record<keyof typeof bus, ChangeNews[]> = { one: [], oneAgain: [], two: [] }
    const leave: (() => Promise<void>)[] = []
    for (const key of ['one', 'oneAgain', 'two'] as const) {
      bus[key].on('translations', (news) => heard[key].push(news))
      leave.push(bus[key].relayThrough(connection(NAMES[key])))
      leave.push(stream[key].relayThrough(connection(NAMES[key])))
    }
    try {
      await sleep(300) // the subscriptions are made
      bus.one.announce('translations', 'es')
      stream.one.publish([{ name: 'EUR_USD', bids: '1.1', asks: '1.2', category: 'forex' }])
      await sleep(500)
      assert.deepEqual(heard.oneAgain, [{ topic: 'translations', detail: 'es' }])
      assert.deepEqual(heard.two, [])
      assert.equal(stream.one.stats().frames, 1)
      assert.equal(stream.oneAgain.stats().frames, 1)
      assert.equal(stream.two.stats().frames, 0)
      assert.deepEqual(stream.oneAgain.snapshot('prices/forex'), [['EUR_USD', '1.1', 1]])
      assert.deepEqual(stream.two.snapshot('prices/forex'), [])
    } finally {
      for (const stop of leave) await stop()
    }
  })

  test('the heartbeat and the pulse are stored once prefixed: `${prefix}:last-heartbeat`', async ({
    assert,
  }) => {
    const raw = connection(NAMES.raw)
    const stop = heartbeatStore.shareThrough(connection(NAMES.one))
    try {
      heartbeatStore.remember(FRAME)
      heartbeatStore.pulse(1_800_000_000_000)
      await sleep(200)
      assert.deepEqual(JSON.parse((await raw.get(`${ONE}:last-heartbeat`))!), FRAME)
      assert.isNull(await raw.get(`${ONE}:${ONE}:last-heartbeat`))
      assert.isNull(await raw.get(`${ONE}:broker:last-heartbeat`))
      assert.equal(await raw.get(`${ONE}:market:pulse`), '1800000000000')
      // A web process of the same deployment reads it; one of another deployment does not.
      heartbeatStore.forgetPulse()
      assert.equal(await heartbeatStore.lastPulse(), 1_800_000_000_000)
      stop()
      const stopTwo = heartbeatStore.shareThrough(connection(NAMES.two))
      assert.isNull(await heartbeatStore.lastPulse())
      stopTwo()
    } finally {
      stop()
      heartbeatStore.forget()
      heartbeatStore.forgetPulse()
    }
  })
})
