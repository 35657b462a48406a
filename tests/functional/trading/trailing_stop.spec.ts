import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import LedgerEntry from '#models/ledger_entry'
import Notification from '#models/notification'
import Order from '#models/order'
import type User from '#models/user'
import marketClock from '#services/market/market_clock'
import { RiskEngine } from '#services/market/risk_engine'
import { persistTrailedStop } from '#actions/orders/persist_trailed_stop'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { onlyAuditRow } from '#tests/helpers/audit'
import { loginAsSession } from '#tests/helpers/login_as'
import { openMarkets, quote, WEEKEND } from '#tests/helpers/market'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'

/** A customer who may trade: funded and KYC approved (kycTrade is on). */
const trader = () => UserFactory.apply('funded', 'kycApproved').create()

/** Opens a position through the HTTP API and answers its id. */
async function place(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await api(client, 'post', '/dashboard/orders', body).loginAs(user)
  if (response.status() !== 201) throw new Error(`order refused: ${response.text()}`)
  return response.body().order.id as number
}

function put(client: ApiClient, user: User, id: number, body: Record<string, unknown>) {
  return api(client, 'put', `/dashboard/orders/${id}`, body).loginAs(user)
}

/** The stored stop and trailing distance, canonical. */
async function stored(id: number) {
  const o = await Order.findOrFail(id)
  return {
    loss: o.loss === null ? null : money(o.loss).toFixed(),
    trailing: o.trailingDistance === null ? null : money(o.trailingDistance).toFixed(),
    closeTime: o.closeTime,
  }
}

test.group('PUT /dashboard/orders/:id trailing (issue 23 item 2)', (group) => {
  isolate(group)
  openMarkets(group)

  test('price mode: the stop moves at once when the trail improves it; a better stop stays; null removes the trail', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
      loss: '1.08000',
    })

    const set = await put(client, customer, id, { trailing: '0.0015' })
    set.assertStatus(200)
    assert.equal(set.body().message, 'Trailing Stop Set Successfully')
    // A buy trails the ask: 1.08662 − 0.0015 = 1.08512, better than 1.08000.
    assert.equal(set.body().order.trailing, '0.0015')
    assert.equal(set.body().order.stopLoss, '1.08512')

    // A stop the customer sets better than the trail stays when the distance changes.
    await put(client, customer, id, { loss: '1.08600' }).then((r) => r.assertStatus(200))
    const wider = await put(client, customer, id, { trailing: 0.002 })
    wider.assertStatus(200)
    assert.equal(wider.body().order.trailing, '0.002')
    assert.equal(wider.body().order.stopLoss, '1.086')

    const removed = await put(client, customer, id, { trailing: null })
    removed.assertStatus(200)
    assert.equal(removed.body().message, 'Trailing Stop Removed')
    assert.isNull(removed.body().order.trailing)
    assert.equal(removed.body().order.stopLoss, '1.086')

    // The positions list carries it too.
    await put(client, customer, id, { trailing: '0.0015' })
    const list = await api(client, 'get', '/dashboard/orders').loginAs(customer)
    assert.equal(list.body().data.find((o: { id: number }) => o.id === id).trailing, '0.0015')

    // Clearing the stop-loss by hand ends the trail (a trail would set a stop again at once).
    const cleared = await put(client, customer, id, { loss: null })
    assert.isNull(cleared.body().order.stopLoss)
    assert.isNull(cleared.body().order.trailing)
  })

  test('a sell trails the bid from above; a stop and a trail in one request', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'sell',
      instrument: 'EUR_USD',
      amount: '1000',
    })
    const both = await put(client, customer, id, { loss: '1.09000', trailing: '0.0010' })
    both.assertStatus(200)
    assert.equal(both.body().message, 'Trailing Stop Set Successfully')
    // 1.08650 + 0.0010 = 1.08750, better than 1.09000 for a sell.
    assert.equal(both.body().order.stopLoss, '1.0875')
    assert.equal(both.body().order.trailing, '0.001')
  })

  test('pips mode: pips × pip size, 0.01 against JPY', async ({ client, assert }) => {
    const restore = await withSetting('stopLossSelector', 'pips')
    try {
      const customer = await trader()
      quote('USD_JPY', '151.414', '151.426')
      const jpy = await place(client, customer, {
        type: 'sell',
        instrument: 'USD_JPY',
        amount: '1000',
      })
      const set = await put(client, customer, jpy, { trailing: '20' })
      set.assertStatus(200)
      assert.equal(set.body().order.trailing, '0.2')
      assert.equal(set.body().order.stopLoss, '151.614')

      quote('EUR_USD', '1.08650', '1.08662')
      const eur = await place(client, customer, {
        type: 'buy',
        instrument: 'EUR_USD',
        amount: '1000',
      })
      const pips = await put(client, customer, eur, { trailing: 15 })
      assert.equal(pips.body().order.trailing, '0.0015')
      assert.equal(pips.body().order.stopLoss, '1.08512')
      const fine = await put(client, customer, eur, { trailing: '1.00001' })
      assert.equal(
        fieldErrors(fine.body()).trailing,
        'Trailing distance in pips has too many decimals'
      )
    } finally {
      await restore()
    }
  })

  test('refusals answer 422 under `trailing` and write nothing; closed 409; another customer 404', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    const cases: [unknown, string][] = [
      ['0', 'Trailing distance must be greater than zero'],
      ['-0.001', 'Trailing distance must be a positive number such as 0.0015 or 15'],
      ['abc', 'Trailing distance must be a positive number such as 0.0015 or 15'],
      [true, 'Trailing distance must be a positive number such as 0.0015 or 15'],
      ['0.000001', 'Trailing distance must be at least one price step (0.00001)'],
      ['1.08662', 'Trailing distance must be less than the current price (1.08662)'],
    ]
    for (const [trailing, message] of cases) {
      const response = await put(client, customer, id, { trailing })
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).trailing, message, String(trailing))
    }
    // Every field's refusal at once.
    const both = await put(client, customer, id, { loss: '1.09', trailing: '0' })
    assert.deepEqual(fieldErrors(both.body()), {
      loss: 'Stop loss must be between 0 and the open rate (1.08662)',
      trailing: 'Trailing distance must be greater than zero',
    })
    assert.deepInclude(await stored(id), { loss: null, trailing: null })

    const newcomer = await UserFactory.create()
    ;(await put(client, newcomer, id, { trailing: '0.001' })).assertStatus(404)
    ;(await put(client, customer, 99999999999, { trailing: '0.001' })).assertStatus(404)
    assert.deepInclude(await stored(id), { loss: null, trailing: null })

    await api(client, 'post', '/dashboard/orders/close', { orderId: id }).loginAs(customer)
    ;(await put(client, customer, id, { trailing: '0.001' })).assertStatus(409)
  })

  test('with the market closed only the distance is stored; the market role trails from its next quote', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    marketClock.pin(WEEKEND)
    const set = await put(client, customer, id, { trailing: '0.0015' })
    set.assertStatus(200)
    assert.equal(set.body().order.trailing, '0.0015')
    assert.isNull(set.body().order.stopLoss)
  })

  test('staff see the trailing distance on the trade', async ({ client, assert }) => {
    const customer = await trader()
    const admin = await UserFactory.apply('admin').create()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    await put(client, customer, id, { trailing: '0.0015' })
    const list = await api(client, 'get', `/admin/trades/api/all/${customer.id}`).loginAs(admin)
    const row = list.body().data.find((r: { id: number }) => r.id === id)
    assert.equal(row.trailing, '0.0015')
    assert.equal(row.loss, '1.08512')
  })

  test('a staff correction that clears the stop ends the trail too', async ({ client, assert }) => {
    const customer = await trader()
    const admin = await UserFactory.apply('admin').create()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    await put(client, customer, id, { trailing: '0.0015' })
    const response = await api(client, 'put', `/admin/trades/${id}`, { loss: null }).loginAs(admin)
    assert.equal(response.status(), 200, response.text())
    assert.deepInclude(await stored(id), { loss: null, trailing: null })
  })

  test('a login-as session is audited with the trail before and after', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await trader()
    await db.from('profiles').where('user_id', customer.id).update({ manager_id: manager.id })
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    const edited = await api(client, 'put', `/dashboard/orders/${id}`, {
      trailing: '0.0015',
    }).withSession(loginAsSession(customer, manager))
    edited.assertStatus(200)
    const row = await onlyAuditRow('customer_session.order_targets', customer.id)
    assert.equal(row.staff_id, manager.id)
    assert.deepEqual(row.changes.trailing, { before: null, after: '0.0015' })
    assert.deepEqual(row.changes.stopLoss, { before: null, after: '1.08512' })
  })
})

test.group('trailing stop in the market role (risk engine)', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(async () => {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return () => engine.stop()
  })

  test('the stop follows the price up, is stored, stays when the price retreats, and a cross closes at the market once', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    })
    await put(client, customer, id, { trailing: '0.0015' }).then((r) => r.assertStatus(200))
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.08512')

    quote('EUR_USD', '1.08750', '1.08762') // up 10 points: the stop follows to 1.08612
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.08612')
    quote('EUR_USD', '1.08900', '1.08912') // and again: 1.08762, above the open rate
    quote('EUR_USD', '1.08950', '1.08962') // a burst: the latest stop is what is stored
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.08812')

    quote('EUR_USD', '1.08850', '1.08862') // retreats: the stop stays
    await engine.idle()
    assert.deepInclude(await stored(id), { loss: '1.08812', closeTime: null })

    quote('EUR_USD', '1.08790', '1.08800') // a gap through 1.08812
    await engine.idle()
    const order = await Order.findOrFail(id)
    assert.equal(order.closeReason, 'trailing_stop')
    // At the market quote (the ask 1.08800), not at the stop: (10,000 × (1.08800 − 1.08662) − 1.2) = 12.60
    assert.equal(money(order.closeRate!).toFixed(), '1.088')
    assert.equal(money(order.proLoss!).toFixed(2), '12.60')
    quote('EUR_USD', '1.08700', '1.08712')
    await engine.idle()
    const late = await api(client, 'post', '/dashboard/orders/close', { orderId: id }).loginAs(
      customer
    )
    late.assertStatus(409)
    assert.lengthOf(
      await LedgerEntry.query().where('reference_type', 'order').where('reference_id', id),
      1
    )
    assert.lengthOf(
      await Notification.query()
        .where('user_id', customer.id)
        .where('title', 'Trailing stop executed'),
      1
    )
  })

  test('pips mode on a JPY sell: the stop follows the bid down', async ({ client, assert }) => {
    const restore = await withSetting('stopLossSelector', 'pips')
    try {
      const customer = await trader()
      quote('USD_JPY', '151.414', '151.426')
      const id = await place(client, customer, {
        type: 'sell',
        instrument: 'USD_JPY',
        amount: '1000',
      })
      await put(client, customer, id, { trailing: '20' }).then((r) => r.assertStatus(200))
      await engine.idle()
      quote('USD_JPY', '151.100', '151.112')
      await engine.idle()
      assert.equal((await stored(id)).loss, '151.3')
      quote('USD_JPY', '151.250', '151.262') // up again: stays
      await engine.idle()
      assert.equal((await stored(id)).loss, '151.3')
      quote('USD_JPY', '151.300', '151.312') // the bid reaches the stop
      await engine.idle()
      assert.equal((await Order.findOrFail(id)).closeReason, 'trailing_stop')
    } finally {
      await restore()
    }
  })

  test('a restart resumes from the stored stop', async ({ client, assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    await put(client, customer, id, { trailing: '0.0015' })
    quote('EUR_USD', '1.08750', '1.08762')
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.08612')

    await engine.stop()
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    assert.isTrue(engine.has(id))
    quote('EUR_USD', '1.08700', '1.08712') // lower than the peak: the stored stop stays
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.08612')
    quote('EUR_USD', '1.08800', '1.08812') // a new high: trails on from the stored stop
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.08662')
    quote('EUR_USD', '1.08600', '1.08612')
    await engine.idle()
    assert.equal((await Order.findOrFail(id)).closeReason, 'trailing_stop')
  })

  test('the stored stop never moves back: a better stop set meanwhile stays, and the book re-reads it', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    await put(client, customer, id, { trailing: '0.0015' })
    await engine.idle()
    // Someone stored a better stop than the one the engine is about to write.
    await Order.query().where('id', id).update({ loss: '1.08650' })
    assert.isFalse(await persistTrailedStop({ orderId: id, type: 'buy', stop: '1.08600' }))
    assert.equal((await stored(id)).loss, '1.0865')
    assert.isTrue(await persistTrailedStop({ orderId: id, type: 'buy', stop: '1.08655' }))
    assert.equal((await stored(id)).loss, '1.08655')
    // A trail removed or a closed order is not written.
    await Order.query().where('id', id).update({ trailing_distance: null })
    assert.isFalse(await persistTrailedStop({ orderId: id, type: 'buy', stop: '1.08660' }))

    // The engine's own write that loses the race re-reads the order: its book follows the database.
    await Order.query().where('id', id).update({ trailing_distance: '0.0015', loss: '1.08700' })
    quote('EUR_USD', '1.08760', '1.08772') // trail 1.08622 in memory; stored 1.08700 is better
    await engine.idle()
    assert.equal((await stored(id)).loss, '1.087')
    quote('EUR_USD', '1.08690', '1.08700') // the ask reaches the stored stop
    await engine.idle()
    assert.equal((await Order.findOrFail(id)).closeReason, 'trailing_stop')
  })

  test('a trail set without an event (a missed one) is found by the reconciler and trails', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    await engine.idle()
    await Order.query().where('id', id).update({ trailing_distance: '0.0015' })
    quote('EUR_USD', '1.08750', '1.08762') // the book does not know the trail yet
    await engine.idle()
    assert.equal((await stored(id)).loss, null)
    await engine.reconcile()
    assert.isAbove(engine.repairs, 0)
    // Reloaded on a fresh price: the trail catches up at once.
    assert.equal((await stored(id)).loss, '1.08612')
  })
})
