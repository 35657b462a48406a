import { test } from '@japa/runner'
import logger from '@adonisjs/core/services/logger'
import {
  MAX_MESSAGE_BYTES,
  decodeMarketEvents,
  encodeMarketEvents,
  parseMarketEvent,
  type MarketEvent,
} from '#domain/market_events'
import { MarketEvents, type EventRelay } from '#services/market/market_events'

/** Subscribed, and the leave function. */
async function joined(relay: { ready: Promise<void>; leave: () => Promise<void> }) {
  await relay.ready
  return relay.leave
}

/** An in-memory stand-in for pub/sub: every subscriber hears every message, its sender too. */
function fakePubSub() {
  const handlers = new Map<object, (message: string) => void>()
  const published: string[] = []
  const relayFor = (owner: object): EventRelay => ({
    publish(_channel, message) {
      published.push(message)
      for (const handler of [...handlers.values()]) handler(message)
    },
    subscribe(_channel, handler, options) {
      handlers.set(owner, handler)
      options?.onSubscription?.(1)
    },
    unsubscribe() {
      handlers.delete(owner)
    },
  })
  return { relayFor, published, inject: (m: string) => handlers.forEach((h) => h(m)) }
}

/** Collects what `logger.warn` says while `run` runs. */
async function warnings(run: () => unknown) {
  const said: unknown[][] = []
  const original = logger.warn
  logger.warn = ((...args: unknown[]) => said.push(args)) as typeof logger.warn
  try {
    await run()
  } finally {
    logger.warn = original
  }
  return said
}

const ALL: MarketEvent[] = [
  { type: 'order.opened', orderId: 1 },
  { type: 'order.changed', orderId: 2 },
  { type: 'order.closed', orderId: 3, balanceId: 4 },
  { type: 'wallet.changed', balanceId: 5 },
  { type: 'plan.changed', planId: 6 },
  { type: 'user.plan', userId: 7 },
  { type: 'pending.placed', pendingId: 8 },
  { type: 'pending.changed', pendingId: 9 },
  { type: 'pending.resolved', pendingId: 10 },
  {
    type: 'instruments.changed',
    change: {
      categories: ['forex', 'crypto'],
      upserted: [{ name: 'EURUSD', repriced: true }],
      removed: ['OLD'],
    },
  },
]

test.group('Market events: the wire format', () => {
  test('every event survives encoding and decoding, with its origin', ({ assert }) => {
    const [message, ...more] = encodeMarketEvents('proc-a', ALL)
    assert.lengthOf(more, 0)
    const decoded = decodeMarketEvents(message)
    assert.deepEqual(decoded, { ok: true, batch: { origin: 'proc-a', events: ALL }, rejected: [] })
  })

  test('a large batch is split into messages under the NOTIFY limit, nothing lost', ({
    assert,
  }) => {
    const events: MarketEvent[] = Array.from({ length: 500 }, (_, i) => ({
      type: 'order.closed',
      orderId: i + 1,
      balanceId: 1_000_000 + i,
    }))
    const messages = encodeMarketEvents('proc-a', events)
    assert.isAbove(messages.length, 1)
    for (const m of messages) assert.isAtMost(Buffer.byteLength(m), MAX_MESSAGE_BYTES)
    const back = messages.flatMap((m) => {
      const d = decodeMarketEvents(m)
      return d.ok ? d.batch.events : []
    })
    assert.deepEqual(back, events)
  })

  test('malformed events are refused, extra fields dropped', ({ assert }) => {
    for (const bad of [
      null,
      'order.opened',
      { type: 'order.opened' },
      { type: 'order.opened', orderId: '1' },
      { type: 'order.opened', orderId: 1.5 },
      { type: 'order.opened', orderId: -1 },
      { type: 'order.closed', orderId: 1 },
      { type: 'wallet.changed', balanceId: Number.MAX_SAFE_INTEGER + 2 },
      { type: 'account.deleted', userId: 1 },
      { type: 'instruments.changed', change: { categories: ['shoes'] } },
      { type: 'instruments.changed', change: { categories: ['forex'], upserted: [{ name: 1 }] } },
      { type: 'instruments.changed', change: { categories: ['forex'], removed: [null] } },
      { type: 'instruments.changed' },
    ]) {
      assert.isNull(parseMarketEvent(bad), JSON.stringify(bad))
    }
    assert.deepEqual(parseMarketEvent({ type: 'user.plan', userId: 3, sql: 'drop' }), {
      type: 'user.plan',
      userId: 3,
    })
  })

  test('a message that is not ours is refused whole; bad events inside a good one are set aside', ({
    assert,
  }) => {
    for (const message of [
      '',
      'not json',
      '42',
      'null',
      '{"e":[]}',
      '{"o":"x"}',
      '{"o":"x","e":{}}',
    ]) {
      assert.isFalse(decodeMarketEvents(message).ok, message)
    }
    const decoded = decodeMarketEvents(
      JSON.stringify({ o: 'x', e: [{ type: 'nope' }, { type: 'wallet.changed', balanceId: 9 }] })
    )
    assert.deepEqual(decoded, {
      ok: true,
      batch: { origin: 'x', events: [{ type: 'wallet.changed', balanceId: 9 }] },
      rejected: [{ type: 'nope' }],
    })
  })
})

test.group('Market events: the bus', () => {
  test('listeners of this process hear an event at once, by type; unsubscribing stops it', ({
    assert,
  }) => {
    const bus = new MarketEvents()
    const heard: MarketEvent[] = []
    const off = bus.on('wallet.changed', (e) => heard.push(e))
    bus.on('order.opened', () => heard.push({ type: 'plan.changed', planId: 99 }))
    bus.publish({ type: 'wallet.changed', balanceId: 1 })
    assert.deepEqual(heard, [{ type: 'wallet.changed', balanceId: 1 }])
    off()
    bus.publish({ type: 'wallet.changed', balanceId: 2 })
    assert.lengthOf(heard, 1)
  })

  test('an event crosses to the other process once, not back to its sender; one tick is one message', async ({
    assert,
  }) => {
    const pubsub = fakePubSub()
    const web = new MarketEvents()
    const market = new MarketEvents()
    await joined(web.relayThrough(pubsub.relayFor(web), 'c'))
    await joined(market.relayThrough(pubsub.relayFor(market), 'c'))
    const inWeb: MarketEvent[] = []
    const inMarket: MarketEvent[] = []
    web.on('order.opened', (e) => inWeb.push(e))
    market.on('order.opened', (e) => inMarket.push(e))

    web.publish({ type: 'order.opened', orderId: 1 })
    web.publish({ type: 'order.opened', orderId: 2 })
    web.publish({ type: 'order.opened', orderId: 2 })
    await web.flushed()

    assert.deepEqual(
      inWeb.map((e) => e.type === 'order.opened' && e.orderId),
      [1, 2, 2]
    )
    assert.deepEqual(
      inMarket.map((e) => e.type === 'order.opened' && e.orderId),
      [1, 2]
    )
    assert.lengthOf(pubsub.published, 1)
  })

  test('rows handed with order.opened reach this process only; the relay carries the bare event (issue 25)', async ({
    assert,
  }) => {
    const pubsub = fakePubSub()
    const web = new MarketEvents()
    const market = new MarketEvents()
    await joined(web.relayThrough(pubsub.relayFor(web), 'c'))
    await joined(market.relayThrough(pubsub.relayFor(market), 'c'))
    const inWeb: MarketEvent[] = []
    const inMarket: MarketEvent[] = []
    web.on('order.opened', (e) => inWeb.push(e))
    market.on('order.opened', (e) => inMarket.push(e))
    const rows = {
      order: {
        id: 7,
        balance_id: 3,
        instrument: 'BTC_USD',
        kind: 'crypto' as const,
        type: 'buy' as const,
        trade_amount: '0.01',
        open_rate: '67250',
        spread: '0',
        exchange_rate: '1',
        profit: null,
        loss: null,
      },
      wallet: { id: 3, user_id: 2, balance: '1000', margin: '33.63', pricing_table_id: null },
    }

    web.publish({ type: 'order.opened', orderId: 7, rows })
    await web.flushed()

    assert.deepEqual(inWeb, [{ type: 'order.opened', orderId: 7, rows }])
    assert.deepEqual(inMarket, [{ type: 'order.opened', orderId: 7 }])
    assert.lengthOf(pubsub.published, 1)
    assert.notInclude(pubsub.published[0], 'BTC_USD')
  })

  test('a malformed message is logged and ignored, never thrown; a failing listener does not stop the others', async ({
    assert,
  }) => {
    const pubsub = fakePubSub()
    const bus = new MarketEvents()
    await joined(bus.relayThrough(pubsub.relayFor(bus), 'c'))
    const heard: number[] = []
    bus.on('wallet.changed', () => {
      throw new Error('boom')
    })
    bus.on('wallet.changed', (e) => heard.push(e.balanceId))
    const said = await warnings(() => {
      pubsub.inject('not json')
      pubsub.inject(JSON.stringify({ o: 'other', e: [{ type: 'wallet.changed', balanceId: 'x' }] }))
      pubsub.inject(JSON.stringify({ o: 'other', e: [{ type: 'wallet.changed', balanceId: 7 }] }))
    })
    assert.deepEqual(heard, [7])
    assert.deepEqual(
      said.map((args) => args[1]),
      ['bad market event message', 'bad market events ignored', 'market event listener failed']
    )
  })

  test('after leaving, nothing more is relayed', async ({ assert }) => {
    const pubsub = fakePubSub()
    const bus = new MarketEvents()
    const leave = await joined(bus.relayThrough(pubsub.relayFor(bus), 'c'))
    bus.publish({ type: 'plan.changed', planId: 1 })
    await leave()
    assert.lengthOf(pubsub.published, 1, 'what was published before leaving is still sent')
    bus.publish({ type: 'plan.changed', planId: 2 })
    await bus.flushed()
    assert.lengthOf(pubsub.published, 1)
  })
})
