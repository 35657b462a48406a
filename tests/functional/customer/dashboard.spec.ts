import { test } from '@japa/runner'
import Balance from '#models/balance'
import KycDocument from '#models/kyc_document'
import PricingPlan from '#models/pricing_plan'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { DEMO, demoUser, walletsOf } from '#tests/helpers/users'
import { openPosition } from '#tests/helpers/positions'
import { UserFactory } from '#database/factories/user_factory'

test.group('GET /dashboard', (group) => {
  isolate(group)

  test('renders the dashboard; a KYC-approved customer has isKyc true', async ({ client }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const response = await client.get('/dashboard').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/dashboard')
    response.assertInertiaPropsContains({ isKyc: true })
  })

  test('a customer without approved KYC has isKyc false', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const response = await client.get('/dashboard').loginAs(newcomer).withInertia()
    response.assertInertiaPropsContains({ isKyc: false })

    await KycDocument.create({ userId: newcomer.id, type: 'passport', status: 'pending' })
    const pending = await client.get('/dashboard').loginAs(newcomer).withInertia()
    pending.assertInertiaPropsContains({ isKyc: false })
  })

  test('the latest KYC submission decides: a decline after an approval is not verified', async ({
    client,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    await KycDocument.create({
      userId: customer.id,
      type: 'passport',
      status: 'declined',
      declineReason: 'Blurry',
    })
    const response = await client.get('/dashboard').loginAs(customer).withInertia()
    response.assertInertiaPropsContains({ isKyc: false })
  })

  test('branding props carry the site settings (customer spec §1)', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await client.get('/dashboard').loginAs(customer).withInertia()
    const { branding } = response.inertiaProps
    assert.equal(branding.appName, 'Broker')
    assert.equal(branding.theme, 'dark')
    assert.deepEqual(branding.appCurrencies, ['USD', 'EUR', 'GBP'])
    assert.equal(branding.pricingPlan, 'on')
    assert.equal(branding.stopLossSelector, 'amount')
    assert.equal(branding.whatsapp, '+15550100200')
    assert.deepEqual(branding.recaptcha, { status: 'off', key: null })
    assert.equal(branding.emailVerify, 'on')
    assert.isString(branding.appLogo)
    assert.deepEqual(branding.appLangs, [
      { name: 'English', code: 'en' },
      { name: 'Español', code: 'es' },
    ])
  })

  test('branding follows setting changes', async ({ client, assert }) => {
    await settings.put('theme', { value1: 'light' })
    await settings.put('pricingPlan', { value1: 'off' })
    await settings.put('appName', { value1: 'Acme FX' })
    await settings.put('whatsapp', { value1: '' })
    const customer = await UserFactory.create()
    const { branding } = (await client.get('/dashboard').loginAs(customer).withInertia())
      .inertiaProps
    assert.equal(branding.theme, 'light')
    assert.equal(branding.pricingPlan, 'off')
    assert.equal(branding.appName, 'Acme FX')
    assert.isNull(branding.whatsapp)
  })

  test('session props: user, wallets, the active wallet and its figures', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const response = await client.get('/dashboard').loginAs(customer).withInertia()
    const { session } = response.inertiaProps

    assert.deepEqual(session.user, {
      id: customer.id,
      fullName: 'Carla Customer',
      email: DEMO.customer,
      maskedEmail: 'cu****er@demo.test',
      roleId: 3,
    })
    const wallets = await walletsOf(customer)
    const real = wallets.find((w) => w.mode === 'real')!
    const demo = wallets.find((w) => w.mode === 'demo')!
    assert.sameDeepMembers(session.wallets, [
      {
        id: real.id,
        mode: 'real',
        currency: 'USD',
        balance: '25000.00',
        margin: '0.00',
        onHold: '0.00',
      },
      {
        id: demo.id,
        mode: 'demo',
        currency: 'USD',
        balance: '10000.00',
        margin: '0.00',
        onHold: '0.00',
      },
    ])
    assert.equal(session.activeBalance.id, real.id)
    assert.deepEqual(session.account, {
      balance: '25000.00',
      profitLoss: '0.000',
      equity: '25000.000',
      usedMargin: '0.00',
      freeMargin: '25000.00',
      marginLevel: null,
    })
    assert.isFalse(session.needsPlan)
    assert.deepEqual(session.plans, [])
    assert.isNull(session.roleHome)
    assert.isFalse(session.impersonating)
    assert.isFalse(session.agentSession)
    assert.notProperty(session.user, 'password')
  })

  test('a customer without a plan is asked to choose one and receives the plans', async ({
    client,
    assert,
  }) => {
    const newcomer = await demoUser(DEMO.newcomer)
    const { session } = (await client.get('/dashboard').loginAs(newcomer).withInertia())
      .inertiaProps
    assert.isTrue(session.needsPlan)
    assert.isNull(session.pricingTableId)
    const plans = await PricingPlan.query().orderBy('price', 'asc')
    assert.deepEqual(
      session.plans.map((p: { name: string; price: string }) => [p.name, p.price]),
      plans.map((p) => [p.name, Number(p.price).toFixed(2)])
    )
    assert.containsSubset(session.plans[1], {
      name: 'Silver',
      price: '250.00',
      forexLeverage: 200,
      forexStopout: '40',
    })
    assert.equal(session.activeBalance.mode, 'demo')
    assert.equal(session.account.balance, '10000.00')
  })

  test('staff get their role button and no plan prompt, wallets or figures', async ({
    client,
    assert,
  }) => {
    const expectations = [
      ['admin', '/admin', 'Admin'],
      ['manager', '/admin/trades/all', 'Manager'],
      ['affiliate', '/affiliate', 'Affiliate'],
      ['agent', '/admin/crm/sales/all', 'Agent'],
      ['retention', '/admin/crm/retention', 'Agent'],
    ] as const
    for (const [role, href, label] of expectations) {
      const staff = await UserFactory.apply(role).create()
      // Staff hold no trading wallets (sign-up makes them for customers only).
      staff.activeBalanceId = null
      await staff.save()
      await Balance.query().where('user_id', staff.id).delete()
      const { session } = (await client.get('/dashboard').loginAs(staff).withInertia()).inertiaProps
      assert.deepEqual(session.roleHome, { href, label }, role)
      assert.isFalse(session.needsPlan)
      assert.deepEqual(session.wallets, [])
      assert.isNull(session.activeBalance)
      assert.isNull(session.account)
    }
  })

  test('a visitor is sent to the login page; a JSON caller gets 401', async ({ client }) => {
    const page = await client.get('/dashboard').redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/')
    const inertia = await client.get('/dashboard').withInertia().redirects(0)
    inertia.assertStatus(302)
    inertia.assertHeader('location', '/')
    const json = await api(client, 'get', '/dashboard')
    json.assertStatus(401)
  })

  test('a disabled account is signed out on its next request', async ({ client }) => {
    const customer = await UserFactory.create()
    customer.isActive = false
    await customer.save()
    const page = await client.get('/dashboard').loginAs(customer).redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/')
    page.assertSessionMissing('auth_web')
    const json = await api(client, 'get', '/auth/user').loginAs(customer)
    json.assertStatus(401)
  })
})

test.group('GET /auth/user', (group) => {
  isolate(group)

  test('returns the same session view the pages receive', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const json = await api(client, 'get', '/auth/user').loginAs(customer)
    json.assertStatus(200)
    const page = await client.get('/dashboard').loginAs(customer).withInertia()
    assert.deepEqual(json.body(), page.inertiaProps.session)
  })
})

test.group('Dashboard instruments and market status', (group) => {
  isolate(group)

  test('carries every instrument with its prices and the market status', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client.get('/dashboard').loginAs(user).withInertia()
    response.assertStatus(200)
    const props = response.body().props
    const names = props.instruments.map((i: { name: string }) => i.name)
    for (const name of [
      'USD_CNH',
      'USD_JPY',
      'EUR_USD',
      'XAU_USD',
      'SPX500_USD',
      'AAPL',
      'BTC_USD',
    ]) {
      assert.include(names, name)
    }
    const eur = props.instruments.find((i: { name: string }) => i.name === 'EUR_USD')
    assert.containsSubset(eur, { base: 'EUR', quote: 'USD', category: 'forex', tradable: true })
    assert.match(eur.bids, /^\d+\.\d+$/)
    assert.sameMembers(Object.keys(props.marketStatus), [
      'forex',
      'stock',
      'crypto',
      'closedVenues',
    ])
    assert.isTrue(props.marketStatus.crypto)
  })

  test("carries the spreads, the plan stop-outs and each instrument's effective leverage", async ({
    client,
    assert,
  }) => {
    const silverPlan = await PricingPlan.findByOrFail('name', 'Silver')
    const silver = await UserFactory.merge({ pricingTableId: silverPlan.id }).create()
    const props = (await client.get('/dashboard').loginAs(silver).withInertia()).body().props
    assert.deepEqual(props.spreads, { forex: 1, commodity: 1, index: 1, stock: 1, crypto: 1 })
    assert.equal(props.stopOuts.forex, '40')
    // Silver: forex 200 from the plan
    assert.equal(
      props.instruments.find((i: { name: string }) => i.name === 'EUR_USD').leverage,
      200
    )

    const noPlan = await UserFactory.create()
    const fallback = (await client.get('/dashboard').loginAs(noPlan).withInertia()).body().props
    assert.equal(fallback.stopOuts.stock, '50')
    // No plan: the instrument's own leverage (AAPL 5)
    assert.equal(fallback.instruments.find((i: { name: string }) => i.name === 'AAPL').leverage, 5)
  })
})

test.group('Session figures with an open position', (group) => {
  isolate(group)

  test('figures use the §9 formulas and the positions travel to the browser', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    // XAU_USD seeded at bid 2385.23 / ask 2385.58 (2 decimals). A buy of 10 opens at the ask,
    // and a buy's current rate is the ask too (spec §4): P/L 0, spread 0.
    await openPosition(customer, { instrument: 'XAU_USD', type: 'buy', amount: '10' })
    const response = await client
      .get('/auth/user')
      .loginAs(customer)
      .header('Accept', 'application/json')
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.openPositions, [
      {
        instrument: 'XAU_USD',
        type: 'buy',
        tradeAmount: '10',
        openRate: '2385.58',
        spread: '0',
        exchangeRate: '1',
        currentRate: '2385.58',
      },
    ])
    // margin = 2385.58 × 10 / 50 = 477.116 → 477.12
    assert.deepEqual(body.account, {
      balance: '25000.00',
      profitLoss: '0.000',
      equity: '25000.000',
      usedMargin: '477.12',
      freeMargin: '24522.88',
      marginLevel: '5239.77',
    })
  })
})
