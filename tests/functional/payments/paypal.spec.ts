import { test } from '@japa/runner'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import type User from '#models/user'
import { startDeposit } from '#actions/deposits/start_deposit'
import { overrideProviderBase } from '#services/payments/endpoints'
import { money } from '#domain/money'
import { PaypalFake } from '#tests/fakes/paypal_fake'
import { sleep } from '#tests/fakes/net'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import {
  PAYPAL_KEYS,
  configurePaypal,
  depositEntries,
  postPaypalWebhook,
  withPaypalFake,
} from '#tests/helpers/paypal'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { UserFactory } from '#database/factories/user_factory'

/* Concurrent captures and webhook deliveries: tests/functional/money/paypal_concurrency.spec.ts. */

/** A customer who may deposit: KYC approved (kycDeposit is on). */

async function walletBalance(user: User) {
  return money((await Balance.findOrFail((await realWalletOf(user)).id)).balance).toFixed(2)
}

/** POST /payments/paypal/{txRef} as the page's buttons call it → PayPal's order id. */
async function createOrder(client: any, user: User, txRef: string) {
  const response = await api(client, 'post', `/payments/paypal/${txRef}`).loginAs(user)
  response.assertStatus(200)
  return response.body().id as string
}

async function captureRoute(client: any, user: User, orderId: string) {
  return client.get(`/payments/paypal/capture/${orderId}`).loginAs(user).redirects(0)
}

test.group('PayPal payment page (GET /payments/paypal/{txRef})', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  const paypal = withPaypalFake(group)

  test('starting a PayPal deposit asks PayPal nothing and leads to our own page', async ({
    assert,
  }) => {
    await configurePaypal('2.5')
    const customer = await UserFactory.apply('kycApproved').create()
    const wallet = await realWalletOf(customer)
    const { deposit, paymentLink } = await startDeposit({
      user: customer,
      balanceId: wallet.id,
      amount: '100',
      gateway: 'paypal',
      baseUrl: 'http://localhost',
    })
    assert.equal(paymentLink, `/payments/paypal/${deposit.txRef}`)
    assert.equal(deposit.status, 'pending')
    assert.equal(money(deposit.total).toFixed(2), '102.50')
    assert.deepEqual(paypal.fake.calls, {
      token: 0,
      create: 0,
      get: 0,
      capture: 0,
      verify: 0,
      sdk: 0,
    })
  })

  test('shows the logo (or name), the amount and currency, and the buttons’ client id and SDK URL', async ({
    client,
    assert,
  }) => {
    await configurePaypal('2.5')
    const customer = await UserFactory.apply('kycApproved').create()
    // 2.5% of 100.00
    const deposit = await pendingDeposit(customer, 'paypal', '100.00', '2.5')

    const response = await client
      .get(`/payments/paypal/${deposit.txRef}`)
      .loginAs(customer)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/paypal')
    const props = response.body().props
    assert.deepEqual(
      { gateway: props.gateway, deposit: props.deposit, paypal: props.paypal },
      {
        gateway: { name: 'PayPal', logoUrl: null },
        deposit: { txRef: deposit.txRef, amount: '100.00', currency: 'USD' },
        paypal: {
          clientId: PAYPAL_KEYS.clientId,
          sdkUrl: `${paypal.fake.url}/sdk/js?client-id=${PAYPAL_KEYS.clientId}&currency=USD`,
        },
      }
    )
    assert.notInclude(JSON.stringify(response.body()), PAYPAL_KEYS.secret)
  })

  test('a gateway logo, when staff uploaded one, is the page’s logo', async ({
    client,
    assert,
  }) => {
    const row = await configurePaypal()
    row.logoPath = 'gateways/paypal-logo.png'
    await row.save()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal')
    const response = await client
      .get(`/payments/paypal/${deposit.txRef}`)
      .loginAs(customer)
      .withInertia()
    assert.deepEqual(response.body().props.gateway, {
      name: 'PayPal',
      logoUrl: '/uploads/gateways/paypal-logo.png',
    })
  })

  test('while PayPal is not configured the page shows no buttons, and no order can be created', async ({
    client,
    assert,
  }) => {
    await configureGateway(
      'paypal',
      { key1: null, key2: null, key3: null, key4: null },
      { active: false }
    )
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal')
    const response = await client
      .get(`/payments/paypal/${deposit.txRef}`)
      .loginAs(customer)
      .withInertia()
    response.assertStatus(200)
    assert.isNull(response.body().props.paypal)
    const create = await api(client, 'post', `/payments/paypal/${deposit.txRef}`).loginAs(customer)
    create.assertStatus(409)
    assert.equal(create.body().message, 'This payment gateway is not available')
    assert.equal(paypal.fake.calls.create, 0)
  })

  test('the page’s CSP lets the SDK load; other pages keep the strict policy', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal')
    const page = await client.get(`/payments/paypal/${deposit.txRef}`).loginAs(customer)
    page.assertStatus(200)
    const csp = String(page.header('content-security-policy'))
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
      const value = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? ''
      assert.include(value, paypal.fake.url, directive)
    }
    assert.notInclude(page.text(), PAYPAL_KEYS.secret)

    const dashboard = await client.get('/dashboard').loginAs(customer)
    assert.notInclude(String(dashboard.header('content-security-policy')), paypal.fake.url)
  })

  test('another customer’s deposit, or one of another gateway, is a 404', async ({ client }) => {
    await configurePaypal()
    const owner = await UserFactory.apply('kycApproved').create()
    const other = await UserFactory.create()
    const deposit = await pendingDeposit(owner, 'paypal')
    const stripe = await pendingDeposit(owner, 'stripe')

    ;(
      await client.get(`/payments/paypal/${deposit.txRef}`).loginAs(other).withInertia()
    ).assertStatus(404)
    ;(
      await client.get(`/payments/paypal/${stripe.txRef}`).loginAs(owner).withInertia()
    ).assertStatus(404)
    ;(await api(client, 'post', `/payments/paypal/${deposit.txRef}`).loginAs(other)).assertStatus(
      404
    )
  })

  test('a decided deposit goes to /deposits with its result', async ({ client }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const approved = await pendingDeposit(customer, 'paypal', '100.00')
    await Deposit.query().where('id', approved.id).update({ status: 'approved' })
    const declined = await pendingDeposit(customer, 'paypal', '40.00')
    await Deposit.query().where('id', declined.id).update({ status: 'declined' })

    const one = await client
      .get(`/payments/paypal/${approved.txRef}`)
      .loginAs(customer)
      .redirects(0)
    one.assertStatus(302)
    one.assertHeader('location', '/deposits?status=success&amount=100.00')
    const two = await client
      .get(`/payments/paypal/${declined.txRef}`)
      .loginAs(customer)
      .redirects(0)
    two.assertHeader('location', '/deposits?status=failed&amount=40.00')
    ;(
      await api(client, 'post', `/payments/paypal/${approved.txRef}`).loginAs(customer)
    ).assertStatus(409)
  })
})

test.group('PayPal orders and capture', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  const paypal = withPaypalFake(group)

  test('createOrder asks PayPal for the deposit total and stores the order id; a second click reuses it', async ({
    client,
    assert,
  }) => {
    await configurePaypal('2.5')
    const customer = await UserFactory.apply('kycApproved').create()
    // 2.5% of 100.00
    const deposit = await pendingDeposit(customer, 'paypal', '100.00', '2.5')

    const id = await createOrder(client, customer, deposit.txRef)
    const order = paypal.fake.orders.get(id)!
    assert.deepEqual(order.request, {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: deposit.txRef,
          custom_id: deposit.txRef,
          invoice_id: deposit.txRef,
          amount: { currency_code: 'USD', value: '102.50' },
        },
      ],
    })
    await deposit.refresh()
    assert.equal(deposit.providerReference, id)
    assert.equal(deposit.status, 'pending')

    // A double click: same PayPal-Request-Id, same order; the token is reused.
    assert.equal(await createOrder(client, customer, deposit.txRef), id)
    assert.equal(paypal.fake.orders.size, 1)
    assert.deepEqual(paypal.fake.createRequestIds, [
      `${deposit.txRef}-create`,
      `${deposit.txRef}-create`,
    ])
    assert.equal(paypal.fake.calls.token, 1)
  })

  test('capture credits the deposit once and lands on /deposits?status=success; a replay changes nothing', async ({
    client,
    assert,
  }) => {
    await configurePaypal('2.5')
    const customer = await UserFactory.apply('kycApproved').create()
    // 2.5% of 100.00
    const deposit = await pendingDeposit(customer, 'paypal', '100.00', '2.5')
    const before = await walletBalance(customer)
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.approve(id)

    const first = await captureRoute(client, customer, id)
    first.assertStatus(302)
    first.assertHeader('location', '/deposits?status=success&amount=100.00')
    assert.deepEqual(paypal.fake.captureRequests[0], {
      orderId: id,
      contentType: 'application/json',
      body: '',
      requestId: `${id}-capture`,
      prefer: 'return=representation',
    })

    await deposit.refresh()
    assert.equal(deposit.status, 'approved')
    assert.equal(deposit.providerReference, id)
    assert.equal(
      await walletBalance(customer),
      money(before).plus('100.00').toFixed(2),
      'the amount is credited, the fee is not'
    )

    const again = await captureRoute(client, customer, id)
    again.assertHeader('location', '/deposits?status=success&amount=100.00')
    assert.equal(paypal.fake.calls.capture, 1, 'a decided deposit is never captured again')
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.equal(await walletBalance(customer), money(before).plus('100.00').toFixed(2))
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('an order PayPal already captured (ORDER_ALREADY_CAPTURED) is read back and credited', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '75.00')
    const before = await walletBalance(customer)
    const id = await createOrder(client, customer, deposit.txRef)
    // Captured at PayPal (another tab, or our earlier call whose answer was lost).
    paypal.fake.captureSilently(id)

    const response = await captureRoute(client, customer, id)
    response.assertHeader('location', '/deposits?status=success&amount=75.00')
    assert.equal(paypal.fake.calls.get, 1)
    assert.equal(await walletBalance(customer), money(before).plus('75.00').toFixed(2))
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a declined capture declines the deposit and credits nothing', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '100.00')
    const before = await walletBalance(customer)
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.approve(id)
    paypal.fake.captureWill(id, { status: 'DECLINED' })

    const response = await captureRoute(client, customer, id)
    response.assertHeader(
      'location',
      '/deposits?status=failed&amount=100.00&message=PayPal+declined+the+payment'
    )
    await deposit.refresh()
    assert.equal(deposit.status, 'declined')
    assert.lengthOf(await depositEntries(deposit), 0)
    assert.equal(await walletBalance(customer), before)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a refused instrument (422 INSTRUMENT_DECLINED) declines the deposit; its order is never captured later', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '100.00')
    const before = await walletBalance(customer)
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.approve(id)
    paypal.fake.captureWill(id, { refuse: 'INSTRUMENT_DECLINED' })

    const response = await captureRoute(client, customer, id)
    response.assertHeader(
      'location',
      '/deposits?status=failed&amount=100.00&message=PayPal+declined+the+payment'
    )
    paypal.fake.captureWill(id, {})
    await captureRoute(client, customer, id)
    assert.equal(paypal.fake.calls.capture, 1)
    assert.equal(paypal.fake.orders.get(id)!.status, 'APPROVED')
    assert.equal(await walletBalance(customer), before)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a capture of less than the deposit total is not credited and stays pending for staff', async ({
    client,
    assert,
  }) => {
    await configurePaypal('2.5')
    const customer = await UserFactory.apply('kycApproved').create()
    // 2.5% of 100.00
    const deposit = await pendingDeposit(customer, 'paypal', '100.00', '2.5')
    const before = await walletBalance(customer)
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.approve(id)
    paypal.fake.captureWill(id, { amount: '102.49' })

    const response = await captureRoute(client, customer, id)
    response.assertHeader(
      'location',
      '/deposits?status=pending&amount=100.00&message=The+payment+does+not+cover+the+deposit%3B+our+team+will+review+it'
    )
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(await walletBalance(customer), before)
    assert.lengthOf(await depositEntries(deposit), 0)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a pending capture or an order not yet approved leaves the deposit pending', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '100.00')
    const id = await createOrder(client, customer, deposit.txRef)

    const early = await captureRoute(client, customer, id)
    assert.match(
      early.header('location'),
      /^\/deposits\?status=pending&amount=100\.00&message=PayPal\+has\+not\+confirmed/
    )
    paypal.fake.approve(id)
    paypal.fake.captureWill(id, { status: 'PENDING' })
    const pending = await captureRoute(client, customer, id)
    assert.match(
      pending.header('location'),
      /^\/deposits\?status=pending&amount=100\.00&message=PayPal\+has\+not\+confirmed/
    )
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.lengthOf(await depositEntries(deposit), 0)
  })

  test('only the owner may capture: another customer gets 404 and PayPal is not called', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const owner = await UserFactory.apply('kycApproved').create()
    const other = await UserFactory.create()
    const deposit = await pendingDeposit(owner, 'paypal', '100.00')
    const id = await createOrder(client, owner, deposit.txRef)
    paypal.fake.approve(id)

    ;(await captureRoute(client, other, id)).assertStatus(404)
    ;(await captureRoute(client, owner, 'UNKNOWNORDER123')).assertStatus(404)
    assert.equal(paypal.fake.calls.capture, 0)
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
  })

  test('a token PayPal revoked early is renewed once and the call goes through', async ({
    client,
    assert,
  }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '100.00')
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.approve(id)
    paypal.fake.revokeTokens()

    ;(await captureRoute(client, customer, id)).assertHeader(
      'location',
      '/deposits?status=success&amount=100.00'
    )
    assert.equal(paypal.fake.calls.token, 2)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a token is reused while valid, renewed shortly before it expires, and kept apart per mode', async ({
    client,
    assert,
  }) => {
    // A token living 1 s is renewed after half its life (the renewal margin exceeds it).
    const brief = await PaypalFake.start({ ...PAYPAL_KEYS, tokenTtlSeconds: 1 })
    overrideProviderBase('paypal-sandbox', brief.url)
    try {
      await configurePaypal()
      const customer = await UserFactory.apply('kycApproved').create()
      const one = await pendingDeposit(customer, 'paypal', '10.00')
      const two = await pendingDeposit(customer, 'paypal', '20.00')
      await createOrder(client, customer, one.txRef)
      await createOrder(client, customer, two.txRef)
      assert.equal(brief.calls.token, 1)
      await sleep(600)
      await createOrder(client, customer, two.txRef)
      assert.equal(brief.calls.token, 2)

      // Live mode talks to the live host, with a token of its own.
      overrideProviderBase('paypal-live', paypal.fake.url)
      await configurePaypal('0', { key3: 'live' })
      const live = await pendingDeposit(customer, 'paypal', '30.00')
      const id = await createOrder(client, customer, live.txRef)
      assert.isTrue(paypal.fake.orders.has(id))
      assert.equal(paypal.fake.calls.token, 1)
      assert.equal(brief.calls.token, 2)
    } finally {
      overrideProviderBase('paypal-sandbox', paypal.fake.url)
      overrideProviderBase('paypal-live', null)
      await brief.close()
    }
  })

  test('wrong credentials or mode: createOrder answers 502 with no secret in the reply', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '100.00')

    await configurePaypal('0', { key2: 'wrong-secret-value' })
    const wrong = await api(client, 'post', `/payments/paypal/${deposit.txRef}`).loginAs(customer)
    wrong.assertStatus(502)
    assert.notInclude(wrong.text(), 'wrong-secret-value')

    await configurePaypal('0', { key3: 'production' })
    ;(
      await api(client, 'post', `/payments/paypal/${deposit.txRef}`).loginAs(customer)
    ).assertStatus(502)
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.isNull(deposit.providerReference)
  })
})

test.group('PayPal webhooks (POST /payments/paypal/notify)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  const paypal = withPaypalFake(group)

  /** A deposit whose order PayPal captured without our capture call ever answering. */
  async function capturedBehindOurBack(client: any, amount = '100.00') {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', amount)
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.captureSilently(id)
    return { customer, deposit, id }
  }

  test('a verified PAYMENT.CAPTURE.COMPLETED credits once, however often it is delivered', async ({
    client,
    assert,
  }) => {
    const { customer, deposit, id } = await capturedBehindOurBack(client)
    const before = await walletBalance(customer)
    const { body, headers } = paypal.fake.signedWebhook(paypal.fake.captureEvent(id))

    const first = await postPaypalWebhook(body, headers)
    assert.equal(first.status, 200)
    assert.deepEqual(await first.json(), { received: true })
    const replays = await Promise.all([
      postPaypalWebhook(body, headers),
      postPaypalWebhook(body, headers),
    ])
    assert.deepEqual(
      replays.map((r) => r.status),
      [200, 200]
    )

    await deposit.refresh()
    assert.equal(deposit.status, 'approved')
    assert.equal(deposit.providerReference, id)
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.equal(await walletBalance(customer), money(before).plus('100.00').toFixed(2))
    assert.equal(paypal.fake.calls.verify, 3)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a forged transmission is refused with 400 and credits nothing', async ({
    client,
    assert,
  }) => {
    const { customer, deposit, id } = await capturedBehindOurBack(client)
    const before = await walletBalance(customer)
    const genuine = paypal.fake.signedWebhook(paypal.fake.captureEvent(id))

    // Headers PayPal never sent.
    const forgedHeaders = {
      ...genuine.headers,
      'paypal-transmission-id': crypto.randomUUID(),
      'paypal-transmission-sig': 'Zm9yZ2Vk',
    }
    assert.equal((await postPaypalWebhook(genuine.body, forgedHeaders)).status, 400)
    // Genuine headers over a doctored event.
    const doctored = genuine.body.replace('"value":"100.00"', '"value":"999.00"')
    assert.notEqual(doctored, genuine.body)
    assert.equal((await postPaypalWebhook(doctored, genuine.headers)).status, 400)
    // Signed for another webhook.
    const elsewhere = paypal.fake.signedWebhook(paypal.fake.captureEvent(id), {
      webhookId: 'OTHERWEBHOOK1',
    })
    assert.equal((await postPaypalWebhook(elsewhere.body, elsewhere.headers)).status, 400)
    assert.equal(paypal.fake.calls.verify, 3, 'each was put to PayPal, which said FAILURE')
    // No transmission headers, a certificate not served by PayPal, a body that is not JSON.
    assert.equal(
      (await postPaypalWebhook(genuine.body, { 'content-type': 'application/json' })).status,
      400
    )
    assert.equal(
      (
        await postPaypalWebhook(genuine.body, {
          ...genuine.headers,
          'paypal-cert-url': 'https://evil.example/cert',
        })
      ).status,
      400
    )
    assert.equal(
      (await postPaypalWebhook('not json', { ...genuine.headers, 'content-type': 'text/plain' }))
        .status,
      400
    )

    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(await walletBalance(customer), before)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('without a configured webhook id nothing can be verified: 400', async ({
    client,
    assert,
  }) => {
    const { deposit, id } = await capturedBehindOurBack(client)
    await configurePaypal('0', { key4: null })
    const { body, headers } = paypal.fake.signedWebhook(paypal.fake.captureEvent(id))
    assert.equal((await postPaypalWebhook(body, headers)).status, 400)
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
  })

  test('a verified PAYMENT.CAPTURE.DENIED declines the deposit; events about other payments change nothing', async ({
    client,
    assert,
  }) => {
    const { customer, deposit, id } = await capturedBehindOurBack(client)
    const before = await walletBalance(customer)
    const refunded = paypal.fake.captureEvent(id, 'PAYMENT.CAPTURE.REFUNDED')
    const stranger = paypal.fake.captureEvent(id)
    delete (stranger.resource as { custom_id?: string }).custom_id
    delete (stranger.resource as { invoice_id?: string }).invoice_id
    for (const event of [refunded, stranger]) {
      const { body, headers } = paypal.fake.signedWebhook(event)
      assert.equal((await postPaypalWebhook(body, headers)).status, 200)
    }
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')

    const { body, headers } = paypal.fake.signedWebhook(
      paypal.fake.captureEvent(id, 'PAYMENT.CAPTURE.DENIED')
    )
    assert.equal((await postPaypalWebhook(body, headers)).status, 200)
    await deposit.refresh()
    assert.equal(deposit.status, 'declined')
    assert.equal(await walletBalance(customer), before)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })

  test('a verified capture of less than the total is not credited', async ({ client, assert }) => {
    await configurePaypal()
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'paypal', '100.00')
    const before = await walletBalance(customer)
    const id = await createOrder(client, customer, deposit.txRef)
    paypal.fake.captureWill(id, { amount: '99.99' })
    paypal.fake.captureSilently(id)
    const { body, headers } = paypal.fake.signedWebhook(paypal.fake.captureEvent(id))
    assert.equal((await postPaypalWebhook(body, headers)).status, 200)
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(await walletBalance(customer), before)
    assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
  })
})
