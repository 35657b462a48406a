import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import Order from '#models/order'
import type User from '#models/user'
import { RiskEngine } from '#services/market/risk_engine'
import exposureSnapshots, { NAME_TTL_MS } from '#services/market/exposure_snapshots'
import { EXPOSURE_CHANNEL } from '#domain/channels'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { openPosition } from '#tests/helpers/positions'
import { UserFactory } from '#database/factories/user_factory'

/*
 * The dealing desk's exposure (issue 24 item 3): the API and CSV read the
 * market role's snapshot of the risk engine's book (never the positions
 * table), with the figures of the arithmetic.
 */

type Row = Record<string, string | number | null>

/**
 * EUR_USD with nothing else open: a buy of 10,000 at 1.10020 and a sell of 4,000 at 1.10000,
 * held by a new funded, KYC-approved customer.
 */
async function seedBook() {
  await Order.query()
    .where('instrument', 'EUR_USD')
    .whereNull('close_time')
    .update({ deletedAt: DateTime.now().toSQL({ includeOffset: false }) })
  await Instrument.query().where('name', 'EUR_USD').update({ bids: '1.10000', asks: '1.10020' })
  const customer = await UserFactory.apply('funded', 'kycApproved').create()
  const wallet = await Balance.findOrFail(customer.activeBalanceId!)
  await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '10000' })
  await openPosition(customer, { instrument: 'EUR_USD', type: 'sell', amount: '4000' })
  quote('EUR_USD', '1.10100', '1.10120')
  return { customer, wallet }
}

async function started() {
  const engine = new RiskEngine()
  await engine.start({ reconcile: false })
  return engine
}

async function snapshotOf(engine: RiskEngine) {
  await engine.idle()
  exposureSnapshots.publish(await exposureSnapshots.build(engine))
}

async function exposure(client: any, user: User, mode: string) {
  const response = await api(client, 'get', `/admin/risk/exposure/api?mode=${mode}`).loginAs(user)
  response.assertStatus(200)
  return response.body()
}

test.group('exposure screen (issue 24 item 3)', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine | null = null
  group.each.setup(() => {
    exposureSnapshots.forget()
    return async () => {
      await engine?.stop()
      engine = null
      exposureSnapshots.forget()
    }
  })

  test('the API shows the book per instrument with the issue arithmetic', async ({
    client,
    assert,
  }) => {
    const { wallet } = await seedBook()
    engine = await started()
    await snapshotOf(engine)
    const admin = await UserFactory.apply('admin').create()
    const body = await exposure(client, admin, wallet.mode)
    assert.isTrue(body.live)
    const row = body.data.find((r: Row) => r.instrument === 'EUR_USD')
    assert.deepInclude(row, {
      instrument: 'EUR_USD',
      category: 'forex',
      longUnits: '10000',
      shortUnits: '4000',
      netUnits: '6000',
      grossUnits: '14000',
      // 6,000 × mid 1.10110; gross 14,000 × 1.10110
      usdNotional: '6606.60',
      usdGross: '15415.40',
      positions: 2,
      // buy at the ask: 1.10120 × 10,000 − 11,002 = 10; sell at the bid: 4,400 − 1.10100 × 4,000 = −4
      clientsUnrealizedPl: '6.00',
      realizedToday: '0.00',
    })
    const forex = body.totals.find((t: Row) => t.category === 'forex')
    assert.isAtLeast(forex.positions, 2)
    // The other mode holds none of these.
    const other = await exposure(client, admin, wallet.mode === 'real' ? 'demo' : 'real')
    const otherRow = other.data.find((r: Row) => r.instrument === 'EUR_USD')
    assert.isTrue(!otherRow || otherRow.positions === 0)
  })

  test('a position opened, then closed, moves the figures live; the close counts as realized today', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await seedBook()
    engine = await started()
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
    }).loginAs(customer)
    placed.assertStatus(201)
    await snapshotOf(engine)
    const manager = await UserFactory.apply('manager').create()
    let row = (await exposure(client, manager, wallet.mode)).data.find(
      (r: Row) => r.instrument === 'EUR_USD'
    )
    assert.equal(row.longUnits, '11000')
    assert.equal(row.positions, 3)

    const closed = await api(client, 'post', '/dashboard/orders/close', {
      orderId: placed.body().order.id,
    }).loginAs(customer)
    closed.assertStatus(200)
    exposureSnapshots.forget()
    await snapshotOf(engine)
    row = (await exposure(client, manager, wallet.mode)).data.find(
      (r: Row) => r.instrument === 'EUR_USD'
    )
    assert.equal(row.longUnits, '10000')
    assert.equal(row.positions, 2)
    const order = await Order.findOrFail(placed.body().order.id)
    assert.equal(row.realizedToday, Number(order.proLoss).toFixed(2))
  })

  test('top accounts and the accounts at or below the margin-call level', async ({
    client,
    assert,
  }) => {
    // SQLite hands a rolled-back factory user's id to the next one: `forget()` drops the names too.
    const { wallet, customer } = await seedBook()
    // Equity at 80 % of the used margin: above the stop-outs, below the 100 % margin-call level.
    const stored = await Balance.findOrFail(wallet.id)
    stored.balance = (Number(stored.margin) * 0.8).toFixed(2)
    await stored.save()
    engine = await started()
    await snapshotOf(engine)
    const body = await exposure(client, await UserFactory.apply('admin').create(), wallet.mode)
    assert.equal(body.topByNotional[0].balanceId, wallet.id)
    assert.equal(body.topByNotional[0].name, customer.fullName)
    assert.include(
      body.topByUnrealizedPl.map((a: Row) => a.balanceId),
      wallet.id
    )
    const call = body.marginCalls.find((a: Row) => a.balanceId === wallet.id)
    assert.exists(call, JSON.stringify(body.marginCalls))
    assert.isBelow(Number(call.marginLevel), 100)
    assert.isAtLeast(body.marginCallCount, 1)
    assert.equal(body.marginCallLevel, '100')
  })

  test('a customer renamed by staff shows under the new name within a minute', async ({
    client,
    assert,
  }) => {
    const { wallet, customer } = await seedBook()
    const admin = await UserFactory.apply('admin').create()
    engine = await started()
    await engine.idle()
    const nameIn = async (at: number) => {
      exposureSnapshots.publish(await exposureSnapshots.build(engine!, at))
      const body = await exposure(client, admin, wallet.mode)
      return body.topByNotional.find((a: Row) => a.balanceId === wallet.id)?.name
    }
    const start = Date.now()
    assert.equal(await nameIn(start), customer.fullName)
    customer.fullName = 'Renamed Customer'
    await customer.save()
    assert.equal(await nameIn(start + NAME_TTL_MS + 1), 'Renamed Customer')
  })

  test('with no market role the API says it is not live and shows nothing', async ({
    client,
    assert,
  }) => {
    const body = await exposure(client, await UserFactory.apply('admin').create(), 'real')
    assert.isFalse(body.live)
    assert.deepEqual(body.data, [])
    assert.isNull(body.builtAt)
  })

  test('the market role publishes a snapshot each beat while the engine runs', async ({
    client,
    assert,
  }) => {
    const { wallet } = await seedBook()
    const admin = await UserFactory.apply('admin').create()
    engine = await started()
    const stop = exposureSnapshots.start(engine, 50)
    try {
      let body = await exposure(client, admin, wallet.mode)
      for (let i = 0; i < 40 && !body.live; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        body = await exposure(client, admin, wallet.mode)
      }
      assert.isTrue(body.live)
      assert.exists(body.data.find((r: Row) => r.instrument === 'EUR_USD'))
    } finally {
      stop()
    }
  })

  test('a web process without the market role reads the snapshot the role stored in Redis', async ({
    client,
    assert,
  }) => {
    const { wallet } = await seedBook()
    const admin = await UserFactory.apply('admin').create()
    engine = await started()
    await engine.idle()
    const stored = new Map<string, { text: string; until: number }>()
    const share = {
      async set(key: string, text: string, _mode: 'PX', ms: number) {
        stored.set(key, { text, until: Date.now() + ms })
      },
      async get(key: string) {
        const entry = stored.get(key)
        return entry && entry.until > Date.now() ? entry.text : null
      },
    }
    const stopSharing = exposureSnapshots.shareThrough(share)
    try {
      exposureSnapshots.publish(await exposureSnapshots.build(engine))
      assert.isTrue(stored.has('exposure:snapshot'))
      // This process forgets its own copy: what it answers now comes from the shared store.
      exposureSnapshots.forget()
      const body = await exposure(client, admin, wallet.mode)
      assert.isTrue(body.live)
      assert.equal(body.data.find((r: Row) => r.instrument === 'EUR_USD').netUnits, '6000')
      // Expired in the store (the role died): not live.
      stored.clear()
      assert.isFalse((await exposure(client, admin, wallet.mode)).live)
    } finally {
      stopSharing()
    }
  })

  test('bad input gets 422 with the message under the field, never a 500', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const url of [
      '/admin/risk/exposure/api?mode=live',
      '/admin/risk/exposure/csv?mode=1',
      '/admin/risk?mode=REAL',
      '/admin/risk/positions?mode=paper&instrument=EUR_USD',
    ]) {
      const response = await api(client, 'get', url).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).mode, 'Mode must be real or demo', url)
    }
    for (const [query, field] of [
      ['', 'instrument'],
      ['instrument=eur%20usd', 'instrument'],
      ['balanceId=-1', 'balanceId'],
      ['balanceId=1.5', 'balanceId'],
      ['balanceId=99999999999', 'balanceId'],
    ]) {
      const response = await api(client, 'get', `/admin/risk/positions?${query}`).loginAs(admin)
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), field, query)
    }
  })

  test('the drill-down lists the open positions of an instrument or of an account', async ({
    client,
    assert,
  }) => {
    const { wallet } = await seedBook()
    const admin = await UserFactory.apply('admin').create()
    const byInstrument = await api(
      client,
      'get',
      `/admin/risk/positions?mode=${wallet.mode}&instrument=EUR_USD`
    ).loginAs(admin)
    byInstrument.assertStatus(200)
    assert.deepEqual(
      byInstrument.body().data.map((r: Row) => r.units),
      ['10000', '4000']
    )
    const byAccount = await api(
      client,
      'get',
      `/admin/risk/positions?mode=${wallet.mode}&balanceId=${wallet.id}`
    ).loginAs(admin)
    assert.isAtLeast(byAccount.body().data.length, 2)
    const otherMode = await api(
      client,
      'get',
      `/admin/risk/positions?mode=${wallet.mode === 'real' ? 'demo' : 'real'}&balanceId=${wallet.id}`
    ).loginAs(admin)
    assert.deepEqual(otherMode.body().data, [])
  })

  test('the CSV export holds the current view', async ({ client, assert }) => {
    const { wallet } = await seedBook()
    engine = await started()
    await snapshotOf(engine)
    const response = await api(
      client,
      'get',
      `/admin/risk/exposure/csv?mode=${wallet.mode}`
    ).loginAs(await UserFactory.apply('manager').create())
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/csv')
    assert.include(response.header('content-disposition'), `exposure_${wallet.mode}_`)
    const lines = response.text().trim().split(/\r?\n/)
    assert.equal(
      lines[0],
      'Instrument,Category,Long units,Short units,Net units,Gross units,Net notional (USD),Gross notional (USD),Positions,Customers unrealized P/L (USD),Realized P/L today (USD)'
    )
    assert.include(lines, 'EUR_USD,forex,10000,4000,6000,14000,6606.60,15415.40,2,6.00,0.00')
    assert.isTrue(lines.some((l) => l.startsWith('Total,forex,')))
  })

  test('only admin and manager may open the screen, its data and its channel', async ({
    client,
    assert,
  }) => {
    const allowed = {
      admin: await UserFactory.apply('admin').create(),
      manager: await UserFactory.apply('manager').create(),
    }
    const refused = {
      customer: await UserFactory.create(),
      affiliate: await UserFactory.apply('affiliate').create(),
      agent: await UserFactory.apply('agent').create(),
      retention: await UserFactory.apply('retention').create(),
    }
    for (const user of Object.values(allowed)) {
      ;(await api(client, 'get', '/admin/risk/exposure/api').loginAs(user)).assertStatus(200)
      const page = await client.get('/admin/risk').loginAs(user).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('staff/risk/index')
    }
    for (const [role, user] of Object.entries(refused)) {
      for (const url of [
        '/admin/risk/exposure/api',
        '/admin/risk/exposure/csv',
        '/admin/risk/positions?instrument=EUR_USD',
      ]) {
        const response = await api(client, 'get', url).loginAs(user)
        assert.equal(response.status(), 403, `${role} ${url}`)
      }
    }
    const subscribe = (user?: User) => {
      const request = client
        .post('/__transmit/subscribe')
        .header('Accept', 'application/json')
        .json({ uid: randomUUID(), channel: EXPOSURE_CHANNEL })
        .withCsrfToken()
      return user ? request.loginAs(user) : request
    }
    for (const [role, user] of Object.entries(allowed)) {
      assert.equal((await subscribe(user)).status(), 204, role)
    }
    for (const [role, user] of Object.entries(refused)) {
      assert.equal((await subscribe(user)).status(), 400, role)
    }
    assert.equal((await subscribe()).status(), 400)
  })
})
