import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import Notification from '#models/notification'
import type User from '#models/user'
import { PendingEngine } from '#services/market/pending_engine'
import marketEvents from '#services/market/market_events'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'
import { isolate } from '#tests/helpers/isolation'
import { pendingFor } from '#tests/helpers/pending_orders'
import { api } from '#tests/helpers/http'
import { MARKETS_OPEN, openMarkets, quote } from '#tests/helpers/market'
import { UserFactory } from '#database/factories/user_factory'
import { withSetting } from '#tests/helpers/database'
import { freshCustomer } from '#tests/helpers/race'
import { money } from '#domain/money'

/*
| The market role's side of pending orders (issue 23 items 1, 4 and 5): the
| PendingEngine arms every pending order in its instrument's trigger book,
| fills it through fillPendingOrder when a quote crosses it, expires it on
| time, hears orders placed, modified and resolved in any process, and a new
| engine (a restart, a standby taking over the lease) resumes them all.
*/

/**
 * A pending order as placement stores it, announced as placement announces
 * it (after its commit). The HTTP side is pending_orders.spec.ts's.
 */
async function placePending(user: User, input: Parameters<typeof pendingFor>[1]) {
  const row = await pendingFor(user, input)
  marketEvents.publish({ type: 'pending.placed', pendingId: row.id })
  return row.id
}

/** A pending buy limit on EUR_USD written as another process would: no event in this process. */
function insertElsewhere(user: User, fields: { price: string }) {
  return pendingFor(user, { type: 'buy', execution: 'limit', amount: '1000', ...fields })
}

/** A customer who may trade: funded and KYC approved (kycTrade is on). */
const trader = () => UserFactory.apply('funded', 'kycApproved').create()

const positionsOf = (userId: number) =>
  Order.query()
    .where('user_id', userId)
    .count('* as n')
    .first()
    .then((r) => Number(r!.$extras.n))

test.group('pending engine', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: PendingEngine
  /*
   * One job at a time: every query runs on the test's one rolled-back
   * transaction, where concurrent fills would interleave their savepoints.
   * The race group below runs them concurrently on real connections.
   */
  const start = async (e: PendingEngine, options: Parameters<PendingEngine['start']>[0] = {}) => {
    await e.start({ reconcile: false, concurrency: 1, ...options })
    return e
  }
  group.each.setup(async () => {
    engine = await start(new PendingEngine())
    return () => engine.stop()
  })

  test('a quote crossing a buy limit fills it once, at the ask', async ({ assert }) => {
    const customer = await trader()
    const before = await positionsOf(customer.id)
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await placePending(customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'limit',
      price: '1.08000',
    })
    await engine.idle()
    assert.isTrue(engine.isArmed(id))

    quote('EUR_USD', '1.07990', '1.08002') // the ask is still above 1.08000
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(id)).status, 'pending')

    quote('EUR_USD', '1.07988', '1.08000') // ask = price: fires
    await engine.idle()
    const filled = await PendingOrder.findOrFail(id)
    assert.equal(filled.status, 'filled')
    assert.isNull(filled.reason)
    assert.isNotNull(filled.orderId)
    const position = await Order.findOrFail(filled.orderId!)
    assert.equal(position.type, 'buy')
    assert.equal(money(position.openRate).toFixed(5), '1.08000')
    assert.equal(money(position.tradeAmount).toFixed(), '1000')
    assert.isFalse(engine.has(id))

    // Further crossings find nothing to fill.
    quote('EUR_USD', '1.07000', '1.07012')
    quote('EUR_USD', '1.06000', '1.06012')
    await engine.idle()
    assert.equal(await positionsOf(customer.id), before + 1)
    const note = await Notification.query()
      .where('user_id', customer.id)
      .where('title', 'Pending order filled')
      .first()
    assert.isNotNull(note)
  })

  test('placed, modified and cancelled over HTTP: the engine follows each step', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'stop',
      price: '1.09000',
    }).loginAs(customer)
    placed.assertStatus(201)
    const id = placed.body().order.id as number
    await engine.idle()
    assert.isTrue(engine.isArmed(id))

    const moved = await api(client, 'put', `/dashboard/pending-orders/${id}`, {
      price: '1.09500',
    }).loginAs(customer)
    moved.assertStatus(200)
    await engine.idle()
    // The ask reaches the old price only: nothing fills.
    quote('EUR_USD', '1.08990', '1.09002')
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(id)).status, 'pending')
    assert.isTrue(engine.isArmed(id))

    const cancelled = await api(client, 'delete', `/dashboard/pending-orders/${id}`).loginAs(
      customer
    )
    cancelled.assertStatus(200)
    assert.isFalse(engine.has(id))
    quote('EUR_USD', '1.09600', '1.09612')
    await engine.idle()
    const row = await PendingOrder.findOrFail(id)
    assert.equal(row.status, 'cancelled')
    assert.isNull(row.orderId)
  })

  test('a gap through a sell stop fills at the market bid, not at the stop', async ({ assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await placePending(customer, {
      type: 'sell',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'stop',
      price: '1.08000',
    })
    await engine.idle()
    quote('EUR_USD', '1.07500', '1.07512') // gaps through 1.08000
    await engine.idle()
    const filled = await PendingOrder.findOrFail(id)
    assert.equal(filled.status, 'filled')
    assert.equal(money(filled.fillRate!).toFixed(5), '1.07500')
    const position = await Order.findOrFail(filled.orderId!)
    assert.equal(position.type, 'sell')
    assert.equal(money(position.openRate).toFixed(5), '1.07500')
  })

  test('a buy stop and a sell limit fire on their own side only', async ({ assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const buyStop = await placePending(customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'stop',
      price: '1.09000',
    })
    const sellLimit = await placePending(customer, {
      type: 'sell',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'limit',
      price: '1.09000',
    })
    await engine.idle()
    // The ask reaches 1.09000, the bid does not: the buy stop fires, the sell limit waits.
    quote('EUR_USD', '1.08990', '1.09000')
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(buyStop)).status, 'filled')
    assert.equal((await PendingOrder.findOrFail(sellLimit)).status, 'pending')
    quote('EUR_USD', '1.09000', '1.09012')
    await engine.idle()
    const sold = await PendingOrder.findOrFail(sellLimit)
    assert.equal(sold.status, 'filled')
    assert.equal(money(sold.fillRate!).toFixed(5), '1.09000')
  })

  test('orders placed, modified and cancelled in another process reach the engine by their events', async ({
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const placed = await insertElsewhere(customer, { price: '1.08000000' })
    await engine.idle()
    assert.isFalse(engine.has(placed.id), 'no event yet: not known')
    marketEvents.publish({ type: 'pending.placed', pendingId: placed.id })
    await engine.idle()
    assert.isTrue(engine.isArmed(placed.id))

    // Modified elsewhere: the old price no longer fires, the new one does.
    await PendingOrder.query().where('id', placed.id).update({ price: '1.07000000' })
    marketEvents.publish({ type: 'pending.changed', pendingId: placed.id })
    await engine.idle()
    quote('EUR_USD', '1.07900', '1.07912')
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(placed.id)).status, 'pending')

    // Cancelled elsewhere: forgotten at once, a crossing fills nothing.
    quote('EUR_USD', '1.08650', '1.08662')
    const cancelled = await insertElsewhere(customer, { price: '1.08000000' })
    marketEvents.publish({ type: 'pending.placed', pendingId: cancelled.id })
    await engine.idle()
    await PendingOrder.query()
      .where('id', cancelled.id)
      .update({ status: 'cancelled', reason: 'customer' })
    marketEvents.publish({ type: 'pending.resolved', pendingId: cancelled.id })
    assert.isFalse(engine.has(cancelled.id))

    quote('EUR_USD', '1.06900', '1.06912')
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(placed.id)).status, 'filled')
    const stillCancelled = await PendingOrder.findOrFail(cancelled.id)
    assert.equal(stillCancelled.status, 'cancelled')
    assert.isNull(stillCancelled.orderId)
  })

  test('an order past its expiry is cancelled with reason expired', async ({ assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const expiresAt = MARKETS_OPEN.plus({ hours: 1 })
    const id = await placePending(customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'limit',
      price: '1.08000',
      // Stored as the app stores times: the process's zone (pending_parts dbTime).
      expiresAt: expiresAt.toLocal(),
    })
    await engine.idle()
    engine.checkExpiries()
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(id)).status, 'pending')

    marketClock.pin(expiresAt.plus({ seconds: 1 }))
    engine.checkExpiries()
    await engine.idle()
    const expired = await PendingOrder.findOrFail(id)
    assert.equal(expired.status, 'expired')
    assert.equal(expired.reason, 'expired')
    assert.isFalse(engine.has(id))
    // A crossing after the expiry fills nothing.
    quote('EUR_USD', '1.07000', '1.07012')
    await engine.idle()
    assert.isNull((await PendingOrder.findOrFail(id)).orderId)
  })

  test('the expiry timer runs by itself', async ({ assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const expiresAt = MARKETS_OPEN.plus({ minutes: 5 })
    const id = await placePending(customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'limit',
      price: '1.08000',
      // Stored as the app stores times: the process's zone (pending_parts dbTime).
      expiresAt: expiresAt.toLocal(),
    })
    await engine.idle()
    const timed = new PendingEngine()
    await engine.stop()
    await start(timed, { expiryCheckMs: 50 })
    try {
      marketClock.pin(expiresAt.plus({ seconds: 1 }))
      for (let i = 0; i < 40 && timed.stats.expired === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        await timed.idle()
      }
      assert.equal((await PendingOrder.findOrFail(id)).status, 'expired')
    } finally {
      await timed.stop()
    }
  })

  test('a new engine (restart, takeover) resumes every pending order, and fills what was crossed meanwhile', async ({
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    quote('AAPL', '100.00', '100.02')
    const ids = [
      await placePending(customer, {
        type: 'buy',
        instrument: 'EUR_USD',
        amount: '1000',
        execution: 'limit',
        price: '1.08000',
      }),
      await placePending(customer, {
        type: 'sell',
        instrument: 'EUR_USD',
        amount: '1000',
        execution: 'limit',
        price: '1.09000',
      }),
      await placePending(customer, {
        type: 'buy',
        instrument: 'AAPL',
        amount: '1',
        execution: 'stop',
        price: '105.00',
      }),
    ]
    await engine.idle()
    await engine.stop()

    // No engine runs: the buy limit is crossed meanwhile.
    quote('EUR_USD', '1.07900', '1.07912')
    assert.equal((await PendingOrder.findOrFail(ids[0])).status, 'pending')

    engine = await start(new PendingEngine())
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(ids[0])).status, 'filled', 'filled at start')
    assert.isTrue(engine.isArmed(ids[1]))
    assert.isTrue(engine.isArmed(ids[2]))
    quote('AAPL', '105.00', '105.02')
    quote('EUR_USD', '1.09000', '1.09012')
    await engine.idle()
    for (const id of ids) assert.equal((await PendingOrder.findOrFail(id)).status, 'filled')
  })

  test('reconciliation repairs a missed placement and a missed resolution', async ({ assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const missed = await insertElsewhere(customer, { price: '1.08000000' })
    const gone = await insertElsewhere(customer, { price: '1.08100000' })
    marketEvents.publish({ type: 'pending.placed', pendingId: gone.id })
    await engine.idle()
    await PendingOrder.query().where('id', gone.id).update({ status: 'cancelled', reason: 'staff' })
    const moved = await insertElsewhere(customer, { price: '1.07000000' })
    marketEvents.publish({ type: 'pending.placed', pendingId: moved.id })
    await engine.idle()
    await PendingOrder.query().where('id', moved.id).update({ price: '1.07500000' })

    assert.isFalse(engine.has(missed.id))
    assert.isTrue(engine.has(gone.id))
    await engine.reconcile()
    assert.isTrue(engine.isArmed(missed.id))
    assert.isFalse(engine.has(gone.id))
    const repairs = engine.stats.repairs
    assert.isAtLeast(repairs, 3)
    // A pass over a right book repairs nothing.
    await engine.reconcile()
    assert.equal(engine.stats.repairs, repairs)

    quote('EUR_USD', '1.07400', '1.07412')
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(missed.id)).status, 'filled')
    assert.equal((await PendingOrder.findOrFail(moved.id)).status, 'filled')
    assert.equal((await PendingOrder.findOrFail(gone.id)).status, 'cancelled')
  })

  test('a quote marked untradable fills nothing', async ({ assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await placePending(customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      execution: 'limit',
      price: '1.08000',
    })
    await engine.idle()
    priceBook.put({
      name: 'EUR_USD',
      bids: '1.07900',
      asks: '1.07912',
      closeoutBid: '1.07900',
      closeoutAsk: '1.07912',
      at: Date.now(),
      tradeable: false,
    })
    await engine.idle()
    assert.equal((await PendingOrder.findOrFail(id)).status, 'pending')
    assert.isTrue(engine.isArmed(id))
  })
})

/* Without the shared rolled-back transaction (tests/helpers/race.ts): the engines' fills really race. */
test.group('pending engine: two engines on one crossing', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    marketClock.pin(MARKETS_OPEN)
    priceBook.clear()
    const restoreKyc = await withSetting('kycTrade', 'off')
    return async () => {
      await restoreKyc()
      marketClock.unpin()
      priceBook.clear()
    }
  })

  test('two engines crossing the same orders fill each exactly once', async ({ assert }) => {
    const { user } = await freshCustomer('100000')
    quote('EUR_USD', '1.08650', '1.08662')
    const ids: number[] = []
    for (const price of ['1.08000', '1.08050', '1.08100', '1.08150', '1.08200', '1.08250']) {
      const row = await pendingFor(user, { type: 'buy', execution: 'limit', price, amount: '1000' })
      ids.push(row.id)
    }
    // Two market processes believing they hold the role (a lease lost in a partition): both see the quote.
    const engines = [new PendingEngine(), new PendingEngine()]
    try {
      for (const e of engines) await e.start({ reconcile: false, concurrency: 3 })
      for (const e of engines) for (const id of ids) assert.isTrue(e.isArmed(id))
      quote('EUR_USD', '1.07900', '1.07912')
      await Promise.all(engines.map((e) => e.idle()))
    } finally {
      for (const e of engines) await e.stop()
    }
    for (const id of ids) {
      const row = await PendingOrder.findOrFail(id)
      assert.equal(row.status, 'filled')
      assert.isNotNull(row.orderId)
    }
    assert.equal(await positionsOf(user.id), ids.length)
  })
})
