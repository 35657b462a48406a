import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import Withdrawal from '#models/withdrawal'
import { UserFactory } from '#database/factories/user_factory'
import type { Category } from '#domain/instruments'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { closeAsCustomer, placeTrade } from '#tests/helpers/trades'
import { withSetting } from '#tests/helpers/database'
import { rollupDrift } from '#tests/helpers/dashboard'
import { userOfRole } from '#tests/helpers/users'
import { pendingDeposit } from '#tests/helpers/deposits'
import { pendingWithdrawal } from '#tests/helpers/withdrawals'

/*
| The range every figure below is asked for: March 2001, long before anything
| the demo data holds, so the sums are exactly the rows written here.
*/
const RANGE = '?from=2001-03-01&to=2001-03-31'
const IN = '2001-03-10T12:00:00Z'
const FIRST_INSTANT = '2001-03-01T00:00:00Z'
const LAST_INSTANT = '2001-03-31T23:59:59Z'
const BEFORE = '2001-02-28T23:59:59Z'
const AFTER = '2001-04-01T00:00:00Z'

const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
/** The acting admin: staff, so no customer figure counts it. */
const admin = () => UserFactory.apply('admin').create()

/** A customer registered at `registered` with the factory's demo and real USD wallets. */
async function customer(registered = IN) {
  const user = await UserFactory.merge({ createdAt: at(registered) }).create()
  const wallets = await Balance.query().where('user_id', user.id)
  return {
    user,
    real: wallets.find((w) => w.mode === 'real')!,
    demo: wallets.find((w) => w.mode === 'demo')!,
  }
}

/** Another real wallet of the user in `currency`. */
function wallet(user: User, currency: string) {
  return Balance.create({
    userId: user.id,
    mode: 'real',
    currency,
    balance: '0',
    margin: '0',
    onHold: '0',
    version: 0,
  })
}

/** A deposit or withdrawal written as its decision leaves it. */
async function payment(
  model: typeof Deposit | typeof Withdrawal,
  balance: Balance,
  amount: string,
  status: 'approved' | 'pending' | 'declined' = 'approved',
  decidedAt = IN
) {
  const common = {
    userId: balance.userId,
    balanceId: balance.id,
    gateway: 'bank',
    amount,
    fee: '0',
    total: amount,
    description: 'Dashboard test',
    status,
    balanceAfter: null,
    decidedById: null,
    decidedAt: status === 'pending' ? null : at(decidedAt),
    createdAt: at(decidedAt).minus({ hours: 1 }),
  }
  if (model === Deposit) {
    return Deposit.create({
      ...common,
      txRef: randomUUID(),
      providerReference: null,
      paymentLink: null,
      proofPath: null,
    })
  }
  return Withdrawal.create({ ...common, declineReason: null })
}

/** A trade on `balance`: opened at `opened`, closed at `closed` with `proLoss` (open when no close). */
function trade(
  balance: Balance,
  input: {
    kind?: Category
    opened?: string
    closed?: string | null
    proLoss?: string
    deleted?: boolean
  } = {}
) {
  const closed = input.closed === undefined ? IN : input.closed
  return Order.create({
    userId: balance.userId,
    balanceId: balance.id,
    instrumentId: null,
    instrument: 'EUR_USD',
    baseSymbol: 'EUR',
    quoteSymbol: 'USD',
    kind: input.kind ?? 'forex',
    type: 'buy',
    tradeAmount: '1000',
    openRate: '1.0845',
    closeRate: closed ? '1.0850' : null,
    closeTime: closed ? at(closed) : null,
    spread: '0',
    exchangeRate: '1',
    marginUsed: closed ? '0' : '10.85',
    leverage: 100,
    proLoss: closed ? (input.proLoss ?? '0') : null,
    closeReason: closed ? 'manual' : null,
    createdAt: at(input.opened ?? IN),
    deletedAt: input.deleted ? at(IN) : null,
  })
}

/**
 * The known book: two customers in March 2001 (one more registered after it,
 * one staff member), USD, EUR and SEK real wallets and a demo one. EUR_USD is
 * quoted at a mid of 1.25 (100 USD = 80 EUR); SEK has no rate.
 */
async function knownBook() {
  quote('EUR_USD', '1.2499', '1.2501')
  const a = await customer()
  const b = await customer(LAST_INSTANT)
  await customer(AFTER)
  await UserFactory.apply('admin')
    .merge({ createdAt: at(IN) })
    .create()
  const eur = await wallet(b.user, 'EUR')
  const sek = await wallet(b.user, 'SEK')

  // Deposits in range: 100 + 80 EUR (100 USD) + 1.11 and 2.22 on the range's first and last instants.
  await payment(Deposit, a.real, '100.00')
  await payment(Deposit, eur, '80.00')
  await payment(Deposit, a.real, '1.11', 'approved', FIRST_INSTANT)
  await payment(Deposit, a.real, '2.22', 'approved', LAST_INSTANT)
  // Not in the range's figures: outside it, not approved, demo money; SEK cannot be converted.
  await payment(Deposit, a.real, '5000.00', 'approved', BEFORE)
  await payment(Deposit, a.real, '7000.00', 'approved', AFTER)
  await payment(Deposit, a.real, '50.00', 'pending')
  await payment(Deposit, a.real, '70.00', 'declined')
  await payment(Deposit, a.demo, '1000.00')
  await payment(Deposit, sek, '500.00')

  // Withdrawals in range: 40 + 8 EUR (10 USD).
  await payment(Withdrawal, a.real, '40.00')
  await payment(Withdrawal, eur, '8.00')
  await payment(Withdrawal, a.real, '30.00', 'pending')
  await payment(Withdrawal, a.real, '20.00', 'declined')

  // Trades opened in range: forex +15.50, crypto -5.25, an open stock position, EUR forex -8 (-10 USD),
  // commodity closed after the range (+4, its P/L falls outside).
  await trade(a.real, { proLoss: '15.50' })
  await trade(a.real, { kind: 'crypto', proLoss: '-5.25' })
  await trade(a.real, { kind: 'stock', closed: null })
  await trade(eur, { proLoss: '-8.00' })
  await trade(a.real, { kind: 'commodity', closed: AFTER, proLoss: '4.00' })
  // Opened before the range, closed in it: its P/L (+3) counts, the trade does not.
  await trade(a.real, { kind: 'index', opened: BEFORE, proLoss: '3.00' })
  // Demo and deleted trades count nowhere (the demo one is reported apart).
  await trade(a.demo, { proLoss: '100.00' })
  await trade(a.real, { proLoss: '999.00', deleted: true })
  return { a, b, eur, sek }
}

/** Every test starts without payments or trades (rolled back afterwards). */
function emptyBook(group: Parameters<typeof isolate>[0]) {
  group.each.setup(async () => {
    await Order.query().delete()
    await Deposit.query().delete()
    await Withdrawal.query().delete()
  })
}

test.group('Dashboard: GET /admin and GET /admin/dashboard access', (group) => {
  isolate(group)

  test('the page renders in the back-office shell for an admin', async ({ client, assert }) => {
    const response = await client
      .get('/admin')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/dashboard/index')
    assert.notProperty(response.inertiaProps, 'menu')
  })

  test('role 1 only (admin spec §2 menu): other roles 403, visitors 401 or the login redirect', async ({
    client,
  }) => {
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'get', '/admin/dashboard').loginAs(user)).assertStatus(403)
    }
    ;(await api(client, 'get', '/admin/dashboard')).assertStatus(401)
    const visitor = await client.get('/admin').redirects(0)
    visitor.assertStatus(302)
    visitor.assertHeader('location', '/')
  })
})

test.group('Dashboard: the range', (group) => {
  isolate(group)

  for (const [query, field, message] of [
    ['?from=2025-13-01', 'from', 'From must be a date (YYYY-MM-DD)'],
    ['?from=2025-02-30', 'from', 'From must be a date (YYYY-MM-DD)'],
    ['?from=01/03/2025', 'from', 'From must be a date (YYYY-MM-DD)'],
    ['?from[]=2025-01-01', 'from', 'From must be a date (YYYY-MM-DD)'],
    ['?to=yesterday', 'to', 'To must be a date (YYYY-MM-DD)'],
    [`?to=${'9'.repeat(300)}`, 'to', 'To must be a date (YYYY-MM-DD)'],
    ['?from=2025-03-02&to=2025-03-01', 'to', 'To must be on or after From'],
  ] as const) {
    test(`${query.slice(0, 40)} is refused with 422 under '${field}'`, async ({
      client,
      assert,
    }) => {
      const response = await api(client, 'get', `/admin/dashboard${query}`).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message)
    })
  }

  test('either end may be open, an empty one included; one day is a range', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    for (const query of [
      '',
      '?from=',
      '?from=&to=',
      '?from=2001-03-01',
      '?to=2001-03-31',
      '?from=2001-03-10&to=2001-03-10',
    ]) {
      const response = await api(client, 'get', `/admin/dashboard${query}`).loginAs(as)
      response.assertStatus(200)
      assert.properties(response.body(), [
        'totalDeposits',
        'totalWithdraws',
        'totalTrades',
        'totalUsers',
        'totalProLoss',
      ])
    }
    const echoed = await api(client, 'get', '/admin/dashboard?from=2001-03-10&to=').loginAs(as)
    assert.deepEqual(echoed.body().range, { from: '2001-03-10', to: null })
  })
})

test.group('Dashboard: figures (admin spec §3 Dashboard data)', (group) => {
  isolate(group)
  emptyBook(group)

  test('a range counts exactly its approved money, live real trades and customers, converted to the site currency', async ({
    client,
    assert,
  }) => {
    await knownBook()
    const response = await api(client, 'get', `/admin/dashboard${RANGE}`).loginAs(await admin())
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      currency: 'USD',
      range: { from: '2001-03-01', to: '2001-03-31' },
      totalDeposits: '203.33',
      totalWithdraws: '50.00',
      totalTrades: 5,
      totalUsers: 2,
      totalProLoss: '3.25',
      demoTrades: 1,
      tradeEngagement: {
        categories: ['FOREX', 'COMMODITIES', 'INDICES', 'STOCK', 'CRYPTO'],
        data: [2, 1, 0, 1, 1],
      },
      unconverted: ['SEK'],
    })
  })

  test('all time adds what lies outside the range; customers are every role-3 account', async ({
    client,
    assert,
  }) => {
    await knownBook()
    const response = await api(client, 'get', '/admin/dashboard').loginAs(await admin())
    const customers = await db.from('users').where('role_id', 3).count('* as n')
    assert.containsSubset(response.body(), {
      range: { from: null, to: null },
      totalDeposits: '12203.33',
      totalWithdraws: '50.00',
      totalTrades: 6,
      totalUsers: Number(customers[0].n),
      totalProLoss: '7.25',
      demoTrades: 1,
      tradeEngagement: { data: [2, 1, 1, 1, 1] },
    })
  })

  test('in another site currency the same book reads converted the other way', async ({
    client,
    assert,
  }) => {
    await knownBook()
    const restore = await withSetting('appCurrency', 'EUR,USD')
    try {
      const response = await api(client, 'get', `/admin/dashboard${RANGE}`).loginAs(await admin())
      // USD 103.33 = EUR 82.664; plus EUR 80 → 162.66. Withdrawals 40 USD = 32 EUR, + 8. P/L 13.25 USD = 10.60 EUR, - 8.
      assert.containsSubset(response.body(), {
        currency: 'EUR',
        totalDeposits: '162.66',
        totalWithdraws: '40.00',
        totalProLoss: '2.60',
      })
    } finally {
      await restore()
    }
  })

  test('a trade deleted by staff (deleted_at set) leaves the figures; one restored returns', async ({
    client,
    assert,
  }) => {
    await knownBook()
    const as = await admin()
    const crypto = await Order.query().where('kind', 'crypto').firstOrFail()
    crypto.deletedAt = DateTime.now()
    await crypto.save()
    const after = await api(client, 'get', `/admin/dashboard${RANGE}`).loginAs(as)
    assert.containsSubset(after.body(), {
      totalTrades: 4,
      totalProLoss: '8.50',
      tradeEngagement: { data: [2, 1, 0, 1, 0] },
    })
    crypto.deletedAt = null
    await crypto.save()
    const restored = await api(client, 'get', `/admin/dashboard${RANGE}`).loginAs(as)
    assert.containsSubset(restored.body(), { totalTrades: 5, totalProLoss: '3.25' })
  })

  test('Recent Transactions: the last 7 UTC days of approved deposits and withdrawals, approvals included at once', async ({
    client,
    assert,
  }) => {
    const { a } = await knownBook()
    const as = await admin()
    // A customer who may withdraw 5: funded (25,000.00) and KYC approved.
    const withdrawer = await UserFactory.apply('funded', 'kycApproved').create()
    const today = DateTime.utc().startOf('day')
    await payment(Deposit, a.real, '12.34', 'approved', today.minus({ days: 6 }).toISO()!)
    await payment(
      Deposit,
      a.real,
      '99.99',
      'approved',
      today.minus({ days: 7 }).plus({ hours: 23 }).toISO()!
    )
    await payment(Withdrawal, a.real, '7.50', 'approved', today.minus({ days: 1 }).toISO()!)
    // Approved now through the staff call: it is on today's bar straight away.
    const pending = await pendingDeposit(a.user, 'bank', '25.00')
    ;(await api(client, 'post', `/admin/deposits/${pending.id}/approve`).loginAs(as)).assertStatus(
      200
    )
    const withdrawal = await pendingWithdrawal(withdrawer, '5')
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(as)
    ).assertStatus(200)

    const response = await api(client, 'get', `/admin/dashboard${RANGE}`).loginAs(as)
    const days = Array.from({ length: 7 }, (_, i) =>
      today.minus({ days: 6 - i }).toFormat('dd/MM/yyyy')
    )
    assert.deepEqual(response.body().last7DaysTransactions, {
      categories: days,
      series: [
        { name: 'Deposits', data: ['12.34', '0.00', '0.00', '0.00', '0.00', '0.00', '25.00'] },
        { name: 'Withdraws', data: ['0.00', '0.00', '0.00', '0.00', '0.00', '7.50', '5.00'] },
      ],
    })
  })

  test('the rollup the triggers keep equals the one computed from the rows, after edits, deletes and removals', async ({
    assert,
  }) => {
    const { a, b, eur } = await knownBook()
    assert.deepEqual(await rollupDrift(), [])
    // An order closes, another moves to another day, one is deleted outright, one changes wallet.
    const open = await Order.query().whereNull('close_time').firstOrFail()
    open.merge({ closeTime: at(IN), closeRate: '1.09', proLoss: '6.66', marginUsed: '0' })
    await open.save()
    const moved = await Order.query().where('kind', 'crypto').firstOrFail()
    moved.createdAt = at(AFTER)
    await moved.save()
    await (await Order.query().where('kind', 'index').firstOrFail()).delete()
    await Order.query().where('kind', 'commodity').update({ balance_id: eur.id })
    // Payments change status and amount; a customer changes role; a wallet and a whole customer go.
    await Deposit.query()
      .where('status', 'pending')
      .update({ status: 'approved', decided_at: at(IN).toSQL({ includeOffset: false }) })
    await Withdrawal.query()
      .where('status', 'approved')
      .where('balance_id', a.real.id)
      .update({ amount: '41.00' })
    await User.query().where('id', b.user.id).update({ role_id: 5 })
    await User.query().where('id', b.user.id).update({ role_id: 3 })
    await eur.delete()
    assert.deepEqual(await rollupDrift(), [])
    await a.user.delete()
    assert.deepEqual(await rollupDrift(), [])
    // The comparison is not vacuous: a rollup row written by hand shows.
    await db.table('dashboard_daily').insert({
      day: '2001-03-10',
      metric: 'users',
      mode: '',
      currency: '',
      kind: 'x',
      count: 1,
      amount: 0,
    })
    assert.lengthOf(await rollupDrift(), 1)
  })
})

test.group('Dashboard: the customer and staff trade calls move it at once', (group) => {
  isolate(group)
  emptyBook(group)
  openMarkets(group)
  group.each.setup(() => withSetting('kycTrade', 'off'))

  test('placing, closing, correcting and deleting a trade through the app', async ({
    client,
    assert,
  }) => {
    // Funded, on the Silver plan (forex leverage 200), as a customer trading EUR_USD.
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const trader = await UserFactory.apply('funded').merge({ pricingTableId: silver.id }).create()
    const as = await admin()
    const today = DateTime.utc().toISODate()!
    const figures = async () =>
      (await api(client, 'get', `/admin/dashboard?from=${today}&to=${today}`).loginAs(as)).body()

    // A buy of 10,000 EUR_USD at the ask 1.08662 (spread cost 1.20).
    const order = await placeTrade(client, trader, { bid: '1.08650', ask: '1.08662' })
    assert.containsSubset(await figures(), {
      totalTrades: 1,
      totalProLoss: '0.00',
      tradeEngagement: { data: [1, 0, 0, 0, 0] },
    })
    // Closed by the customer at the ask 1.08762: 10,000 × 0.001 − 1.20 = 8.80.
    await closeAsCustomer(client, trader, order, '1.08750', '1.08762')
    assert.containsSubset(await figures(), { totalTrades: 1, totalProLoss: '8.80' })
    // Corrected by staff to close at 1.08862: 18.80.
    ;(
      await api(client, 'put', `/admin/trades/${order.id}`, { closeRate: '1.08862' }).loginAs(as)
    ).assertStatus(200)
    assert.containsSubset(await figures(), { totalProLoss: '18.80' })
    // Deleted by staff: gone from every figure (its row stays, deleted_at set).
    ;(await api(client, 'delete', `/admin/trades/${order.id}`).loginAs(as)).assertStatus(200)
    assert.containsSubset(await figures(), {
      totalTrades: 0,
      totalProLoss: '0.00',
      tradeEngagement: { data: [0, 0, 0, 0, 0] },
    })
    assert.isNotNull((await Order.findOrFail(order.id)).deletedAt)
    assert.deepEqual(await rollupDrift(), [])
  })
})
