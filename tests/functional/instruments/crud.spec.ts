import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Favorite from '#models/favorite'
import Instrument from '#models/instrument'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import { OrderFactory } from '#database/factories/order_factory'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { EXACT_DIGITS_MESSAGE } from '#validators/rules'
import { userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'

/** A new admin: these requests need only an admin's rights. */
const admin = () => UserFactory.apply('admin').create()

/** A customer who may trade: funded, KYC approved (kycTrade is on), on the Silver plan. */
async function trader() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  return UserFactory.apply('funded', 'kycApproved').merge({ pricingTableId: silver.id }).create()
}

/** Every field of the instrument form, as the modal sends them. */
const FIELDS = {
  name: 'ADA_USD',
  base: 'ADA',
  quote: 'USD',
  category: 'crypto',
  bids: '0.45120',
  asks: '0.45180',
  tradingview: 'BINANCE',
  alias: 'Cardano',
  leverage: 5,
  tradable: true,
  swap: '-0.25',
}

const instrumentCount = async () =>
  Number((await db.from('instruments').count('* as total').first()).total)

/** The instrument's fields as PUT sends them back (the whole form, prices left out as the modal does), with changes. */
function formOf(i: Instrument, changes: Record<string, unknown> = {}) {
  return {
    name: i.name,
    base: i.base,
    quote: i.quote,
    category: i.category,
    tradingview: i.tradingview,
    alias: i.alias,
    leverage: i.leverage,
    tradable: i.tradable,
    swap: i.swap,
    ...changes,
  }
}

/** An open position of a new customer on an instrument (its margin held, as opening does). */
async function openOn(instrument: Instrument) {
  const customer = await UserFactory.create()
  return OrderFactory.merge({
    userId: customer.id,
    balanceId: customer.activeBalanceId!,
    instrumentId: instrument.id,
    instrument: instrument.name,
    kind: instrument.category,
  }).create()
}

test.group('Instruments pages and list', (group) => {
  isolate(group)

  test('each of the five screens renders the one page with its category', async ({
    client,
    assert,
  }) => {
    for (const category of ['forex', 'commodity', 'index', 'crypto', 'stock']) {
      const response = await client
        .get(`/admin/instruments/${category}`)
        .loginAs(await admin())
        .withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('staff/instruments/index')
      assert.deepEqual(response.inertiaProps.category, category)
    }
    ;(
      await client
        .get('/admin/instruments/bonds')
        .loginAs(await admin())
        .withInertia()
    ).assertStatus(404)
  })

  test('GET /admin/instruments/api/:category lists one category, newest first, paged and searchable', async ({
    client,
    assert,
  }) => {
    const forex = await api(client, 'get', '/admin/instruments/api/forex').loginAs(await admin())
    forex.assertStatus(200)
    assert.deepEqual(forex.body().meta, { total: 17, perPage: 15, currentPage: 1, lastPage: 2 })
    assert.isTrue(forex.body().data.every((r: any) => r.category === 'forex'))
    const ids = forex.body().data.map((r: any) => r.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a: number, b: number) => b - a)
    )

    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const found = await api(client, 'get', '/admin/instruments/api/forex?search=euro / us').loginAs(
      await admin()
    )
    assert.deepEqual(found.body().data, [
      {
        id: eurUsd.id,
        name: 'EUR_USD',
        base: 'EUR',
        quote: 'USD',
        category: 'forex',
        bids: eurUsd.bids,
        asks: eurUsd.asks,
        tradingview: 'OANDA',
        alias: 'Euro / US Dollar',
        leverage: 100,
        tradable: true,
        swap: '0',
        swapLong: null,
        swapShort: null,
        exposureLimit: null,
      },
    ])
    // Base and quote are searched too; another category's instruments never show.
    const yen = await api(
      client,
      'get',
      '/admin/instruments/api/forex?search=jpy&limit=25'
    ).loginAs(await admin())
    assert.sameMembers(
      yen.body().data.map((r: any) => r.name),
      ['USD_JPY', 'EUR_JPY', 'GBP_JPY', 'AUD_JPY']
    )
    const btcInForex = await api(client, 'get', '/admin/instruments/api/forex?search=BTC').loginAs(
      await admin()
    )
    assert.equal(btcInForex.body().meta.total, 0)
    const literal = await api(client, 'get', '/admin/instruments/api/forex?search=%25').loginAs(
      await admin()
    )
    assert.equal(literal.body().meta.total, 0)

    const crypto = await api(client, 'get', '/admin/instruments/api/crypto').loginAs(await admin())
    assert.equal(crypto.body().meta.total, 6)

    ;(await api(client, 'get', '/admin/instruments/api/bonds').loginAs(await admin())).assertStatus(
      404
    )
    const bad = await api(client, 'get', '/admin/instruments/api/forex?limit=7').loginAs(
      await admin()
    )
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).limit, 'Page size must be one of 15, 25, 50')
  })

  test('only admins: other roles get 403 on every call, visitors 401 or the login page', async ({
    client,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin/instruments/forex').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'get', '/admin/instruments/api/forex').loginAs(user)).assertStatus(403)
      ;(await api(client, 'post', '/admin/instruments', FIELDS).loginAs(user)).assertStatus(403)
      ;(
        await api(
          client,
          'put',
          `/admin/instruments/${eurUsd.id}`,
          formOf(eurUsd, { tradable: false })
        ).loginAs(user)
      ).assertStatus(403)
      ;(await api(client, 'delete', `/admin/instruments/${eurUsd.id}`).loginAs(user)).assertStatus(
        403
      )
    }
    const visitor = await client.get('/admin/instruments/crypto').redirects(0)
    visitor.assertStatus(302)
    visitor.assertHeader('location', '/')
    ;(await api(client, 'get', '/admin/instruments/api/forex')).assertStatus(401)
    ;(await api(client, 'delete', `/admin/instruments/${eurUsd.id}`)).assertStatus(401)
    await eurUsd.refresh()
    await Instrument.findOrFail(eurUsd.id)
  })
})

test.group('Instruments add, edit, delete', (group) => {
  isolate(group)

  test('adds an instrument with every field, names in capitals; its audit row records it', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/instruments', {
      ...FIELDS,
      name: 'ada_usd',
      base: 'ada',
      quote: 'usd',
      tradingview: 'binance',
    }).loginAs(await admin())
    response.assertStatus(201)
    assert.equal(response.body().message, 'Instrument added successfully')
    assert.containsSubset(response.body().instrument, {
      name: 'ADA_USD',
      base: 'ADA',
      quote: 'USD',
      category: 'crypto',
      bids: '0.4512',
      asks: '0.4518',
      tradingview: 'BINANCE',
      alias: 'Cardano',
      leverage: 5,
      tradable: true,
      swap: '-0.25',
    })
    const audit = await onlyAuditRow('instrument.create', response.body().instrument.id)
    assert.deepEqual(audit.changes.name, { before: null, after: 'ADA_USD' })
    assert.deepEqual(audit.changes.tradable, { before: null, after: true })
  })

  test('bids, asks and alias are optional; swap defaults to 0; numbers may come as JSON numbers', async ({
    client,
    assert,
  }) => {
    const bare = await api(client, 'post', '/admin/instruments', {
      name: 'SHIB_USD',
      base: 'SHIB',
      quote: 'USD',
      category: 'crypto',
      tradingview: 'BINANCE',
      leverage: '0',
      tradable: false,
    }).loginAs(await admin())
    bare.assertStatus(201)
    assert.containsSubset(bare.body().instrument, {
      bids: null,
      asks: null,
      alias: null,
      leverage: 0,
      tradable: false,
      swap: '0',
    })
    const numbers = await api(client, 'post', '/admin/instruments', {
      ...FIELDS,
      name: 'DOT_USD',
      bids: 6.125,
      asks: 6.13,
      swap: 0.5,
      alias: '  ',
    }).loginAs(await admin())
    numbers.assertStatus(201)
    assert.containsSubset(numbers.body().instrument, {
      bids: '6.125',
      asks: '6.13',
      swap: '0.5',
      alias: null,
    })
  })

  test('bad input is refused with a message under the field, and nothing is written', async ({
    client,
    assert,
  }) => {
    const before = await instrumentCount()
    const audits = await auditCount()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: undefined }, 'name', 'Name is required'],
      [
        { name: 'EUR USD' },
        'name',
        'Name may hold only letters, digits, dots, dashes and underscores, such as EUR_USD',
      ],
      [{ name: 'x'.repeat(41) }, 'name', 'Name must be at most 40 characters'],
      [{ base: null }, 'base', 'Base is required'],
      [{ base: 'A/B' }, 'base', 'Base may hold only letters, digits and dots, such as EUR'],
      [{ quote: '' }, 'quote', 'Quote is required'],
      [{ quote: 'US' }, 'quote', 'Quote must be a currency code such as USD'],
      [{ quote: 'US1' }, 'quote', 'Quote must be a currency code such as USD'],
      [{ category: undefined }, 'category', 'Category is required'],
      [{ category: 'bonds' }, 'category', 'Choose a category from the list'],
      [{ tradingview: undefined }, 'tradingview', 'Chart provider is required'],
      [
        { tradingview: 'OANDA:EUR' },
        'tradingview',
        'Chart provider may hold only letters, digits, dots, dashes and underscores, such as OANDA',
      ],
      [{ leverage: undefined }, 'leverage', 'Leverage is required'],
      [{ leverage: null }, 'leverage', 'Leverage is required'],
      [{ leverage: -1 }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ leverage: '-5' }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ leverage: 'high' }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ leverage: '1e2' }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ leverage: '0x10' }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ leverage: 2.5 }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ leverage: 1001 }, 'leverage', 'Leverage must be a whole number from 0 to 1000'],
      [{ tradable: undefined }, 'tradable', 'Tradable is required'],
      [{ tradable: 'yes' }, 'tradable', 'Tradable must be on or off'],
      [{ tradable: 1 }, 'tradable', 'Tradable must be on or off'],
      [{ bids: '-1' }, 'bids', 'Bid must be a price above 0 such as 1.08452'],
      [{ bids: '0' }, 'bids', 'Bid must be a price above 0 such as 1.08452'],
      [{ bids: 'cheap' }, 'bids', 'Bid must be a price above 0 such as 1.08452'],
      // More digits than SQLite keeps exactly: the shared message says so (issue 21 item 7).
      [{ bids: '123456789.12345678' }, 'bids', EXACT_DIGITS_MESSAGE],
      [{ asks: '1.123456789' }, 'asks', 'Ask must be a price above 0 such as 1.08460'],
      [{ asks: '0.45' }, 'asks', 'The ask must not be below the bid'],
      [{ asks: null }, 'asks', 'Give the ask with the bid, or neither'],
      [{ bids: null }, 'bids', 'Give the bid with the ask, or neither'],
      [
        { swap: '100.5' },
        'swap',
        'Swap must be a percentage from -100 to 100 with at most 4 decimals',
      ],
      [
        { swap: 'none' },
        'swap',
        'Swap must be a percentage from -100 to 100 with at most 4 decimals',
      ],
      [
        { swap: '0.12345' },
        'swap',
        'Swap must be a percentage from -100 to 100 with at most 4 decimals',
      ],
      [{ alias: 'x'.repeat(81) }, 'alias', 'Alias must be at most 80 characters'],
      [{ name: 'EUR_USD' }, 'name', 'An instrument with this name already exists'],
      [{ name: 'eur_usd' }, 'name', 'An instrument with this name already exists'],
    ]
    for (const [changes, field, message] of cases) {
      const response = await api(client, 'post', '/admin/instruments', {
        ...FIELDS,
        ...changes,
      }).loginAs(await admin())
      assert.equal(response.status(), 422, JSON.stringify(changes).slice(0, 80))
      assert.equal(
        fieldErrors(response.body())[field],
        message,
        JSON.stringify(changes).slice(0, 80)
      )
    }
    assert.equal(await instrumentCount(), before)
    assert.equal(await auditCount(), audits)
  })

  test('edits an instrument; prices left out stay, and so does the time of the stored price', async ({
    client,
    assert,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const pricedAt = eurUsd.updatedAt!.toMillis()
    const response = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { leverage: 200, alias: 'Fiber', tradable: false, swap: '-1.5' })
    ).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Instrument updated successfully')
    const after = await Instrument.findOrFail(eurUsd.id)
    assert.equal(after.leverage, 200)
    assert.equal(after.alias, 'Fiber')
    assert.isFalse(after.tradable)
    assert.equal(after.bids, eurUsd.bids)
    assert.equal(after.asks, eurUsd.asks)
    // An edit of the leverage must not make an old price look fresh (its age decides whether orders trade on it).
    assert.equal(after.updatedAt!.toMillis(), pricedAt)

    const audit = await onlyAuditRow('instrument.update', eurUsd.id)
    assert.deepEqual(audit.changes, {
      alias: { before: 'Euro / US Dollar', after: 'Fiber' },
      leverage: { before: 100, after: 200 },
      tradable: { before: true, after: false },
      swap: { before: '0', after: '-1.5' },
    })
  })

  test('a new price is stored with its time; a cleared one empties both', async ({
    client,
    assert,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    await db
      .from('instruments')
      .where('id', eurUsd.id)
      .update({ updated_at: '2020-01-01 00:00:00' })
    const repriced = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { bids: '1.1', asks: '1.10012' })
    ).loginAs(await admin())
    repriced.assertStatus(200)
    const after = await Instrument.findOrFail(eurUsd.id)
    assert.equal(after.bids, '1.1')
    assert.equal(after.asks, '1.10012')
    assert.isAbove(after.updatedAt!.toMillis(), Date.now() - 60_000)

    const cleared = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { bids: null, asks: null })
    ).loginAs(await admin())
    cleared.assertStatus(200)
    assert.isNull((await Instrument.findOrFail(eurUsd.id)).bids)

    const half = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { bids: '1.2' })
    ).loginAs(await admin())
    half.assertStatus(422)
    assert.equal(fieldErrors(half.body()).asks, 'Give the ask with the bid, or neither')
  })

  test('renaming to a name in use is refused; a rename or a move to another category is fine without positions', async ({
    client,
    assert,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const taken = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { name: 'gbp_usd' })
    ).loginAs(await admin())
    taken.assertStatus(422)
    assert.equal(fieldErrors(taken.body()).name, 'An instrument with this name already exists')
    // Its own name is no clash.
    ;(
      await api(
        client,
        'put',
        `/admin/instruments/${eurUsd.id}`,
        formOf(eurUsd, { name: 'eur_usd' })
      ).loginAs(await admin())
    ).assertStatus(200)

    const xau = await Instrument.findByOrFail('name', 'XAU_USD')
    const moved = await api(
      client,
      'put',
      `/admin/instruments/${xau.id}`,
      formOf(xau, { name: 'GOLD', category: 'index' })
    ).loginAs(await admin())
    moved.assertStatus(200)
    const index = await api(client, 'get', '/admin/instruments/api/index?search=gold').loginAs(
      await admin()
    )
    assert.deepEqual(
      index.body().data.map((r: any) => r.name),
      ['GOLD']
    )
    const commodity = await api(
      client,
      'get',
      '/admin/instruments/api/commodity?search=gold'
    ).loginAs(await admin())
    assert.equal(commodity.body().meta.total, 0)
  })

  test('with open positions the name and category stay (409); other edits, such as tradable off, go through', async ({
    client,
    assert,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    await openOn(eurUsd)
    await openOn(eurUsd)
    const renamed = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { name: 'EURUSD' })
    ).loginAs(await admin())
    renamed.assertStatus(409)
    assert.equal(
      renamed.body().message,
      'The name and category of this instrument cannot change: 2 positions are open on it'
    )
    const moved = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { category: 'index' })
    ).loginAs(await admin())
    moved.assertStatus(409)
    assert.equal((await Instrument.findOrFail(eurUsd.id)).name, 'EUR_USD')

    const off = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { tradable: false })
    ).loginAs(await admin())
    off.assertStatus(200)
  })

  test('unknown or malformed ids are 404, whatever the body', async ({ client }) => {
    for (const id of ['999999', '2147483648', '0', '-1', '0x10', '1e1', 'EUR_USD']) {
      ;(
        await api(client, 'put', `/admin/instruments/${id}`, FIELDS).loginAs(await admin())
      ).assertStatus(404)
      ;(
        await api(client, 'put', `/admin/instruments/${id}`, { leverage: 'bad' }).loginAs(
          await admin()
        )
      ).assertStatus(404)
      ;(
        await api(client, 'delete', `/admin/instruments/${id}`).loginAs(await admin())
      ).assertStatus(404)
    }
  })

  test('deletes an instrument without open positions: favorites of it go, closed orders keep its name', async ({
    client,
    assert,
  }) => {
    const doge = await Instrument.findByOrFail('name', 'DOGE_USD')
    const customer = await UserFactory.create()
    await Favorite.create({ userId: customer.id, instrumentId: doge.id, listId: 1 })
    const closed = await OrderFactory.merge({
      userId: customer.id,
      balanceId: customer.activeBalanceId!,
      instrumentId: doge.id,
      instrument: 'DOGE_USD',
      kind: 'crypto',
    })
      .apply('closed')
      .create()

    const response = await api(client, 'delete', `/admin/instruments/${doge.id}`).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Instrument deleted successfully')
    assert.isNull(await Instrument.find(doge.id))
    assert.isNull(await Favorite.query().where('instrument_id', doge.id).first())
    const kept = await Order.findOrFail(closed.id)
    assert.equal(kept.instrument, 'DOGE_USD')
    assert.isNull(kept.instrumentId)
    const audit = await onlyAuditRow('instrument.delete', doge.id)
    assert.deepEqual(audit.changes.name, { before: 'DOGE_USD', after: null })

    ;(
      await api(client, 'delete', `/admin/instruments/${doge.id}`).loginAs(await admin())
    ).assertStatus(404)
  })

  test('an instrument with open positions cannot be deleted: 409 with their count, nothing changes', async ({
    client,
    assert,
  }) => {
    const audits = await auditCount()
    const btc = await Instrument.findByOrFail('name', 'BTC_USD')
    await openOn(btc)
    const one = await api(client, 'delete', `/admin/instruments/${btc.id}`).loginAs(await admin())
    one.assertStatus(409)
    assert.equal(one.body().message, 'This instrument cannot be deleted: 1 position is open on it')
    await openOn(btc)
    const two = await api(client, 'delete', `/admin/instruments/${btc.id}`).loginAs(await admin())
    assert.equal(
      two.body().message,
      'This instrument cannot be deleted: 2 positions are open on it'
    )
    await Instrument.findOrFail(btc.id)
    assert.equal(await auditCount(), audits)
  })
})

test.group('Instruments: a change applies to orders at once', (group) => {
  isolate(group)
  openMarkets(group)

  test('switching tradable off refuses the next order; on again, it trades', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    quote('EUR_USD', '1.08650', '1.08662')
    const order = { type: 'buy', instrument: 'EUR_USD', amount: '1000' }
    ;(await api(client, 'post', '/dashboard/orders', order).loginAs(customer)).assertStatus(201)

    ;(
      await api(
        client,
        'put',
        `/admin/instruments/${eurUsd.id}`,
        formOf(eurUsd, { tradable: false })
      ).loginAs(await admin())
    ).assertStatus(200)
    const refused = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    refused.assertStatus(422)
    assert.equal(fieldErrors(refused.body()).instrument, 'This instrument is not tradable')

    ;(
      await api(
        client,
        'put',
        `/admin/instruments/${eurUsd.id}`,
        formOf(eurUsd, { tradable: true })
      ).loginAs(await admin())
    ).assertStatus(200)
    ;(await api(client, 'post', '/dashboard/orders', order).loginAs(customer)).assertStatus(201)
  })

  test("a changed instrument leverage sets the next order's margin where the plan sets none", async ({
    client,
    assert,
  }) => {
    // On a plan, so the plan's crypto leverage can be taken away.
    const customer = await trader()
    await db
      .from('pricing_plans')
      .where('id', customer.pricingTableId!)
      .update({ crypto_leverage: null })
    const btc = await Instrument.findByOrFail('name', 'BTC_USD')
    quote('BTC_USD', '67244.00', '67256.00')
    ;(
      await api(
        client,
        'put',
        `/admin/instruments/${btc.id}`,
        formOf(btc, { leverage: 10 })
      ).loginAs(await admin())
    ).assertStatus(200)
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'BTC_USD',
      amount: '0.1',
    }).loginAs(customer)
    placed.assertStatus(201)
    const order = await Order.findOrFail(placed.body().order.id)
    assert.equal(order.leverage, 10)
    // 0.1 × 67,256 ÷ 10 = 672.56
    assert.equal(order.marginUsed, '672.56')
  })

  test('the dashboard lists a new instrument and the switched-off state', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    await api(client, 'post', '/admin/instruments', FIELDS).loginAs(await admin())
    const page = await client.get('/dashboard').loginAs(customer).withInertia()
    const ada = page.inertiaProps.instruments.find((i: any) => i.name === 'ADA_USD')
    assert.containsSubset(ada, {
      base: 'ADA',
      quote: 'USD',
      category: 'crypto',
      tradable: true,
      bids: '0.4512',
      asks: '0.4518',
    })
  })
})
