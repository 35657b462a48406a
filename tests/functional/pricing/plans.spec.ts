import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import Balance from '#models/balance'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import { RiskEngine } from '#services/market/risk_engine'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'

/** A new admin: these requests need only an admin's rights. */
const admin = () => UserFactory.apply('admin').create()

/** A customer who may trade: funded, KYC approved (kycTrade is on), on the Silver plan. */
async function silverCustomer() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  return UserFactory.apply('funded', 'kycApproved').merge({ pricingTableId: silver.id }).create()
}

/** Every field of the plan form, as the modal sends them. */
const FULL = {
  name: 'Platinum',
  description: 'For professionals',
  price: '499.99',
  forexLeverage: 300,
  commodityLeverage: 150,
  indexLeverage: 100,
  stockLeverage: 20,
  cryptoLeverage: 10,
  forexStopout: '30',
  commodityStopout: '35.5',
  indexStopout: '40',
  stockStopout: '45',
  cryptoStopout: '50',
}

const ROW_OF_FULL = {
  name: 'Platinum',
  description: 'For professionals',
  price: '499.99',
  forexLeverage: 300,
  commodityLeverage: 150,
  indexLeverage: 100,
  stockLeverage: 20,
  cryptoLeverage: 10,
  forexStopout: '30',
  commodityStopout: '35.5',
  indexStopout: '40',
  stockStopout: '45',
  cryptoStopout: '50',
}

/** The plan's fields as PUT sends them back (the whole form), with changes. */
async function formOf(plan: PricingPlan, changes: Record<string, unknown> = {}) {
  return {
    name: plan.name,
    description: plan.description,
    price: plan.price,
    forexLeverage: plan.forexLeverage,
    commodityLeverage: plan.commodityLeverage,
    indexLeverage: plan.indexLeverage,
    stockLeverage: plan.stockLeverage,
    cryptoLeverage: plan.cryptoLeverage,
    forexStopout: plan.forexStopout,
    commodityStopout: plan.commodityStopout,
    indexStopout: plan.indexStopout,
    stockStopout: plan.stockStopout,
    cryptoStopout: plan.cryptoStopout,
    ...changes,
  }
}

const planCount = async () =>
  Number((await PricingPlan.query().count('* as total'))[0].$extras.total)

test.group('Pricing Plans page and list', (group) => {
  isolate(group)

  test('GET /admin/pricing renders the page in the back-office shell', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/admin/pricing')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/pricing/index')
    assert.notProperty(response.inertiaProps, 'menu')
  })

  test('GET /dashboard/pricing lists plans newest first with the five leverages and stop-outs, paged and searchable', async ({
    client,
    assert,
  }) => {
    const list = await api(client, 'get', '/dashboard/pricing').loginAs(await admin())
    list.assertStatus(200)
    assert.deepEqual(list.body().meta, { total: 3, perPage: 15, currentPage: 1, lastPage: 1 })
    assert.deepEqual(
      list.body().data.map((p: any) => p.name),
      ['Gold', 'Silver', 'Basic']
    )
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    assert.deepEqual(list.body().data[1], {
      id: silver.id,
      name: 'Silver',
      description: 'More leverage and a lower stop-out for active traders.',
      price: '250.00',
      forexLeverage: 200,
      commodityLeverage: 100,
      indexLeverage: 100,
      stockLeverage: 10,
      cryptoLeverage: 10,
      forexStopout: '40',
      commodityStopout: '40',
      indexStopout: '40',
      stockStopout: '40',
      cryptoStopout: '40',
      swapFree: false,
    })

    for (let i = 1; i <= 14; i++) await PricingPlan.create({ name: `Tier ${i}`, price: '0' })
    await PricingPlan.create({ name: '100%_Plan', price: '0' })
    const page2 = await api(client, 'get', '/dashboard/pricing?page=2&limit=15').loginAs(
      await admin()
    )
    assert.equal(page2.body().meta.total, 18)
    assert.lengthOf(page2.body().data, 3)
    const search = await api(client, 'get', '/dashboard/pricing?search=TIER 1').loginAs(
      await admin()
    )
    assert.sameMembers(
      search.body().data.map((p: any) => p.name),
      ['Tier 1', 'Tier 10', 'Tier 11', 'Tier 12', 'Tier 13', 'Tier 14']
    )
    const literal = await api(client, 'get', '/dashboard/pricing?search=%25_').loginAs(
      await admin()
    )
    assert.deepEqual(
      literal.body().data.map((p: any) => p.name),
      ['100%_Plan']
    )
    const bad = await api(client, 'get', '/dashboard/pricing?limit=20&page=0').loginAs(
      await admin()
    )
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).limit, 'Page size must be one of 15, 25, 50')
  })

  test('customers read the same list (the plans they choose from); their plan page still shows the cards', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const list = await api(client, 'get', '/dashboard/pricing').loginAs(customer)
    list.assertStatus(200)
    assert.equal(list.body().meta.total, 3)

    await api(client, 'post', '/admin/pricing', { ...FULL, price: '5' }).loginAs(await admin())
    const page = await client.get('/pricing').loginAs(customer).withInertia()
    page.assertStatus(200)
    assert.include(
      page.inertiaProps.plans.map((p: any) => p.name),
      'Platinum'
    )
  })

  test('only admins manage plans: other roles get 403 on every call, visitors 401 or the login page', async ({
    client,
  }) => {
    const basic = await PricingPlan.findByOrFail('name', 'Basic')
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin/pricing').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'post', '/admin/pricing', FULL).loginAs(user)).assertStatus(403)
      ;(await api(client, 'put', `/admin/pricing/${basic.id}`, FULL).loginAs(user)).assertStatus(
        403
      )
      ;(await api(client, 'delete', `/admin/pricing/${basic.id}`).loginAs(user)).assertStatus(403)
      if (roleId !== 3)
        (await api(client, 'get', '/dashboard/pricing').loginAs(user)).assertStatus(403)
    }
    const visitor = await client.get('/admin/pricing').redirects(0)
    visitor.assertStatus(302)
    visitor.assertHeader('location', '/')
    ;(await api(client, 'get', '/dashboard/pricing')).assertStatus(401)
    ;(await api(client, 'delete', `/admin/pricing/${basic.id}`)).assertStatus(401)
    await PricingPlan.findOrFail(basic.id)
  })
})

test.group('Pricing Plans add, edit, delete', (group) => {
  isolate(group)

  test('adds a plan with every field', async ({ client, assert }) => {
    const as = await admin()
    const response = await api(client, 'post', '/admin/pricing', FULL).loginAs(as)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Plan added successfully')
    assert.containsSubset(response.body().plan, ROW_OF_FULL)
    const row = await PricingPlan.findOrFail(response.body().plan.id)
    assert.equal(row.forexLeverage, 300)
    assert.equal(money(row.commodityStopout!).toFixed(), '35.5')

    const audit = await onlyAuditRow('pricing_plan.create', row.id)
    assert.equal(audit.staff_id, as.id)
    assert.equal(audit.target_type, 'pricing_plan')
    assert.deepEqual(audit.changes.forexLeverage, { before: null, after: 300 })
    assert.deepEqual(audit.changes.price, { before: null, after: '499.99' })
  })

  test('absent leverages and stop-outs become null, the price defaults to 0; numbers may come as JSON numbers', async ({
    client,
    assert,
  }) => {
    const bare = await api(client, 'post', '/admin/pricing', { name: 'Starter' }).loginAs(
      await admin()
    )
    bare.assertStatus(201)
    assert.deepEqual(bare.body().plan, {
      id: bare.body().plan.id,
      name: 'Starter',
      description: null,
      price: '0.00',
      forexLeverage: null,
      commodityLeverage: null,
      indexLeverage: null,
      stockLeverage: null,
      cryptoLeverage: null,
      forexStopout: null,
      commodityStopout: null,
      indexStopout: null,
      stockStopout: null,
      cryptoStopout: null,
      swapFree: false,
    })
    const numbers = await api(client, 'post', '/admin/pricing', {
      name: 'Numeric',
      description: '   ',
      price: 19.9,
      forexLeverage: '50',
      forexStopout: 45.25,
      cryptoLeverage: null,
      stockLeverage: '',
    }).loginAs(await admin())
    numbers.assertStatus(201)
    assert.containsSubset(numbers.body().plan, {
      description: null,
      price: '19.90',
      forexLeverage: 50,
      forexStopout: '45.25',
      cryptoLeverage: null,
      stockLeverage: null,
    })
  })

  test('bad input is refused with a message under the field, and nothing is written', async ({
    client,
    assert,
  }) => {
    const before = await planCount()
    const audits = await auditCount()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: null }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
      [
        { forexLeverage: -100 },
        'forexLeverage',
        'Forex leverage must be a whole number from 1 to 1000',
      ],
      [
        { forexLeverage: '-100' },
        'forexLeverage',
        'Forex leverage must be a whole number from 1 to 1000',
      ],
      [
        { commodityLeverage: 'abc' },
        'commodityLeverage',
        'Commodity leverage must be a whole number from 1 to 1000',
      ],
      [
        { indexLeverage: '0x10' },
        'indexLeverage',
        'Index leverage must be a whole number from 1 to 1000',
      ],
      [
        { stockLeverage: '1e2' },
        'stockLeverage',
        'Stock leverage must be a whole number from 1 to 1000',
      ],
      [
        { cryptoLeverage: 1.5 },
        'cryptoLeverage',
        'Crypto leverage must be a whole number from 1 to 1000',
      ],
      [
        { forexLeverage: 0 },
        'forexLeverage',
        'Forex leverage must be a whole number from 1 to 1000',
      ],
      [
        { forexLeverage: 1001 },
        'forexLeverage',
        'Forex leverage must be a whole number from 1 to 1000',
      ],
      [
        { forexLeverage: [100] },
        'forexLeverage',
        'Forex leverage must be a whole number from 1 to 1000',
      ],
      [
        { forexStopout: '0' },
        'forexStopout',
        'Forex stop-out must be a percentage above 0 and at most 100',
      ],
      [
        { stockStopout: '100.01' },
        'stockStopout',
        'Stock stop-out must be a percentage above 0 and at most 100',
      ],
      [
        { cryptoStopout: '-5' },
        'cryptoStopout',
        'Crypto stop-out must be a percentage above 0 and at most 100',
      ],
      [
        { indexStopout: 'half' },
        'indexStopout',
        'Index stop-out must be a percentage above 0 and at most 100',
      ],
      [
        { commodityStopout: '12.345' },
        'commodityStopout',
        'Commodity stop-out must be a percentage above 0 and at most 100',
      ],
      [{ price: '-1' }, 'price', 'Price must be 0 or more with at most 2 decimals'],
      [{ price: '1.234' }, 'price', 'Price must be 0 or more with at most 2 decimals'],
      [{ price: 'free' }, 'price', 'Price must be 0 or more with at most 2 decimals'],
      [{ price: '1e3' }, 'price', 'Price must be 0 or more with at most 2 decimals'],
      [
        { description: 'x'.repeat(1001) },
        'description',
        'Description must be at most 1000 characters',
      ],
    ]
    for (const [changes, field, message] of cases) {
      const response = await api(client, 'post', '/admin/pricing', { ...FULL, ...changes }).loginAs(
        await admin()
      )
      assert.equal(response.status(), 422, JSON.stringify(changes).slice(0, 80))
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(changes))
    }
    assert.equal(await planCount(), before)
    assert.equal(await auditCount(), audits)
  })

  test('edits a plan; a cleared leverage becomes null', async ({ client, assert }) => {
    const plan = await PricingPlan.findByOrFail('name', 'Gold')
    const response = await api(
      client,
      'put',
      `/admin/pricing/${plan.id}`,
      await formOf(plan, {
        name: 'Gold+',
        price: '1200',
        forexLeverage: 400,
        cryptoLeverage: null,
        cryptoStopout: null,
      })
    ).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Plan updated successfully')
    await plan.refresh()
    assert.equal(plan.name, 'Gold+')
    assert.equal(money(plan.price).toFixed(2), '1200.00')
    assert.equal(plan.forexLeverage, 400)
    assert.isNull(plan.cryptoLeverage)
    assert.isNull(plan.cryptoStopout)
    assert.equal(plan.stockLeverage, 25)

    // The audit row holds what changed, before and after.
    const audit = await onlyAuditRow('pricing_plan.update', plan.id)
    assert.deepEqual(audit.changes, {
      name: { before: 'Gold', after: 'Gold+' },
      price: { before: '1000.00', after: '1200.00' },
      forexLeverage: { before: 500, after: 400 },
      cryptoLeverage: { before: 25, after: null },
      cryptoStopout: { before: '30', after: null },
    })
  })

  test('an edit with bad input changes nothing; unknown or malformed ids are 404', async ({
    client,
    assert,
  }) => {
    const plan = await PricingPlan.findByOrFail('name', 'Gold')
    const refused = await api(
      client,
      'put',
      `/admin/pricing/${plan.id}`,
      await formOf(plan, { forexLeverage: -1, name: 'Changed' })
    ).loginAs(await admin())
    refused.assertStatus(422)
    assert.equal(
      fieldErrors(refused.body()).forexLeverage,
      'Forex leverage must be a whole number from 1 to 1000'
    )
    await plan.refresh()
    assert.equal(plan.name, 'Gold')
    assert.equal(plan.forexLeverage, 500)

    for (const id of ['999999', '2147483648', '0', '-1', '0x10', '1e1', 'abc']) {
      ;(await api(client, 'put', `/admin/pricing/${id}`, FULL).loginAs(await admin())).assertStatus(
        404
      )
      ;(
        await api(client, 'put', `/admin/pricing/${id}`, { forexLeverage: 'bad' }).loginAs(
          await admin()
        )
      ).assertStatus(404)
      ;(await api(client, 'delete', `/admin/pricing/${id}`).loginAs(await admin())).assertStatus(
        404
      )
    }
  })

  test('deletes a plan nobody is subscribed to; a second delete is a 404', async ({
    client,
    assert,
  }) => {
    const created = await PricingPlan.create({ name: 'Temporary', price: '0' })
    const response = await api(client, 'delete', `/admin/pricing/${created.id}`).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Plan deleted successfully')
    assert.isNull(await PricingPlan.find(created.id))
    ;(
      await api(client, 'delete', `/admin/pricing/${created.id}`).loginAs(await admin())
    ).assertStatus(404)
    const audit = await onlyAuditRow('pricing_plan.delete', created.id)
    assert.deepEqual(audit.changes.name, { before: 'Temporary', after: null })
  })

  test('a plan with subscribers cannot be deleted: 409 with their count, nothing changes', async ({
    client,
    assert,
  }) => {
    // A plan of its own: users other tests left behind may sit on the demo plans.
    const plan = await PricingPlan.create({ name: 'Subscribed plan', price: '0' })
    const [first, second] = await UserFactory.createMany(2)
    await User.query().where('id', first.id).update({ pricingTableId: plan.id })
    const audits = await auditCount()
    const one = await api(client, 'delete', `/admin/pricing/${plan.id}`).loginAs(await admin())
    one.assertStatus(409)
    assert.equal(one.body().message, 'This plan cannot be deleted: 1 customer is subscribed to it')

    await User.query().where('id', second.id).update({ pricingTableId: plan.id })
    const two = await api(client, 'delete', `/admin/pricing/${plan.id}`).loginAs(await admin())
    two.assertStatus(409)
    assert.equal(
      two.body().message,
      'This plan cannot be deleted: 2 customers are subscribed to it'
    )
    await PricingPlan.findOrFail(plan.id)
    assert.equal((await User.findOrFail(first.id)).pricingTableId, plan.id)
    assert.equal(await auditCount(), audits)
  })
})

/** A customer on Silver (forex leverage 200, stock leverage 10, stop-outs 40 %) with a 1,000 USD wallet and nothing open. */
async function smallAccount() {
  const customer = await silverCustomer()
  await Balance.query()
    .where('id', customer.activeBalanceId!)
    .update({ balance: '1000', margin: '0' })
  return customer
}

async function place(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await api(client, 'post', '/dashboard/orders', body).loginAs(user)
  if (response.status() !== 201) throw new Error(`order refused: ${response.text()}`)
  return Order.findOrFail(response.body().order.id)
}

test.group('Pricing Plans: a change applies at once', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(async () => {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return () => engine.stop()
  })

  test("a changed leverage sets the next order's margin", async ({ client, assert }) => {
    const customer = await silverCustomer()
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    quote('EUR_USD', '1.08650', '1.08662')
    // 10,000 × 1.08662 ÷ 200 = 54.331 → 54.34 (reserved rounded up)
    const first = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    })
    assert.equal(first.leverage, 200)
    assert.equal(money(first.marginUsed).toFixed(2), '54.34')

    const edit = await api(
      client,
      'put',
      `/admin/pricing/${silver.id}`,
      await formOf(silver, { forexLeverage: 100 })
    ).loginAs(await admin())
    edit.assertStatus(200)
    // 10,000 × 1.08662 ÷ 100 = 108.662 → 108.67
    const second = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    })
    assert.equal(second.leverage, 100)
    assert.equal(money(second.marginUsed).toFixed(2), '108.67')
    // The open position keeps the margin it was opened with.
    assert.equal(money((await first.refresh()).marginUsed).toFixed(2), '54.34')

    // A leverage removed from the plan falls back to the instrument's (EUR_USD: 100).
    await api(
      client,
      'put',
      `/admin/pricing/${silver.id}`,
      await formOf(silver, { forexLeverage: null })
    ).loginAs(await admin())
    const third = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    })
    assert.equal(third.leverage, 100)
  })

  test('a raised stop-out reaches the risk engine at once: a position now below it is stopped out with no new tick', async ({
    client,
    assert,
  }) => {
    const customer = await smallAccount()
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    quote('AAPL', '100.00', '100.00')
    const position = await place(client, customer, {
      type: 'buy',
      instrument: 'AAPL',
      amount: '40',
    }) // margin 400
    quote('AAPL', '84.00', '84.00') // equity 1,000 − 640 = 360: level 90 % (stop-out 40 %, margin call below 80 %)
    await engine.idle()
    assert.isNull((await position.refresh()).closeTime)

    // Another kind's stop-out does not touch it.
    await api(
      client,
      'put',
      `/admin/pricing/${silver.id}`,
      await formOf(silver, { forexStopout: '95' })
    ).loginAs(await admin())
    await engine.idle()
    assert.isNull((await position.refresh()).closeTime)

    const edit = await api(
      client,
      'put',
      `/admin/pricing/${silver.id}`,
      await formOf(silver, { stockStopout: '95' })
    ).loginAs(await admin())
    edit.assertStatus(200)
    await engine.idle()
    await position.refresh()
    assert.isNotNull(position.closeTime)
    assert.equal(position.closeReason, 'stop_out')
    assert.equal(money(position.proLoss!).toFixed(2), '-640.00')
  })

  test('a customer switching to a plan with a higher stop-out is judged by it at once', async ({
    client,
    assert,
  }) => {
    const customer = await smallAccount()
    const strict = await PricingPlan.create({
      name: 'Strict',
      price: '0',
      stockLeverage: 10,
      stockStopout: '95',
    })
    quote('AAPL', '100.00', '100.00')
    const position = await place(client, customer, {
      type: 'buy',
      instrument: 'AAPL',
      amount: '40',
    })
    quote('AAPL', '84.00', '84.00') // level 90 %: above Silver's 40 %
    await engine.idle()
    assert.isNull((await position.refresh()).closeTime)

    const subscribed = await api(
      client,
      'post',
      `/dashboard/pricing/subscribe/${strict.id}`
    ).loginAs(customer)
    subscribed.assertStatus(200)
    await engine.idle()
    await position.refresh()
    assert.equal(position.closeReason, 'stop_out')
  })
})
