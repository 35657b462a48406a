import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import type User from '#models/user'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote, WEEKEND } from '#tests/helpers/market'
import { ledgerOf } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'

const EUR_USD = { bid: '1.08650', ask: '1.08662' }

/** A customer who may trade: funded, KYC approved (kycTrade is on), on the Silver plan (forex leverage 200). */
async function trader() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  return UserFactory.apply('funded', 'kycApproved').merge({ pricingTableId: silver.id }).create()
}

async function customerWallet() {
  const customer = await trader()
  return { customer, wallet: await Balance.findOrFail(customer.activeBalanceId!) }
}

test.group('POST /dashboard/orders', (group) => {
  isolate(group)
  openMarkets(group)

  test('a buy opens at the ask with the plan leverage, reserving margin but moving no balance', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const response = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
      profit: '1.09000',
      loss: '1.08000',
    }).loginAs(customer)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Order Placed Successfully')

    const order = await Order.findOrFail(response.body().order.id)
    assert.equal(order.type, 'buy')
    assert.equal(money(order.openRate).toFixed(), '1.08662')
    // Silver plan, forex leverage 200: 1.08662 × 10,000 ÷ 200 ÷ 1 = 54.331 → 54.34 reserved (cents, rounded up)
    assert.equal(order.leverage, 200)
    assert.equal(money(order.marginUsed).toFixed(), '54.34')
    // Spread cost (1.08662 − 1.08650) × 1 × 10,000 = 1.2
    assert.equal(money(order.spread).toFixed(), '1.2')
    assert.equal(money(order.exchangeRate).toFixed(), '1')
    assert.equal(money(order.profit!).toFixed(), '1.09')
    assert.equal(money(order.loss!).toFixed(), '1.08')
    assert.equal(order.kind, 'forex')

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).minus(money(wallet.margin)).toFixed(), '54.34')
    assert.equal(money(after.balance).toFixed(), money(wallet.balance).toFixed())
  })

  test('a sell opens at the bid; a JPY quote converts through the wallet currency', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    quote('USD_JPY', '151.414', '151.426')
    quote('AAPL', '189.820', '189.860')
    const response = await api(client, 'post', '/dashboard/orders', {
      type: 'sell',
      instrument: 'USD_JPY',
      amount: 1000,
    }).loginAs(customer)
    response.assertStatus(201)
    const order = await Order.findOrFail(response.body().order.id)
    assert.equal(money(order.openRate).toFixed(), '151.414')
    // rate = USD_JPY mid 151.42; margin 151.414 × 1,000 ÷ 200 ÷ 151.42 = 4.9998 → 5.00
    assert.equal(money(order.exchangeRate).toFixed(), '151.42')
    assert.equal(money(order.marginUsed).toFixed(), '5')

    // A stock in amount mode, plan stock leverage 10: 189.86 × 3 ÷ 10 = 56.958 → 56.96
    const stock = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '3',
    }).loginAs(customer)
    stock.assertStatus(201)
    assert.equal(
      money((await Order.findOrFail(stock.body().order.id)).marginUsed).toFixed(),
      '56.96'
    )
  })

  test('without a plan leverage the instrument leverage applies', async ({ client, assert }) => {
    const { customer } = await customerWallet()
    customer.pricingTableId = null
    await customer.save()
    quote('AAPL', '189.820', '189.860')
    const response = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '3',
    }).loginAs(customer)
    response.assertStatus(201)
    const order = await Order.findOrFail(response.body().order.id)
    // AAPL instrument leverage 5: 189.86 × 3 ÷ 5 = 113.916 → 113.92
    assert.equal(order.leverage, 5)
    assert.equal(money(order.marginUsed).toFixed(), '113.92')
  })

  test('bad input answers 422 under the field and writes nothing', async ({ client, assert }) => {
    const { customer } = await customerWallet()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    quote('AAPL', '189.820', '189.860')
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { type: 'buy', instrument: 'AAPL', amount: '0' },
        'amount',
        'Amount must be greater than zero',
      ],
      [{ type: 'buy', instrument: 'AAPL', amount: '' }, 'amount', 'Amount is required'],
      [
        { type: 'buy', instrument: 'AAPL', amount: '-5' },
        'amount',
        'Amount must be a positive number with at most 6 decimals',
      ],
      [
        { type: 'buy', instrument: 'AAPL', amount: '1.1234567' },
        'amount',
        'Amount must be a positive number with at most 6 decimals',
      ],
      [
        { type: 'buy', instrument: 'AAPL', amount: '1e5' },
        'amount',
        'Amount must be a positive number with at most 6 decimals',
      ],
      [{ type: 'hold', instrument: 'AAPL', amount: '1' }, 'type', 'Order type must be buy or sell'],
      [{ type: 'buy', instrument: 'NOPE', amount: '1' }, 'instrument', 'Unknown instrument'],
      [
        { type: 'buy', instrument: 'EUR_USD', amount: '12345' },
        'amount',
        'Choose one of the offered lot sizes',
      ],
      [
        { type: 'buy', instrument: 'AAPL', amount: '1', profit: '189.85' },
        'profit',
        'Take profit must be at or above the ask (189.86)',
      ],
      [
        { type: 'buy', instrument: 'AAPL', amount: '1', loss: '190' },
        'loss',
        'Stop loss must be between 0 and the ask (189.86)',
      ],
      [
        { type: 'sell', instrument: 'AAPL', amount: '1', profit: '189.83' },
        'profit',
        'Take profit must be between 0 and the bid (189.82)',
      ],
      [
        { type: 'sell', instrument: 'AAPL', amount: '1', loss: '189.81' },
        'loss',
        'Stop loss must be at or above the bid (189.82)',
      ],
      [
        { type: 'buy', instrument: 'AAPL', amount: '1', loss: 'abc' },
        'loss',
        'Stop loss must be a rate such as 1.08652',
      ],
    ]
    for (const [body, field, message] of cases) {
      const response = await api(client, 'post', '/dashboard/orders', body).loginAs(customer)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }
    assert.equal(
      await Order.query()
        .where('user_id', customer.id)
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      0
    )
  })

  test('refuses closed markets, untradable instruments, stale or missing prices', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    const order = { type: 'buy', instrument: 'AAPL', amount: '1' }

    // No live quote: the stored price counts from its last update, here five minutes ago.
    await Instrument.query()
      .where('name', 'AAPL')
      .update({ updated_at: DateTime.now().minus({ minutes: 5 }).toSQL({ includeOffset: false }) })
    const stored = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    assert.equal(stored.status(), 422)
    assert.match(stored.body().message, /stale/)

    quote('AAPL', '189.820', '189.860', Date.now() - 60_000)
    const stale = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    assert.equal(
      fieldErrors(stale.body()).instrument,
      'The price of this instrument is stale; trading resumes with fresh prices'
    )

    quote('AAPL', '189.820', '189.860')
    marketClock.pin(WEEKEND)
    const closed = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    closed.assertStatus(422)
    assert.equal(fieldErrors(closed.body()).instrument, 'Market is closed')

    quote('BTC_USD', '67250.00', '67262.00')
    const crypto = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'BTC_USD',
      amount: '0.01',
    }).loginAs(customer)
    crypto.assertStatus(201)

    // The provider says "not tradeable now" (OANDA's flag): shown, never filled.
    priceBook.put({
      name: 'BTC_USD',
      bids: '67250.00',
      asks: '67262.00',
      closeoutBid: '67250.00',
      closeoutAsk: '67262.00',
      at: Date.now(),
      tradeable: false,
    })
    const halted = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'BTC_USD',
      amount: '0.01',
    }).loginAs(customer)
    assert.equal(fieldErrors(halted.body()).instrument, 'This instrument is not tradable right now')

    await Instrument.query().where('name', 'BTC_USD').update({ tradable: false })
    const untradable = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'BTC_USD',
      amount: '0.01',
    }).loginAs(customer)
    assert.equal(fieldErrors(untradable.body()).instrument, 'This instrument is not tradable')
  })

  test('a stock order on a US exchange holiday is refused like any closed market, and fills on the next open day', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    const order = { type: 'buy', instrument: 'AAPL', amount: '1' }
    quote('AAPL', '189.820', '189.860')

    // Thanksgiving 2026, noon in New York: a weekday inside the usual session, but NYSE is closed.
    marketClock.pin(DateTime.fromISO('2026-11-26T12:00:00', { zone: 'America/New_York' }))
    const holiday = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    holiday.assertStatus(422)
    assert.equal(fieldErrors(holiday.body()).instrument, 'Market is closed')
    assert.isNull(
      await Order.query().where('user_id', customer.id).where('instrument', 'AAPL').first()
    )

    // The dashboard says so too.
    const dashboard = await client.get('/dashboard').loginAs(customer).withInertia()
    assert.isFalse(dashboard.inertiaProps.marketStatus.stock)

    // The day after closes at 13:00: open at noon, closed at 14:00.
    marketClock.pin(DateTime.fromISO('2026-11-27T14:00:00', { zone: 'America/New_York' }))
    const late = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    assert.equal(fieldErrors(late.body()).instrument, 'Market is closed')
    marketClock.pin(DateTime.fromISO('2026-11-27T12:00:00', { zone: 'America/New_York' }))
    const open = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    open.assertStatus(201)
  })

  test('an index or commodity is refused while its exchange is on holiday, while forex trades', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    quote('SPX500_USD', '5285.20', '5285.70')
    quote('XAU_USD', '2385.20', '2385.60')
    quote('EUR_USD', '1.08446', '1.08454')
    const order = (instrument: string, amount = '0.01') =>
      api(client, 'post', '/dashboard/orders', { type: 'buy', instrument, amount }).loginAs(
        customer
      )

    // Thanksgiving 2026 after CME's 12:00 CT halt: the forex session is open, the CME is not.
    marketClock.pin(DateTime.fromISO('2026-11-26T14:00:00', { zone: 'America/New_York' }))
    for (const name of ['SPX500_USD', 'XAU_USD']) {
      const refused = await order(name)
      refused.assertStatus(422)
      assert.equal(fieldErrors(refused.body()).instrument, 'Market is closed', name)
    }
    ;(await order('EUR_USD', '1000')).assertStatus(201)
    const dashboard = await client.get('/dashboard').loginAs(customer).withInertia()
    assert.isTrue(dashboard.inertiaProps.marketStatus.forex)
    assert.includeMembers(dashboard.inertiaProps.marketStatus.closedVenues, [
      'cme_equity',
      'nymex_comex',
    ])

    // The morning before the halt trades; the day after closes early (12:15 CT); Christmas is shut.
    marketClock.pin(DateTime.fromISO('2026-11-26T11:00:00', { zone: 'America/New_York' }))
    ;(await order('SPX500_USD')).assertStatus(201)
    marketClock.pin(DateTime.fromISO('2026-11-27T13:30:00', { zone: 'America/New_York' }))
    assert.equal(fieldErrors((await order('SPX500_USD')).body()).instrument, 'Market is closed')
    marketClock.pin(DateTime.fromISO('2026-12-25T12:00:00', { zone: 'America/New_York' }))
    assert.equal(fieldErrors((await order('XAU_USD')).body()).instrument, 'Market is closed')
    assert.isNull(
      await Order.query().where('user_id', customer.id).where('instrument', 'XAU_USD').first()
    )
  })

  test('kycTrade on: a customer without approved KYC is refused; off: allowed', async ({
    client,
    assert,
  }) => {
    // Funded, so only the missing KYC can refuse the order.
    const newcomer = await UserFactory.apply('funded').create()
    quote('AAPL', '189.820', '189.860')
    const refused = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '1',
    }).loginAs(newcomer)
    refused.assertStatus(403)
    assert.equal(refused.body().message, 'Please verify KYC to enable trading')

    const restore = await withSetting('kycTrade', 'off')
    const allowed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '1',
    }).loginAs(newcomer)
    allowed.assertStatus(201)
    await restore()
  })

  test('free margin: open losses count; "Insufficient Balance!" before "Insufficient Free Margin!"', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    await Balance.query().where('id', wallet.id).update({ balance: '1000', margin: '0' })
    quote('AAPL', '100.00', '100.00')
    // 100 × 101 ÷ 10 = 1,010 > balance 1,000
    const tooBig = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '101',
    }).loginAs(customer)
    assert.equal(fieldErrors(tooBig.body()).amount, 'Insufficient Balance!')

    const first = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '50',
    }).loginAs(customer)
    first.assertStatus(201) // margin 500
    quote('AAPL', '95.00', '95.00') // open P/L −250: free margin 1,000 − 500 − 250 = 250
    const second = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '27',
    }).loginAs(customer)
    // 95 × 27 ÷ 10 = 256.5 > 250
    assert.equal(fieldErrors(second.body()).amount, 'Insufficient Free Margin!')
    const fits = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '26',
    }).loginAs(customer)
    fits.assertStatus(201) // 247
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(), '747')
  })

  test('staff cannot trade; a visitor must log in', async ({ client }) => {
    quote('AAPL', '189.820', '189.860')
    const admin = await UserFactory.apply('admin').create()
    const staff = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '1',
    }).loginAs(admin)
    staff.assertStatus(403)
    const visitor = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '1',
    })
    visitor.assertStatus(401)
  })
})

test.group('closing and targets', (group) => {
  isolate(group)
  openMarkets(group)

  async function openBuy(client: any, customer: User) {
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const response = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    }).loginAs(customer)
    response.assertStatus(201)
    return Order.findOrFail(response.body().order.id)
  }

  test("GET /dashboard/orders lists the active wallet's own orders, open first", async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    const order = await openBuy(client, customer)
    const list = await api(client, 'get', '/dashboard/orders').loginAs(customer)
    list.assertStatus(200)
    const row = list.body().data[0]
    assert.equal(row.id, order.id)
    assert.equal(row.status, 'OPENED')
    assert.equal(row.pair, 'EUR/USD')
    assert.equal(row.openRate, '1.08662')
    assert.isNull(row.closeTime)

    const other = await UserFactory.create()
    const theirs = await api(client, 'get', '/dashboard/orders').loginAs(other)
    assert.deepEqual(theirs.body().data, [])
  })

  test('close realizes the P/L into the ledger once and releases the margin', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    const before = await Balance.findOrFail(wallet.id)
    const order = await openBuy(client, customer)
    // A buy's current rate is the ask (customer spec §4): (10,000 × (1.08762 − 1.08662) − 1.2) ÷ 1 = 8.80
    quote('EUR_USD', '1.08750', '1.08762')
    const response = await api(client, 'post', '/dashboard/orders/close', {
      orderId: order.id,
      instrument: 'EUR_USD',
    }).loginAs(customer)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Order Closed Successfully')
    assert.equal(response.body().order.status, 'CLOSED')
    assert.equal(response.body().order.profitLoss, '8.8')

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).minus(money(before.balance)).toFixed(2), '8.80')
    assert.equal(money(after.margin).toFixed(), money(before.margin).toFixed())
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', order.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].type, 'realized_pnl')
    const { total } = await ledgerOf(wallet.id)
    assert.equal(total.toFixed(2), money(after.balance).toFixed(2))

    const again = await api(client, 'post', '/dashboard/orders/close', {
      orderId: order.id,
    }).loginAs(customer)
    again.assertStatus(409)
    assert.equal(again.body().message, 'This position is already closed')
  })

  test("another customer's order answers 404; bad ids 422 or 404", async ({ client, assert }) => {
    const { customer } = await customerWallet()
    const order = await openBuy(client, customer)
    const newcomer = await UserFactory.create()
    const close = await api(client, 'post', '/dashboard/orders/close', {
      orderId: order.id,
    }).loginAs(newcomer)
    close.assertStatus(404)
    const put = await api(client, 'put', `/dashboard/orders/${order.id}`, { loss: '1.08' }).loginAs(
      newcomer
    )
    put.assertStatus(404)
    const missing = await api(client, 'post', '/dashboard/orders/close', {}).loginAs(customer)
    assert.equal(fieldErrors(missing.body()).orderId, 'Order is required')
    const huge = await api(client, 'put', '/dashboard/orders/99999999999', { loss: '1' }).loginAs(
      customer
    )
    huge.assertStatus(404)
  })

  test('a loss beyond the balance is written off: the balance ends at zero', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    await Balance.query().where('id', wallet.id).update({ balance: '100', margin: '0' })
    quote('AAPL', '100.00', '100.00')
    const open = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
    }).loginAs(customer)
    open.assertStatus(201)
    // A gap: 10 × (80 − 100) = −200 against a balance of 100
    quote('AAPL', '80.00', '80.00')
    const close = await api(client, 'post', '/dashboard/orders/close', {
      orderId: open.body().order.id,
    }).loginAs(customer)
    close.assertStatus(200)
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).toFixed(2), '0.00')
    assert.equal(money(after.margin).toFixed(2), '0.00')
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', open.body().order.id)
      .orderBy('id')
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2)]),
      [
        ['realized_pnl', '-200.00'],
        ['write_off', '100.00'],
      ]
    )
  })

  test('PUT sets and clears take-profit and stop-loss within the modal bounds', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    const order = await openBuy(client, customer)
    const sl = await api(client, 'put', `/dashboard/orders/${order.id}`, { loss: '1.08' }).loginAs(
      customer
    )
    sl.assertStatus(200)
    assert.equal(sl.body().message, 'Stop Loss Set Successfully')
    assert.equal(sl.body().order.stopLoss, '1.08')
    const tp = await api(client, 'put', `/dashboard/orders/${order.id}`, { profit: 1.1 }).loginAs(
      customer
    )
    assert.equal(tp.body().message, 'Take Profit Set Successfully')
    assert.equal(tp.body().order.takeProfit, '1.1')

    const tooHigh = await api(client, 'put', `/dashboard/orders/${order.id}`, {
      loss: '1.09',
    }).loginAs(customer)
    tooHigh.assertStatus(422)
    assert.equal(
      fieldErrors(tooHigh.body()).loss,
      'Stop loss must be between 0 and the open rate (1.08662)'
    )
    const tpLow = await api(client, 'put', `/dashboard/orders/${order.id}`, {
      profit: '1.0',
    }).loginAs(customer)
    assert.equal(
      fieldErrors(tpLow.body()).profit,
      'Take profit must be at or above the open rate (1.08662)'
    )
    const nothing = await api(client, 'put', `/dashboard/orders/${order.id}`, {}).loginAs(customer)
    nothing.assertStatus(422)

    const cleared = await api(client, 'put', `/dashboard/orders/${order.id}`, {
      loss: null,
    }).loginAs(customer)
    assert.isNull(cleared.body().order.stopLoss)
    assert.equal(cleared.body().order.takeProfit, '1.1')

    await api(client, 'post', '/dashboard/orders/close', { orderId: order.id }).loginAs(customer)
    const closed = await api(client, 'put', `/dashboard/orders/${order.id}`, {
      loss: '1.07',
    }).loginAs(customer)
    closed.assertStatus(409)
  })
})

test.group('GET /dashboard/chart/:instrument (mobile chart page)', (group) => {
  isolate(group)

  test('renders the chart page for a listed instrument; an unknown one is 404', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const page = await client.get('/dashboard/chart/EUR_USD').loginAs(customer).withInertia()
    page.assertStatus(200)
    assert.equal(page.body().component, 'customer/price_chart')
    assert.equal(page.body().props.instrument.name, 'EUR_USD')
    assert.match(page.body().props.instrument.bids, /^\d+\.\d+$/)
    const missing = await client.get('/dashboard/chart/NOPE').loginAs(customer).withInertia()
    missing.assertStatus(404)
  })
})
