import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import Notification from '#models/notification'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import marketClock from '#services/market/market_clock'
import marketEvents, { type MarketEvent } from '#services/market/market_events'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote, WEEKEND } from '#tests/helpers/market'
import { auditRows, onlyAuditRow } from '#tests/helpers/audit'
import type User from '#models/user'
import PricingPlan from '#models/pricing_plan'
import { UserFactory } from '#database/factories/user_factory'
import { loginAsSession } from '#tests/helpers/login_as'
import db from '@adonisjs/lucid/services/db'
import { money } from '#domain/money'

const EUR_USD = { bid: '1.08650', ask: '1.08662' }
const BUY_LIMIT = {
  type: 'buy',
  instrument: 'EUR_USD',
  amount: '10000',
  execution: 'limit',
  price: '1.08500',
  profit: '1.09000',
  loss: '1.08000',
}

/** A customer who may trade: funded, KYC approved (kycTrade is on), on the Silver plan (forex leverage 200). */
async function trader() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  return UserFactory.apply('funded', 'kycApproved').merge({ pricingTableId: silver.id }).create()
}

async function customerWallet() {
  const customer = await trader()
  return { customer, wallet: await Balance.findOrFail(customer.activeBalanceId!) }
}

const pendingCount = (userId: number) =>
  PendingOrder.query()
    .where('user_id', userId)
    .count('* as n')
    .first()
    .then((r) => Number(r!.$extras.n))

function heard(types: MarketEvent['type'][]) {
  const events: MarketEvent[] = []
  const offs = types.map((type) => marketEvents.on(type, (e) => events.push(e)))
  return { events, off: () => offs.forEach((off) => off()) }
}

test.group('POST /dashboard/orders with execution limit or stop', (group) => {
  isolate(group)
  openMarkets(group)

  test('a buy limit answers 201 with the pending order; nothing is reserved, no position opens', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const listen = heard(['pending.placed'])
    const response = await api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(customer)
    listen.off()
    response.assertStatus(201)
    assert.equal(response.body().message, 'Pending Order Placed Successfully')
    const order = response.body().order
    assert.containsSubset(order, {
      type: 'buy',
      execution: 'limit',
      label: 'Buy Limit',
      instrument: 'EUR_USD',
      pair: 'EUR/USD',
      quote: 'USD',
      digits: 5,
      units: '10000',
      price: '1.085',
      takeProfit: '1.09',
      stopLoss: '1.08',
      expiry: 'gtc',
      expiresAt: null,
      expiresText: 'Good till cancelled',
      status: 'pending',
      reason: null,
      reasonText: null,
      orderId: null,
      fillRate: null,
      resolvedTime: null,
      // Silver plan, forex leverage 200: 1.085 × 10,000 ÷ 200 = 54.25 at the trigger price
      marginRequired: '54.25',
    })
    assert.deepEqual(listen.events, [{ type: 'pending.placed', pendingId: order.id }])
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).toFixed(), money(wallet.margin).toFixed())
    assert.equal(money(after.balance).toFixed(), money(wallet.balance).toFixed())
    assert.isNull(await Order.query().where('user_id', customer.id).first())
    const row = await PendingOrder.findOrFail(order.id)
    assert.equal(row.balanceId, wallet.id)
    assert.equal(money(row.marginRequired).toFixed(), '54.25')
  })

  test("expiry: 'day' ends with the instrument's trading day, 'date' at the given moment", async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    quote('AAPL', '189.820', '189.860')
    quote('BTC_USD', '67250.00', '67262.00')
    const place = (body: Record<string, unknown>) =>
      api(client, 'post', '/dashboard/orders', body).loginAs(customer)

    // The clock is pinned to Wednesday 2026-11-18 15:00 New York.
    const forex = await place({ ...BUY_LIMIT, expiry: 'day' })
    forex.assertStatus(201)
    assert.equal(forex.body().order.expiry, 'day')
    assert.equal(forex.body().order.expiresAt, '2026-11-18T22:00:00.000Z')
    assert.equal(forex.body().order.expiresText, '2026-11-18 10:00 PM')

    const stock = await place({
      type: 'sell',
      instrument: 'AAPL',
      amount: '3',
      execution: 'stop',
      price: '180',
      expiry: 'day',
    })
    stock.assertStatus(201)
    assert.equal(stock.body().order.expiresAt, '2026-11-18T21:00:00.000Z')
    assert.equal(stock.body().order.label, 'Sell Stop')

    const crypto = await place({
      type: 'sell',
      instrument: 'BTC_USD',
      amount: '0.01',
      execution: 'limit',
      price: '70000',
      expiry: 'day',
    })
    assert.equal(crypto.body().order.expiresAt, '2026-11-19T00:00:00.000Z')

    // A moment alone means 'date'; an offset is honoured.
    const dated = await place({ ...BUY_LIMIT, expiresAt: '2026-11-20T12:00:00+01:00' })
    dated.assertStatus(201)
    assert.equal(dated.body().order.expiry, 'date')
    assert.equal(dated.body().order.expiresAt, '2026-11-20T11:00:00.000Z')

    const past = await place({ ...BUY_LIMIT, expiry: 'date', expiresAt: '2026-11-18T19:59:00Z' })
    past.assertStatus(422)
    assert.equal(fieldErrors(past.body()).expiresAt, 'Expiry must be in the future')
    const missing = await place({ ...BUY_LIMIT, expiry: 'date' })
    assert.equal(fieldErrors(missing.body()).expiresAt, 'Choose when the order expires')
    // 'gtc' with a moment: the moment is ignored.
    const gtc = await place({ ...BUY_LIMIT, expiry: 'gtc', expiresAt: '2026-11-20T12:00:00Z' })
    assert.isNull(gtc.body().order.expiresAt)
  })

  test('every refusal answers 422 under its field and writes nothing', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...BUY_LIMIT, price: undefined }, 'price', 'Price is required for limit and stop orders'],
      [
        { ...BUY_LIMIT, execution: 'stop', price: '' },
        'price',
        'Price is required for limit and stop orders',
      ],
      [
        { ...BUY_LIMIT, execution: 'trailing' },
        'execution',
        'Execution must be market, limit or stop',
      ],
      [{ ...BUY_LIMIT, price: 'abc' }, 'price', 'Price must be a rate such as 1.08652'],
      [{ ...BUY_LIMIT, price: '-1' }, 'price', 'Price must be a rate such as 1.08652'],
      [{ ...BUY_LIMIT, price: '0' }, 'price', 'Price must be greater than zero'],
      [
        { ...BUY_LIMIT, price: '1.08662', profit: null, loss: null },
        'price',
        'A buy limit price must be below the ask (1.08662)',
      ],
      [
        { ...BUY_LIMIT, execution: 'stop', price: '1.08600', profit: null, loss: null },
        'price',
        'A buy stop price must be above the ask (1.08662)',
      ],
      [
        { ...BUY_LIMIT, type: 'sell', price: '1.08600', profit: null, loss: null },
        'price',
        'A sell limit price must be above the bid (1.0865)',
      ],
      [
        {
          ...BUY_LIMIT,
          type: 'sell',
          execution: 'stop',
          price: '1.08700',
          profit: null,
          loss: null,
        },
        'price',
        'A sell stop price must be below the bid (1.0865)',
      ],
      [
        { ...BUY_LIMIT, profit: '1.08400' },
        'profit',
        'Take profit must be above the order price (1.085)',
      ],
      [
        { ...BUY_LIMIT, loss: '1.08600' },
        'loss',
        'Stop loss must be between 0 and the order price (1.085)',
      ],
      [
        {
          ...BUY_LIMIT,
          type: 'sell',
          execution: 'stop',
          price: '1.08000',
          profit: '1.08100',
          loss: null,
        },
        'profit',
        'Take profit must be between 0 and the order price (1.08)',
      ],
      [
        {
          ...BUY_LIMIT,
          type: 'sell',
          execution: 'stop',
          price: '1.08000',
          profit: null,
          loss: '1.07900',
        },
        'loss',
        'Stop loss must be above the order price (1.08)',
      ],
      [{ ...BUY_LIMIT, amount: '12345' }, 'amount', 'Choose one of the offered lot sizes'],
      [{ ...BUY_LIMIT, instrument: 'NOPE' }, 'instrument', 'Unknown instrument'],
      [
        { ...BUY_LIMIT, expiresAt: 'tomorrow' },
        'expiresAt',
        'Expiry must be a date and time such as 2026-12-31T17:00:00Z',
      ],
      [
        { ...BUY_LIMIT, expiresAt: '2026-13-45T10:00:00Z' },
        'expiresAt',
        'Expiry must be a date and time such as 2026-12-31T17:00:00Z',
      ],
      [{ ...BUY_LIMIT, expiry: 'week' }, 'expiry', 'Expiry must be gtc, day or date'],
    ]
    for (const [body, field, message] of cases) {
      const response = await api(client, 'post', '/dashboard/orders', body).loginAs(customer)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }

    // The free margin must carry the order at its trigger price: 54.25 > 50.
    await Balance.query().where('id', wallet.id).update({ balance: '50', margin: '0' })
    const poor = await api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(customer)
    assert.equal(fieldErrors(poor.body()).amount, 'Insufficient Balance!')
    await Balance.query().where('id', wallet.id).update({ balance: '100', margin: '50' })
    const busy = await api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(customer)
    assert.equal(fieldErrors(busy.body()).amount, 'Insufficient Free Margin!')

    assert.equal(await pendingCount(customer.id), 0)
  })

  test('closed markets, untradable instruments and stale prices refuse placement as for market orders', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    const place = () => api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(customer)

    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask, Date.now() - 60_000)
    assert.equal(
      fieldErrors((await place()).body()).instrument,
      'The price of this instrument is stale; trading resumes with fresh prices'
    )
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    marketClock.pin(WEEKEND)
    const closed = await place()
    closed.assertStatus(422)
    assert.equal(fieldErrors(closed.body()).instrument, 'Market is closed')
    marketClock.pin(DateTime.fromISO('2026-11-18T15:00:00', { zone: 'America/New_York' }))
    await Instrument.query().where('name', 'EUR_USD').update({ tradable: false })
    assert.equal(fieldErrors((await place()).body()).instrument, 'This instrument is not tradable')
    assert.equal(await pendingCount(customer.id), 0)
  })

  test('KYC is required as for market orders; staff cannot place; market orders are unchanged', async ({
    client,
    assert,
  }) => {
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const newcomer = await UserFactory.create()
    const refused = await api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(newcomer)
    refused.assertStatus(403)
    assert.equal(refused.body().message, 'Please verify KYC to enable trading')
    const admin = await UserFactory.apply('admin').create()
    ;(await api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(admin)).assertStatus(403)

    const { customer } = await customerWallet()
    const market = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
      execution: 'market',
    }).loginAs(customer)
    market.assertStatus(201)
    assert.equal(market.body().message, 'Order Placed Successfully')
    assert.equal(market.body().order.status, 'OPENED')
    assert.equal(await pendingCount(customer.id), 0)
  })
})

test.group('GET, PUT and DELETE /dashboard/pending-orders', (group) => {
  isolate(group)
  openMarkets(group)

  async function place(client: any, body: Record<string, unknown> = BUY_LIMIT, customer?: User) {
    customer ??= await trader()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const response = await api(client, 'post', '/dashboard/orders', body).loginAs(customer)
    response.assertStatus(201)
    return { customer, id: response.body().order.id as number }
  }

  test('the list pages the waiting orders; history holds the resolved ones; nobody else sees them', async ({
    client,
    assert,
  }) => {
    const { customer, id: first } = await place(client)
    const { id: second } = await place(client, { ...BUY_LIMIT, price: '1.08400' }, customer)
    const list = await api(client, 'get', '/dashboard/pending-orders').loginAs(customer)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((r: { id: number }) => r.id),
      [second, first]
    )
    assert.deepEqual(list.body().meta, { total: 2, perPage: 15, currentPage: 1, lastPage: 1 })
    const paged = await api(client, 'get', '/dashboard/pending-orders?page=2&limit=1').loginAs(
      customer
    )
    assert.deepEqual(
      paged.body().data.map((r: { id: number }) => r.id),
      [first]
    )
    assert.deepEqual(paged.body().meta, { total: 2, perPage: 1, currentPage: 2, lastPage: 2 })

    ;(
      await api(client, 'delete', `/dashboard/pending-orders/${first}`).loginAs(customer)
    ).assertStatus(200)
    const pending = await api(client, 'get', '/dashboard/pending-orders?status=pending').loginAs(
      customer
    )
    assert.equal(pending.body().meta.total, 1)
    const history = await api(client, 'get', '/dashboard/pending-orders?status=history').loginAs(
      customer
    )
    assert.equal(history.body().meta.total, 1)
    assert.containsSubset(history.body().data[0], {
      id: first,
      status: 'cancelled',
      reason: 'customer',
      reasonText: 'Cancelled by you',
    })
    assert.isString(history.body().data[0].resolvedTime)

    const bad = await api(client, 'get', '/dashboard/pending-orders?status=open').loginAs(customer)
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).status, 'Status must be pending or history')

    const other = await UserFactory.create()
    const theirs = await api(client, 'get', '/dashboard/pending-orders').loginAs(other)
    assert.deepEqual(theirs.body().data, [])
    assert.equal(theirs.body().meta.total, 0)
  })

  test('PUT modifies price, targets and expiry under the placement rules', async ({
    client,
    assert,
  }) => {
    const { customer, id } = await place(client)
    const listen = heard(['pending.changed'])
    const moved = await api(client, 'put', `/dashboard/pending-orders/${id}`, {
      price: 1.084,
      profit: '1.09500',
      loss: null,
      expiresAt: '2026-11-25T17:00:00Z',
    }).loginAs(customer)
    listen.off()
    moved.assertStatus(200)
    assert.equal(moved.body().message, 'Pending Order Modified Successfully')
    assert.containsSubset(moved.body().order, {
      id,
      price: '1.084',
      takeProfit: '1.095',
      stopLoss: null,
      expiry: 'date',
      expiresAt: '2026-11-25T17:00:00.000Z',
      // 1.084 × 10,000 ÷ 200 = 54.20
      marginRequired: '54.2',
      status: 'pending',
    })
    assert.deepEqual(listen.events, [{ type: 'pending.changed', pendingId: id }])

    // Only what is sent changes; a null moment means good till cancelled.
    const gtc = await api(client, 'put', `/dashboard/pending-orders/${id}`, {
      expiresAt: null,
    }).loginAs(customer)
    assert.containsSubset(gtc.body().order, { expiry: 'gtc', expiresAt: null, price: '1.084' })

    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: '1.08700' }, 'price', 'A buy limit price must be below the ask (1.08662)'],
      [{ profit: '1.08000' }, 'profit', 'Take profit must be above the order price (1.084)'],
      [{ price: 'x' }, 'price', 'Price must be a rate such as 1.08652'],
      [{}, 'price', 'Change the price, a target or the expiry'],
      [{ expiresAt: '2026-01-01T00:00:00Z' }, 'expiresAt', 'Expiry must be in the future'],
    ]
    for (const [body, field, message] of cases) {
      const response = await api(client, 'put', `/dashboard/pending-orders/${id}`, body).loginAs(
        customer
      )
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }
    const row = await PendingOrder.findOrFail(id)
    assert.equal(money(row.price).toFixed(), '1.084')
    assert.equal(money(row.profit!).toFixed(), '1.095')

    marketClock.pin(WEEKEND)
    const closed = await api(client, 'put', `/dashboard/pending-orders/${id}`, {
      price: '1.08300',
    }).loginAs(customer)
    assert.equal(fieldErrors(closed.body()).price, 'Market is closed')
  })

  test('DELETE cancels once and notifies; a resolved order answers 409', async ({
    client,
    assert,
  }) => {
    const { customer, id } = await place(client)
    const listen = heard(['pending.resolved'])
    const cancelled = await api(client, 'delete', `/dashboard/pending-orders/${id}`).loginAs(
      customer
    )
    listen.off()
    cancelled.assertStatus(200)
    assert.equal(cancelled.body().message, 'Pending Order Cancelled Successfully')
    assert.containsSubset(cancelled.body().order, { status: 'cancelled', reason: 'customer' })
    assert.deepEqual(listen.events, [{ type: 'pending.resolved', pendingId: id }])
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Pending order cancelled')
    assert.equal(note.description, `Buy Limit #${id} EUR_USD: Cancelled by you.`)

    const again = await api(client, 'delete', `/dashboard/pending-orders/${id}`).loginAs(customer)
    again.assertStatus(409)
    assert.equal(again.body().message, 'This order is no longer pending')
    const modify = await api(client, 'put', `/dashboard/pending-orders/${id}`, {
      price: '1.08300',
    }).loginAs(customer)
    modify.assertStatus(409)
  })

  test("another customer's order answers 404; bad ids 404", async ({ client, assert }) => {
    const { customer, id } = await place(client)
    const other = await UserFactory.create()
    ;(await api(client, 'delete', `/dashboard/pending-orders/${id}`).loginAs(other)).assertStatus(
      404
    )
    ;(
      await api(client, 'put', `/dashboard/pending-orders/${id}`, { price: '1.08300' }).loginAs(
        other
      )
    ).assertStatus(404)
    for (const bad of ['99999999999', 'abc', '0', '-1']) {
      ;(
        await api(client, 'delete', `/dashboard/pending-orders/${bad}`).loginAs(customer)
      ).assertStatus(404)
    }
    assert.equal((await PendingOrder.findOrFail(id)).status, 'pending')
  })
})

test.group('Staff: GET /admin/trades/api/pending and DELETE /admin/trades/pending/:id', (group) => {
  isolate(group)
  openMarkets(group)

  async function place(client: any) {
    const customer = await trader()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const response = await api(client, 'post', '/dashboard/orders', BUY_LIMIT).loginAs(customer)
    response.assertStatus(201)
    return { customer, id: response.body().order.id as number }
  }

  /** An agent, a retention agent, an affiliate and the customer: the roles refused here. */
  async function otherRoles(customer: User) {
    return [
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
      await UserFactory.apply('affiliate').create(),
      customer,
    ]
  }

  test('admins and managers list pending orders with their customer', async ({
    client,
    assert,
  }) => {
    const { customer, id } = await place(client)
    for (const staff of [
      await UserFactory.apply('admin').create(),
      await UserFactory.apply('manager').create(),
    ]) {
      const list = await api(client, 'get', '/admin/trades/api/pending?limit=50').loginAs(staff)
      list.assertStatus(200)
      const row = list.body().data.find((r: { id: number }) => r.id === id)
      assert.containsSubset(row, {
        id,
        label: 'Buy Limit',
        status: 'pending',
        user: { id: customer.id, email: customer.email },
      })
      assert.isAtLeast(list.body().meta.total, 1)
    }
    for (const user of await otherRoles(customer)) {
      const refused = await api(client, 'get', '/admin/trades/api/pending').loginAs(user)
      refused.assertStatus(403)
    }
  })

  test('an admin or a manager cancels with an audit row; other roles are refused', async ({
    client,
    assert,
  }) => {
    const { customer, id } = await place(client)
    for (const user of await otherRoles(customer)) {
      const refused = await api(client, 'delete', `/admin/trades/pending/${id}`).loginAs(user)
      refused.assertStatus(403)
    }
    assert.equal((await PendingOrder.findOrFail(id)).status, 'pending')
    assert.lengthOf(await auditRows({ action: 'pending_order.cancel', targetId: id }), 0)

    const admin = await UserFactory.apply('admin').create()
    const cancelled = await api(client, 'delete', `/admin/trades/pending/${id}`).loginAs(admin)
    cancelled.assertStatus(200)
    assert.equal(cancelled.body().message, 'Pending order cancelled successfully')
    const row = await PendingOrder.findOrFail(id)
    assert.equal(row.status, 'cancelled')
    assert.equal(row.reason, 'staff')
    assert.equal(row.cancelledById, admin.id)
    const audit = await onlyAuditRow('pending_order.cancel', id)
    assert.equal(audit.staff_id, admin.id)
    assert.equal(audit.target_type, 'pending_order')
    assert.deepEqual(audit.changes.status, { before: 'pending', after: 'cancelled' })
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.description, `Buy Limit #${id} EUR_USD: Cancelled by the broker.`)

    const again = await api(client, 'delete', `/admin/trades/pending/${id}`).loginAs(admin)
    again.assertStatus(409)
    const missing = await api(client, 'delete', '/admin/trades/pending/99999999').loginAs(admin)
    missing.assertStatus(404)

    const { id: second } = await place(client)
    const manager = await UserFactory.apply('manager').create()
    ;(await api(client, 'delete', `/admin/trades/pending/${second}`).loginAs(manager)).assertStatus(
      200
    )
    assert.equal((await PendingOrder.findOrFail(second)).cancelledById, manager.id)
  })
})

test.group('Pending orders in a login-as session', (group) => {
  isolate(group)
  openMarkets(group)

  test('placing, modifying and cancelling as the customer leave audit rows naming the staff member', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await trader()
    await db.from('profiles').where('user_id', customer.id).update({ manager_id: manager.id })
    const session = loginAsSession(customer, manager)
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)

    const placed = await api(client, 'post', '/dashboard/orders', BUY_LIMIT).withSession(session)
    placed.assertStatus(201)
    const id = placed.body().order.id
    const place = await onlyAuditRow('customer_session.order_place', customer.id)
    assert.containsSubset(place, { staff_id: manager.id, target_type: 'user' })
    assert.equal(place.changes.pendingOrderId.after, id)
    assert.equal(place.changes.execution.after, 'limit')
    assert.equal(place.changes.price.after, '1.085')

    const modified = await api(client, 'put', `/dashboard/pending-orders/${id}`, {
      price: '1.08400',
    }).withSession(session)
    modified.assertStatus(200)
    const modify = await onlyAuditRow('customer_session.pending_modify', customer.id)
    assert.equal(modify.staff_id, manager.id)
    assert.deepEqual(modify.changes.price, { before: '1.085', after: '1.084' })

    const cancelled = await api(client, 'delete', `/dashboard/pending-orders/${id}`).withSession(
      session
    )
    cancelled.assertStatus(200)
    const cancel = await onlyAuditRow('customer_session.pending_cancel', customer.id)
    assert.equal(cancel.staff_id, manager.id)
    assert.deepEqual(cancel.changes.status, { before: 'pending', after: 'cancelled' })
    const row = await PendingOrder.findOrFail(id)
    assert.equal(row.reason, 'customer')
    assert.equal(row.cancelledById, manager.id)
  })
})
