import { test } from '@japa/runner'
import { performance } from 'node:perf_hooks'
import db from '@adonisjs/lucid/services/db'
import { RedisConnection } from '@adonisjs/redis'
import { REDIS, redisAnswers, redisOrSkip } from '#tests/helpers/local_redis'
import { postEntry } from '#services/ledger_service'
import marketEvents, { MarketEvents, type MarketEvent } from '#services/market/market_events'
import { PgNotifyRelay } from '#services/pg_notify_relay'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { bankDepositWithProof, withoutOtherDeposits } from '#tests/helpers/deposits'
import { removeKycFilesAfterEach } from '#tests/helpers/kyc'

/*
| Market events (issue 22 §2): published after the writer's commit, heard by
| another process within 100 ms through Redis pub/sub or PostgreSQL
| LISTEN/NOTIFY. Two MarketEvents instances, each on its own connection,
| stand for two processes.
*/

/** Subscribed, and the leave function. */
async function joined(relay: { ready: Promise<void>; leave: () => Promise<void> }) {
  await relay.ready
  return relay.leave
}

/** What `bus` hears of `type` from now on, with when. */
function listen(bus: MarketEvents, types: MarketEvent['type'][]) {
  const heard: { event: MarketEvent; at: number }[] = []
  const offs = types.map((type) =>
    bus.on(type, (event: MarketEvent) => heard.push({ event, at: performance.now() }))
  )
  return { heard, off: () => offs.forEach((off) => off()) }
}

async function until(check: () => boolean, ms: number) {
  const end = performance.now() + ms
  while (!check() && performance.now() < end) await new Promise((r) => setTimeout(r, 2))
  return check()
}

/** One process publishes, the other hears within 100 ms; the sender hears its own event once. */
async function assertCrosses(
  assert: import('@japa/assert').Assert,
  a: MarketEvents,
  b: MarketEvents
) {
  const inA = listen(a, ['order.opened', 'wallet.changed'])
  const inB = listen(b, ['order.opened', 'wallet.changed'])
  for (let round = 1; round <= 5; round++) {
    const sent = performance.now()
    a.publish({ type: 'order.opened', orderId: round })
    a.publish({ type: 'wallet.changed', balanceId: round })
    assert.isTrue(await until(() => inB.heard.length === 2 * round, 1000), `round ${round} heard`)
    const took = inB.heard[inB.heard.length - 1].at - sent
    assert.isBelow(took, 100, `delivered in ${took.toFixed(1)} ms`)
  }
  assert.deepEqual(
    inB.heard.slice(0, 2).map((h) => h.event),
    [
      { type: 'order.opened', orderId: 1 },
      { type: 'wallet.changed', balanceId: 1 },
    ]
  )
  await new Promise((r) => setTimeout(r, 50))
  assert.lengthOf(inA.heard, 10, 'the sender heard each of its events once: its echo is dropped')
  assert.lengthOf(inB.heard, 10)
  // And back the other way.
  b.publish({ type: 'plan.changed', planId: 7 })
  const back = listen(a, ['plan.changed'])
  assert.isTrue(await until(() => back.heard.length === 1, 1000))
  inA.off()
  inB.off()
  back.off()
}

test.group('Market events: published after commit', (group) => {
  isolate(group)

  test('ledger writes publish wallet.changed once per wallet, after the commit', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const wallet = await realWalletOf(customer)
    const { heard, off } = listen(marketEvents, ['wallet.changed'])
    try {
      await db.transaction(async (trx) => {
        await postEntry(trx, { balanceId: wallet.id, type: 'admin_adjustment', amount: '1.00' })
        await postEntry(trx, { balanceId: wallet.id, type: 'admin_adjustment', amount: '2.00' })
        assert.lengthOf(heard, 0, 'nothing is told before the commit')
      })
      assert.deepEqual(
        heard.map((h) => h.event),
        [{ type: 'wallet.changed', balanceId: wallet.id }]
      )
    } finally {
      off()
    }
  })

  test('a rolled-back transaction publishes nothing', async ({ assert }) => {
    const customer = await UserFactory.create()
    const wallet = await realWalletOf(customer)
    const { heard, off } = listen(marketEvents, ['wallet.changed'])
    try {
      await assert.rejects(() =>
        db.transaction(async (trx) => {
          await postEntry(trx, { balanceId: wallet.id, type: 'admin_adjustment', amount: '1.00' })
          throw new Error('changed my mind')
        })
      )
      const trx = await db.transaction()
      marketEvents.afterCommit(trx, { type: 'order.opened', orderId: 1 })
      await trx.rollback()
      await new Promise((r) => setTimeout(r, 20))
      assert.lengthOf(heard, 0)
    } finally {
      off()
    }
  })
})

test.group('Market events: money moves tell the market role', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  removeKycFilesAfterEach(group)

  test('approving a deposit publishes wallet.changed for its wallet', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await UserFactory.create()
    const wallet = await realWalletOf(customer)
    const deposit = await bankDepositWithProof(customer, '250.00')
    const { heard, off } = listen(marketEvents, ['wallet.changed'])
    try {
      const response = await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(
        manager
      )
      response.assertStatus(200)
      assert.deepEqual(
        heard.map((h) => h.event),
        [{ type: 'wallet.changed', balanceId: wallet.id }]
      )
    } finally {
      off()
    }
  })

  test('a staff balance change publishes wallet.changed for its wallet', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    // Funded: the subtraction needs free balance.
    const customer = await UserFactory.apply('funded').create()
    const walletId = customer.activeBalanceId!
    const { heard, off } = listen(marketEvents, ['wallet.changed'])
    try {
      const response = await api(client, 'put', `/admin/balance/${walletId}`, {
        amount: '10.00',
        type: 'subtract',
        comment: 'Correction',
      }).loginAs(admin)
      response.assertStatus(200)
      assert.deepEqual(
        heard.map((h) => h.event),
        [{ type: 'wallet.changed', balanceId: walletId }]
      )
    } finally {
      off()
    }
  })
})

/*
| Redis at REDIS_URL or 127.0.0.1:6379, on a channel of this run's own.
| Skipped when no Redis answers, except under CI.
*/
const REDIS_CHANNEL = `helperC:market-events-test:${process.pid}`

const reachable = await redisAnswers()

test.group('Market events across processes: Redis pub/sub', (group) => {
  if (!redisOrSkip(group, reachable)) return

  test('one process publishes, the other hears within 100 ms; its own echo is ignored', async ({
    assert,
  }) => {
    const connections = ['helperC-a', 'helperC-b'].map(
      (name) =>
        new RedisConnection(name, { ...REDIS, keyPrefix: 'helperC:', retryStrategy: () => null })
    )
    const [a, b] = [new MarketEvents(), new MarketEvents()]
    const leaveA = await joined(a.relayThrough(connections[0], REDIS_CHANNEL))
    const leaveB = await joined(b.relayThrough(connections[1], REDIS_CHANNEL))
    try {
      await assertCrosses(assert, a, b)
    } finally {
      await leaveA()
      await leaveB()
      await Promise.all(connections.map((c) => c.quit()))
    }
  })
})

test.group('Market events across processes: PostgreSQL LISTEN/NOTIFY', () => {
  const node = db.manager.get(db.primaryConnectionName)
  const onPg = node?.config.client === 'pg'
  const config = (name: string) => ({
    ...(node?.config.connection as object),
    application_name: name,
  })

  test('one process publishes, the other hears within 100 ms; its own echo is ignored', async ({
    assert,
  }) => {
    const relays = [new PgNotifyRelay(config('helperC-a')), new PgNotifyRelay(config('helperC-b'))]
    const [a, b] = [new MarketEvents(), new MarketEvents()]
    const leaveA = await joined(a.relayThrough(relays[0], 'helperC:market-events-test'))
    const leaveB = await joined(b.relayThrough(relays[1], 'helperC:market-events-test'))
    try {
      await assertCrosses(assert, a, b)
    } finally {
      await leaveA()
      await leaveB()
      await Promise.all(relays.map((r) => r.quit()))
    }
  }).skip(!onPg, 'the database is not PostgreSQL')

  test('a listener whose connection drops listens again after reconnecting', async ({ assert }) => {
    const name = `helperC-drop-${process.pid}`
    const relays = [new PgNotifyRelay(config('helperC-sender')), new PgNotifyRelay(config(name))]
    const [a, b] = [new MarketEvents(), new MarketEvents()]
    const leaveA = await joined(a.relayThrough(relays[0], 'helperC:market-events-test'))
    const leaveB = await joined(b.relayThrough(relays[1], 'helperC:market-events-test'))
    const inB = listen(b, ['user.plan'])
    try {
      const killed = await db.rawQuery(
        'SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = ?',
        [name]
      )
      assert.lengthOf(killed.rows, 1)
      // Reconnects after ~1 s; publish until it hears again.
      let heard = false
      for (let tries = 0; tries < 50 && !heard; tries++) {
        a.publish({ type: 'user.plan', userId: 1 })
        heard = await until(() => inB.heard.length > 0, 100)
      }
      assert.isTrue(heard, 'heard again after the reconnection')
    } finally {
      inB.off()
      await leaveA()
      await leaveB()
      await Promise.all(relays.map((r) => r.quit()))
    }
  })
    .skip(!onPg, 'the database is not PostgreSQL')
    .timeout(10_000)
})
