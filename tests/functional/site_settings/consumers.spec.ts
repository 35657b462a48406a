import { test } from '@japa/runner'
import User from '#models/user'
import Balance from '#models/balance'
import changeBus, { type ChangeNews } from '#services/change_bus'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { signupPayload } from '#tests/helpers/signup'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { postSiteSettings } from '#tests/helpers/site_settings'

/*
| Every change takes effect at once (issue 12 item 5): each consumer of a site
| setting reads it through the settings cache (parseSiteSettings), which a
| save drops in every process. Each test first reads the old value (so the
| cache holds it), saves, and sees the new value on the very next request.
*/

test.group('Site Settings take effect at once', (group) => {
  isolate(group)
  openMarkets(group)

  test('branding props on the next page: name, URL, currency, demo balance, theme, whatsapp, stop-loss mode, pricing plan', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const before = (await client.get('/dashboard').loginAs(customer).withInertia()).body().props
    assert.containsSubset(before.branding, { appName: 'Broker', theme: 'dark' })

    const heard: ChangeNews[] = []
    const stop = changeBus.on('settings', (news) => heard.push(news))
    ;(
      await postSiteSettings(client, admin, {
        appName: 'Orion Markets',
        appUrl: 'https://orion.example.com',
        appCurrency: 'CHF,USD',
        demoBalance: '500.25',
        theme: 'false',
        whatsapp: '+41 44 668 18 00',
        stopLossSelector: 'pips',
        pricingPlan: 'false',
      })
    ).assertStatus(200)
    stop()
    // The save told every process (through Redis when there are several) to drop its copy.
    assert.lengthOf(heard, 1)

    const after = await client.get('/dashboard').loginAs(customer).withInertia()
    assert.containsSubset(after.body().props.branding, {
      appName: 'Orion Markets',
      appUrl: 'https://orion.example.com',
      appCurrency: 'CHF',
      appCurrencies: ['CHF', 'USD'],
      demoBalance: '500.25',
      theme: 'light',
      whatsapp: '+41 44 668 18 00',
      stopLossSelector: 'pips',
      pricingPlan: 'off',
    })
    // The pricing page goes with the switch.
    ;(await client.get('/pricing').loginAs(customer).withInertia()).assertStatus(404)
  })

  test('captcha: switched on with both keys, login wants an answer; switched off, it does not', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const login = () =>
      api(client, 'post', '/auth/login', { email: customer.email, password: FACTORY_PASSWORD })
    ;(await login()).assertStatus(200)

    await postSiteSettings(client, admin, {
      recaptchaToggle: 'true',
      captchaClientKey: 'site-key-abc',
      captchaSecretKey: 'secret-key-xyz',
    })
    const page = await client.get('/login').withInertia()
    assert.deepEqual(page.body().props.branding.recaptcha, { status: 'on', key: 'site-key-abc' })
    const refused = await login()
    refused.assertStatus(422)
    assert.equal(fieldErrors(refused.body()).humanKey, 'Please confirm you are not a robot')

    await postSiteSettings(client, admin, { recaptchaToggle: 'false' })
    assert.deepEqual((await client.get('/login').withInertia()).body().props.branding.recaptcha, {
      status: 'off',
      key: null,
    })
    ;(await login()).assertStatus(200)
  })

  test('KYC gates: trading, deposits and withdrawals follow their switches on the next request', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.apply('funded').create()
    quote('AAPL', '189.820', '189.860')
    const order = () =>
      api(client, 'post', '/dashboard/orders', {
        type: 'buy',
        instrument: 'AAPL',
        amount: '1',
      }).loginAs(newcomer)
    const deposit = async () =>
      api(client, 'post', '/deposits', {
        balance_id: (await realWalletOf(newcomer)).id,
        gateway: 'bank',
        amount: '10',
      }).loginAs(newcomer)

    const refused = await order()
    refused.assertStatus(403)
    assert.equal(refused.body().message, 'Please verify KYC to enable trading')
    ;(await deposit()).assertStatus(403)

    await postSiteSettings(client, admin, {
      kycTrade: 'false',
      kycDeposit: 'false',
      kycWithdraw: 'false',
    })
    ;(await order()).assertStatus(201)
    ;(await deposit()).assertStatus(201)
    const withdraws = await client.get('/withdraws').loginAs(newcomer).withInertia()
    assert.isFalse(withdraws.body().props.kycRequired)

    await postSiteSettings(client, admin, { kycTrade: 'true' })
    ;(await order()).assertStatus(403)
  })

  test('registration: the demo balance, e-mail verification and the offered currencies as just saved', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await postSiteSettings(client, admin, {
      demoBalance: '777.77',
      emailVerify: 'false',
      appCurrency: 'CHF,USD',
    })
    const refused = await api(client, 'post', '/auth/signup', signupPayload({ currency: 'EUR' }))
    refused.assertStatus(422)
    assert.property(fieldErrors(refused.body()), 'currency')

    const created = await api(client, 'post', '/auth/signup', signupPayload({ currency: 'CHF' }))
    created.assertStatus(201)
    assert.isFalse(created.body().emailVerify)
    const user = await User.findByOrFail('email', signupPayload().email)
    assert.isTrue(user.isEmailVerified)
    const demo = await Balance.query().where('user_id', user.id).where('mode', 'demo').firstOrFail()
    assert.equal(money(demo.balance).toFixed(2), '777.77')

    await postSiteSettings(client, admin, { emailVerify: 'true', appCurrency: 'CHF,USD' })
    const second = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ email: 'second.tester@example.com', currency: 'CHF' })
    )
    second.assertStatus(201)
    assert.isTrue(second.body().emailVerify)
    assert.isFalse((await User.findByOrFail('email', 'second.tester@example.com')).isEmailVerified)
  })
})
