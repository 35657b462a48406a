import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import LotOption from '#models/lot_option'
import Order from '#models/order'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { UserFactory } from '#database/factories/user_factory'

const SPREADS = {
  spread_forex: '3',
  spread_commodity: '1',
  spread_index: '2',
  spread_crypto: '4',
  spread_stock: '5',
}
const LOTS = {
  lot_forex: 'lot',
  lot_commodity: 'amount',
  lot_index: 'amount',
  lot_crypto: 'lot',
  lot_stock: 'amount',
}

async function storedValue(key: string) {
  return (await Setting.findBy('key', key))?.value1 ?? null
}

test.group('Spread Settings (GET and POST /admin/spreads)', (group) => {
  isolate(group)
  openMarkets(group)

  test('the page carries the five stored spreads; managers are refused', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    await api(client, 'post', '/admin/spreads', SPREADS).loginAs(admin)
    const page = await client.get('/admin/spreads').loginAs(admin).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('staff/settings/spreads')
    page.assertInertiaPropsContains({ values: SPREADS })
    const refused = await client
      .get('/admin/spreads')
      .loginAs(await UserFactory.apply('manager').create())
      .withInertia()
    refused.assertStatus(403)
  })

  test('saving applies to the very next order: spread cost = (ask − bid) × setting × amount', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/spreads', {
      ...SPREADS,
      spread_forex: 3,
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Spreads updated successfully')
    assert.equal(await storedValue('spread_forex'), '3')

    quote('EUR_USD', '1.08650', '1.08662')
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    }).loginAs(await UserFactory.apply('funded', 'kycApproved').create())
    placed.assertStatus(201)
    // (1.08662 − 1.08650) × 3 × 10,000 = 3.6
    assert.equal(money((await Order.findOrFail(placed.body().order.id)).spread).toFixed(), '3.6')
  })

  test('a save leaves one audit row with the changed spreads before → after; a refused save leaves none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await api(client, 'post', '/admin/spreads', SPREADS).loginAs(admin)
    const count = async () => Number((await db.from('audit_logs').count('* as n'))[0].n)
    const before = await count()
    await api(client, 'post', '/admin/spreads', { ...SPREADS, spread_forex: '5' }).loginAs(admin)
    const row = await db.from('audit_logs').orderBy('id', 'desc').first()
    assert.equal(await count(), before + 1)
    assert.containsSubset(row, {
      staff_id: admin.id,
      action: 'settings.update',
      target_type: 'setting',
      target_id: 'spreads',
    })
    assert.deepEqual(JSON.parse(row.changes), { spread_forex: { before: '3', after: '5' } })
    ;(
      await api(client, 'post', '/admin/spreads', { ...SPREADS, spread_forex: 'x' }).loginAs(admin)
    ).assertStatus(422)
    assert.equal(await count(), before + 1)
  })

  test('each missing, negative, fractional, huge or non-numeric spread is refused under its field, nothing saved', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await api(client, 'post', '/admin/spreads', SPREADS).loginAs(admin)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ spread_forex: undefined }, 'spread_forex', 'Forex spread is required'],
      [{ spread_commodity: '' }, 'spread_commodity', 'Commodity spread is required'],
      [{ spread_index: -1 }, 'spread_index', 'Index spread must be a whole number from 0 to 1000'],
      [
        { spread_crypto: '1.5' },
        'spread_crypto',
        'Crypto spread must be a whole number from 0 to 1000',
      ],
      [
        { spread_stock: '1001' },
        'spread_stock',
        'Stock spread must be a whole number from 0 to 1000',
      ],
      [
        { spread_forex: 'abc' },
        'spread_forex',
        'Forex spread must be a whole number from 0 to 1000',
      ],
      [
        { spread_forex: { $gt: 1 } },
        'spread_forex',
        'Forex spread must be a whole number from 0 to 1000',
      ],
      [{ spread_forex: [1] }, 'spread_forex', 'Forex spread must be a whole number from 0 to 1000'],
    ]
    for (const [change, field, message] of cases) {
      const body = { ...SPREADS, spread_forex: '9', ...change }
      const response = await api(client, 'post', '/admin/spreads', body).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(change))
      assert.equal(await storedValue('spread_forex'), '3', 'nothing saved')
    }
  })
})

test.group('Lot Settings (GET and POST /admin/lots, POST /admin/lotSelector)', (group) => {
  isolate(group)

  test('lot modes save and the order dialog reads the new mode at once', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await api(client, 'post', '/admin/lots', LOTS).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Lots updated successfully')
    const state = await api(client, 'get', '/dashboard/lot-state/crypto').loginAs(
      await UserFactory.create()
    )
    state.assertStatus(200)
    assert.equal(state.body().lotState, 'lot')

    const page = await client.get('/admin/lots').loginAs(admin).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('staff/settings/lots')
    page.assertInertiaPropsContains({ values: LOTS })
  })

  test('a mode other than lot or amount is refused, nothing saved', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    await api(client, 'post', '/admin/lots', LOTS).loginAs(admin)
    const response = await api(client, 'post', '/admin/lots', {
      ...LOTS,
      lot_forex: 'amount',
      lot_stock: 'pips',
    }).loginAs(admin)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).lot_stock, 'Stock lot mode must be Lot or Amount')
    settings.forget()
    assert.equal(await storedValue('lot_forex'), 'lot')
  })

  test('the lot selector is replaced as a whole, in order, and the order dialog offers it', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const entries = [
      { label: 'Micro', value: '1000' },
      { label: 'Mini', value: 10000 },
      { label: 'Standard', value: '100000' },
    ]
    const response = await api(client, 'post', '/admin/lotSelector', {
      lotSelector: entries,
    }).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Lots updated successfully')
    const stored = await LotOption.query().orderBy('position', 'asc')
    assert.deepEqual(
      stored.map((o) => [o.label, money(o.value).toFixed()]),
      [
        ['Micro', '1000'],
        ['Mini', '10000'],
        ['Standard', '100000'],
      ]
    )
    const state = await api(client, 'get', '/dashboard/lot-state/forex').loginAs(
      await UserFactory.create()
    )
    assert.deepEqual(
      state.body().lotSelector.map((o: { label: string }) => o.label),
      ['Micro', 'Mini', 'Standard']
    )
  })

  test('bad lot selector lists are refused with clear messages and change nothing', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await api(client, 'post', '/admin/lotSelector', {
      lotSelector: [{ label: 'Keep', value: '1' }],
    }).loginAs(admin)
    const cases: [unknown, string][] = [
      [undefined, 'The lot selector list is required'],
      ['1,2', 'The lot selector list is required'],
      [[{ label: '', value: '1' }], 'Label is required'],
      [[{ label: 'x', value: 'abc' }], 'Lot value is numeric and above 0'],
      [[{ label: 'x', value: '0' }], 'Lot value is numeric and above 0'],
      [[{ label: 'x', value: -5 }], 'Lot value is numeric and above 0'],
      [[{ label: 'x', value: 1e-9 }], 'Lot value is numeric and above 0'],
      [
        [
          { label: 'a', value: '1' },
          { label: 'b', value: '1' },
        ],
        'Each lot value may appear only once',
      ],
      [
        Array.from({ length: 31 }, (_, i) => ({ label: `L${i}`, value: String(i + 1) })),
        'The lot selector holds at most 30 entries',
      ],
    ]
    for (const [list, message] of cases) {
      const response = await api(client, 'post', '/admin/lotSelector', {
        lotSelector: list,
      }).loginAs(admin)
      response.assertStatus(422)
      assert.include(Object.values(fieldErrors(response.body())), message, JSON.stringify(list))
      const stored = await LotOption.all()
      assert.deepEqual(
        stored.map((o) => o.label),
        ['Keep']
      )
    }
  })

  test('only admins may change lots', async ({ client }) => {
    const users = [
      await UserFactory.apply('manager').create(),
      await UserFactory.create(),
      await UserFactory.apply('agent').create(),
    ]
    for (const user of users) {
      ;(await api(client, 'post', '/admin/lots', LOTS).loginAs(user)).assertStatus(403)
      ;(
        await api(client, 'post', '/admin/lotSelector', { lotSelector: [] }).loginAs(user)
      ).assertStatus(403)
    }
  })
})
