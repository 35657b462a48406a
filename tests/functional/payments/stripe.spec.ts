import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import type { Group } from '@japa/runner/core'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import Notification from '#models/notification'
import PaymentGateway from '#models/payment_gateway'
import type User from '#models/user'
import { PROVIDER_FAILED, startDeposit } from '#actions/deposits/start_deposit'
import { overrideProviderBase } from '#services/payments/endpoints'
import { adapterFor } from '#services/payments/registry'
import { settingsOf } from '#queries/payment_gateways'
import { ProviderError } from '#services/payments/types'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { configureGateway, depositEntries, withoutOtherDeposits } from '#tests/helpers/deposits'
import { DEMO, balanceMatchesLedger } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'
import {
  FAKE_STRIPE_KEYS,
  StripeFake,
  postStripeWebhook,
  signStripeWebhook,
} from '#tests/fakes/stripe_fake'

const { secretKey: SK, webhookSecret: WHSEC } = FAKE_STRIPE_KEYS
/** The site address the provider is given (return, cancel URLs); nothing requests it. */
const SITE = 'https://broker.example'
/** The in-process test server, where Stripe's webhook deliveries go. */
const SERVER = `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`

function assertNoSecrets(assert: Assert, ...texts: (string | null | undefined)[]) {
  for (const text of texts) {
    assert.notInclude(text ?? '', SK)
    assert.notInclude(text ?? '', WHSEC)
  }
}

/** A customer who may deposit: KYC approved (kycDeposit is on), with a real USD wallet. */
const depositor = () => UserFactory.apply('kycApproved').create()

/** The customer (a new depositor unless given) starts a Stripe deposit through the action. */
async function startStripeDeposit(amount = '100.00', customer?: User) {
  customer ??= await depositor()
  const wallet = await realWalletOf(customer)
  const { deposit, paymentLink } = await startDeposit({
    user: customer,
    balanceId: wallet.id,
    amount,
    gateway: 'stripe',
    baseUrl: SITE,
  })
  return { customer, wallet, deposit, paymentLink, sessionId: deposit.providerReference! }
}

async function balanceOf(walletId: number) {
  return money((await Balance.findOrFail(walletId)).balance).toFixed(2)
}

async function notificationsOf(user: User, title: string) {
  return Notification.query().where('user_id', user.id).where('title', title)
}

/** Starts one fake for the group, points the adapter at it, and gives each test the gateway configured (fee 2.5 %). */
function withStripeFake(group: Group) {
  const state = {} as { fake: StripeFake }
  group.setup(async () => {
    state.fake = await StripeFake.start({ secretKey: SK })
    overrideProviderBase('stripe', state.fake.url)
    return async () => {
      overrideProviderBase('stripe', null)
      await state.fake.close()
    }
  })
  isolate(group)
  withoutOtherDeposits(group)
  group.each.setup(async () => {
    state.fake.reset()
    await configureGateway('stripe', { key1: SK, key2: WHSEC }, { fee: '2.5', active: true })
  })
  return state
}

test.group('Stripe: starting a deposit (startDeposit → Checkout Session)', (group) => {
  const stripe = withStripeFake(group)

  test('creates a session for amount + fee in minor units and stores its link and id', async ({
    assert,
  }) => {
    const { customer, deposit, paymentLink, sessionId } = await startStripeDeposit('100.00')
    const { fake } = stripe

    assert.lengthOf(fake.requests, 1)
    const [request] = fake.requests
    assert.equal(request.method, 'POST')
    assert.equal(request.path, '/v1/checkout/sessions')
    assert.equal(request.authorization, `Bearer ${SK}`)
    assert.include(request.idempotencyKey ?? '', deposit.txRef)
    // 100.00 + 2.5 % = 102.50 → 10250 cents.
    assert.deepEqual(request.params, {
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '10250',
            product_data: { name: `Deposit #${deposit.id}` },
          },
          quantity: '1',
        },
      ],
      client_reference_id: deposit.txRef,
      metadata: { txRef: deposit.txRef },
      customer_email: customer.email,
      success_url: `${SITE}/payments/stripe/return/${deposit.txRef}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/deposits?status=cancelled`,
    })

    const session = fake.session(sessionId)
    assert.equal(session.amount_total, 10250)
    assert.equal(session.client_reference_id, deposit.txRef)
    const stored = await Deposit.findOrFail(deposit.id)
    assert.equal(stored.status, 'pending')
    assert.equal(stored.paymentLink, session.url)
    assert.equal(paymentLink, session.url)
    assert.equal(stored.providerReference, session.id)
    assert.equal(money(stored.total).toFixed(2), '102.50')
    assertNoSecrets(assert, paymentLink)
  })

  test('the fee is rounded half-up to the cent before conversion to cents', async ({ assert }) => {
    // 33.33 × 1.5 % = 0.49995 → 0.50; total 33.83 → 3383.
    await configureGateway('stripe', { key1: SK, key2: WHSEC }, { fee: '1.5' })
    const { sessionId } = await startStripeDeposit('33.33')
    assert.equal(stripe.fake.requests[0].params.line_items[0].price_data.unit_amount, '3383')
    assert.equal(stripe.fake.session(sessionId).amount_total, 3383)
  })

  test('a repeated start of the same deposit replays the first session (idempotency key from txRef)', async ({
    assert,
  }) => {
    const { customer, deposit, sessionId } = await startStripeDeposit('50.00')
    const adapter = await adapterFor('stripe')
    const row = await PaymentGateway.findByOrFail('value', 'stripe')
    const order = {
      depositId: deposit.id,
      txRef: deposit.txRef,
      total: '51.25',
      currency: 'USD',
      customer: { email: customer.email, fullName: customer.fullName, phone: null },
      urls: {
        returnUrl: `${SITE}/payments/stripe/return/${deposit.txRef}`,
        cancelUrl: `${SITE}/deposits?status=cancelled`,
        notifyUrl: `${SITE}/payments/stripe/notify`,
      },
    }
    const again = await adapter.start(settingsOf(row), order)
    assert.equal(again.providerReference, sessionId)
    assert.equal(stripe.fake.sessions.size, 1)
    assert.equal(stripe.fake.requests[0].idempotencyKey, stripe.fake.requests[1].idempotencyKey)

    // The same key with other figures is refused by Stripe, and surfaces as a provider failure.
    await assert.rejects(
      () => adapter.start(settingsOf(row), { ...order, total: '60.00' }),
      /Stripe 400 idempotency_error/
    )
    assert.equal(stripe.fake.sessions.size, 1)
  })

  test('a transient Stripe 500 is retried with the same idempotency key: one session', async ({
    assert,
  }) => {
    stripe.fake.failNext(500, { type: 'api_error', message: 'An unknown error occurred' })
    const { sessionId } = await startStripeDeposit('20.00')
    assert.lengthOf(stripe.fake.requests, 2)
    assert.equal(stripe.fake.requests[0].idempotencyKey, stripe.fake.requests[1].idempotencyKey)
    assert.equal(stripe.fake.sessions.size, 1)
    assert.isTrue(stripe.fake.sessions.has(sessionId))
  })

  test('over HTTP: POST /deposits answers 201 with the Checkout link, or 502 when Stripe refuses; no secret leaks', async ({
    client,
    assert,
  }) => {
    const customer = await depositor()
    const wallet = await realWalletOf(customer)
    const payload = { balance_id: wallet.id, gateway: 'stripe', amount: '100' }

    const created = await api(client, 'post', '/deposits', payload).loginAs(customer)
    created.assertStatus(201)
    const [session] = [...stripe.fake.sessions.values()]
    assert.equal(created.body().paymentLink, session.url)
    assert.equal(session.amount_total, 10250)

    await configureGateway('stripe', {
      key1: 'sk_test_51WrongKey0000000000000000000000000000000000000',
      key2: WHSEC,
    })
    const refused = await api(client, 'post', '/deposits', payload).loginAs(customer)
    refused.assertStatus(502)
    assert.equal(refused.body().message, PROVIDER_FAILED)
    assert.equal(fieldErrors(refused.body()).gateway, PROVIDER_FAILED)

    await configureGateway('stripe', { key1: SK, key2: WHSEC })
    const page = await client.get('/deposits').loginAs(customer).withInertia()
    page.assertStatus(200)
    assertNoSecrets(assert, created.text(), refused.text(), page.text())
  })

  test("a provider error names Stripe's type and code but never a key", async ({ assert }) => {
    const wrongKey = 'sk_test_51WrongKey0000000000000000000000000000000009999'
    const adapter = await adapterFor('stripe')
    const settings = {
      ...settingsOf(await PaymentGateway.findByOrFail('value', 'stripe')),
      key1: wrongKey,
    }
    const error = await adapter
      .start(settings, {
        depositId: 1,
        txRef: '00000000-0000-4000-8000-000000000001',
        total: '10.00',
        currency: 'USD',
        customer: { email: DEMO.customer, fullName: 'Carla Customer', phone: null },
        urls: { returnUrl: `${SITE}/r`, cancelUrl: `${SITE}/c`, notifyUrl: `${SITE}/n` },
      })
      .then(
        () => null,
        (e: Error) => e
      )
    assert.instanceOf(error, ProviderError)
    assert.match(error!.message, /^Stripe 401 invalid_request_error: Invalid API Key provided/)
    assert.notInclude(error!.message, wrongKey)
    assert.notInclude(error!.message, '9999')
  })

  for (const failure of [
    {
      name: 'a refused secret key (401)',
      key: 'sk_test_51WrongKey0000000000000000000000000000000000000',
    },
    {
      name: 'a Stripe refusal (400)',
      key: SK,
      fail: {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        message: 'Amount must be at least $0.50 usd',
      },
    },
  ]) {
    test(`${failure.name} answers 502 and leaves the deposit declined`, async ({ assert }) => {
      await configureGateway('stripe', { key1: failure.key, key2: WHSEC })
      if (failure.fail) stripe.fake.failNext(400, failure.fail)
      const customer = await depositor()
      const wallet = await realWalletOf(customer)
      const before = await balanceOf(wallet.id)

      const error = await startStripeDeposit('100.00', customer).then(
        () => null,
        (e: unknown) => e
      )
      assert.instanceOf(error, UserFacingException)
      const refusal = error as UserFacingException
      assert.equal(refusal.status, 502)
      assert.equal(refusal.message, PROVIDER_FAILED)
      assertNoSecrets(assert, refusal.message, JSON.stringify(refusal))

      const deposit = await Deposit.query()
        .where('user_id', customer.id)
        .orderBy('id', 'desc')
        .firstOrFail()
      assert.equal(deposit.status, 'declined')
      assert.isNull(deposit.paymentLink)
      assert.lengthOf(await depositEntries(deposit), 0)
      assert.equal(await balanceOf(wallet.id), before)
      assert.isTrue(await balanceMatchesLedger(wallet.id))
    })
  }
})

test.group('Stripe: webhooks (POST /payments/stripe/notify)', (group) => {
  const stripe = withStripeFake(group)

  test('a signed checkout.session.completed credits the wallet once; replays change nothing', async ({
    assert,
  }) => {
    const { customer, wallet, deposit, sessionId } = await startStripeDeposit('100.00')
    const before = money((await Balance.findOrFail(wallet.id)).balance)
    const approvedBefore = (await notificationsOf(customer, 'Deposit approved')).length

    stripe.fake.complete(sessionId)
    const payload = stripe.fake.eventPayload('checkout.session.completed', sessionId)
    const signature = signStripeWebhook(payload, WHSEC)
    const first = await postStripeWebhook(SERVER, payload, signature)
    assert.equal(first.status, 200, first.text)
    assert.deepEqual(JSON.parse(first.text), { received: true })

    const expected = before.plus('100.00').toFixed(2)
    assert.equal(await balanceOf(wallet.id), expected)
    const entries = await depositEntries(deposit)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].type, 'deposit')
    assert.equal(money(entries[0].amount).toFixed(2), '100.00')
    const settled = await Deposit.findOrFail(deposit.id)
    assert.equal(settled.status, 'approved')
    assert.equal(money(settled.balanceAfter!).toFixed(2), expected)
    assert.equal(settled.providerReference, sessionId)
    assert.isNull(settled.decidedById)
    assert.lengthOf(await notificationsOf(customer, 'Deposit approved'), approvedBefore + 1)

    // The same delivery again, and a redelivery Stripe signs afresh: acknowledged, nothing moves.
    const replay = await postStripeWebhook(SERVER, payload, signature)
    const redelivery = await postStripeWebhook(SERVER, payload, signStripeWebhook(payload, WHSEC))
    assert.equal(replay.status, 200)
    assert.equal(redelivery.status, 200)
    assert.equal(await balanceOf(wallet.id), expected)
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.lengthOf(await notificationsOf(customer, 'Deposit approved'), approvedBefore + 1)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
    assertNoSecrets(assert, first.text, replay.text, redelivery.text)
  })

  test('while secrets roll, a header whose second v1 matches is accepted', async ({ assert }) => {
    const { wallet, deposit, sessionId } = await startStripeDeposit('10.00')
    stripe.fake.complete(sessionId)
    const payload = stripe.fake.eventPayload('checkout.session.completed', sessionId)
    const response = await postStripeWebhook(
      SERVER,
      payload,
      signStripeWebhook(payload, ['whsec_previous', WHSEC])
    )
    assert.equal(response.status, 200)
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'approved')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('forged or stale deliveries answer 400 and credit nothing', async ({ assert }) => {
    const { wallet, deposit, sessionId } = await startStripeDeposit('100.00')
    const before = await balanceOf(wallet.id)
    stripe.fake.complete(sessionId)
    const payload = stripe.fake.eventPayload('checkout.session.completed', sessionId)
    const tampered = payload.replace('"amount_total": 10250', '"amount_total": 99910250')
    assert.notEqual(tampered, payload)
    const stale = Math.floor(Date.now() / 1000) - 400

    const attempts = {
      'wrong secret': [payload, signStripeWebhook(payload, 'whsec_someoneElse')],
      'tampered body': [tampered, signStripeWebhook(payload, WHSEC)],
      'missing header': [payload, undefined],
      'stale timestamp (beyond 300 s)': [payload, signStripeWebhook(payload, WHSEC, stale)],
      'malformed header': [payload, 'not-a-signature'],
      'v0 only': [payload, signStripeWebhook(payload, WHSEC).replace('v1=', 'v0=')],
      'signature over another body': [payload, signStripeWebhook(`${payload} `, WHSEC)],
      'empty body': ['', signStripeWebhook('', WHSEC)],
    } as const
    for (const [name, [body, header]] of Object.entries(attempts)) {
      const response = await postStripeWebhook(SERVER, body, header)
      assert.equal(response.status, 400, `${name}: ${response.text}`)
      assert.deepEqual(JSON.parse(response.text), { message: 'Invalid Stripe signature' }, name)
      assertNoSecrets(assert, response.text)
    }

    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'pending')
    assert.lengthOf(await depositEntries(deposit), 0)
    assert.equal(await balanceOf(wallet.id), before)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('an underpaid or wrong-currency session is not credited', async ({ assert }) => {
    const underpaid = await startStripeDeposit('100.00')
    const otherCurrency = await startStripeDeposit('100.00', underpaid.customer)
    const before = await balanceOf(underpaid.wallet.id)

    stripe.fake.complete(underpaid.sessionId, { amountTotal: 10249 })
    stripe.fake.complete(otherCurrency.sessionId, { currency: 'eur' })
    for (const { sessionId } of [underpaid, otherCurrency]) {
      const payload = stripe.fake.eventPayload('checkout.session.completed', sessionId)
      const response = await postStripeWebhook(SERVER, payload, signStripeWebhook(payload, WHSEC))
      assert.equal(response.status, 200)
    }

    for (const { deposit } of [underpaid, otherCurrency]) {
      assert.equal((await Deposit.findOrFail(deposit.id)).status, 'pending')
      assert.lengthOf(await depositEntries(deposit), 0)
    }
    assert.equal(await balanceOf(underpaid.wallet.id), before)
    assert.isTrue(await balanceMatchesLedger(underpaid.wallet.id))
  })

  test('a completed but unpaid session waits for async_payment_succeeded', async ({ assert }) => {
    const { wallet, deposit, sessionId } = await startStripeDeposit('40.00')
    const before = money((await Balance.findOrFail(wallet.id)).balance)

    stripe.fake.complete(sessionId, { paid: false })
    const completed = stripe.fake.eventPayload('checkout.session.completed', sessionId)
    assert.equal(
      (await postStripeWebhook(SERVER, completed, signStripeWebhook(completed, WHSEC))).status,
      200
    )
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'pending')
    assert.lengthOf(await depositEntries(deposit), 0)

    stripe.fake.settleAsync(sessionId)
    const succeeded = stripe.fake.eventPayload(
      'checkout.session.async_payment_succeeded',
      sessionId
    )
    assert.equal(
      (await postStripeWebhook(SERVER, succeeded, signStripeWebhook(succeeded, WHSEC))).status,
      200
    )
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'approved')
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.equal(await balanceOf(wallet.id), before.plus('40.00').toFixed(2))
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('expired and async_payment_failed sessions decline the deposit, crediting nothing', async ({
    assert,
  }) => {
    const expired = await startStripeDeposit('60.00')
    const failed = await startStripeDeposit('70.00', expired.customer)
    const before = await balanceOf(expired.wallet.id)
    const declinedBefore = (await notificationsOf(expired.customer, 'Deposit declined')).length

    stripe.fake.expire(expired.sessionId)
    stripe.fake.complete(failed.sessionId, { paid: false })
    for (const [type, sessionId] of [
      ['checkout.session.expired', expired.sessionId],
      ['checkout.session.async_payment_failed', failed.sessionId],
    ]) {
      const payload = stripe.fake.eventPayload(type, sessionId)
      assert.equal(
        (await postStripeWebhook(SERVER, payload, signStripeWebhook(payload, WHSEC))).status,
        200
      )
    }

    for (const { deposit } of [expired, failed]) {
      assert.equal((await Deposit.findOrFail(deposit.id)).status, 'declined')
      assert.lengthOf(await depositEntries(deposit), 0)
    }
    assert.lengthOf(await notificationsOf(expired.customer, 'Deposit declined'), declinedBefore + 2)
    assert.equal(await balanceOf(expired.wallet.id), before)
    assert.isTrue(await balanceMatchesLedger(expired.wallet.id))
  })

  test('other events, unknown sessions and the other mode are acknowledged and credit nothing', async ({
    assert,
  }) => {
    const { wallet, deposit, sessionId } = await startStripeDeposit('80.00')
    const before = await balanceOf(wallet.id)
    stripe.fake.complete(sessionId)

    // A session this site never created a deposit for (another integration on the same account).
    const adapter = await adapterFor('stripe')
    const foreign = await adapter.start(
      settingsOf(await PaymentGateway.findByOrFail('value', 'stripe')),
      {
        depositId: 0,
        txRef: '00000000-0000-4000-8000-000000000000',
        total: '80.00',
        currency: 'USD',
        customer: { email: 'someone@example.com', fullName: 'Someone', phone: null },
        urls: { returnUrl: `${SITE}/x`, cancelUrl: `${SITE}/y`, notifyUrl: `${SITE}/z` },
      }
    )
    stripe.fake.complete(foreign.providerReference!)

    const payloads = [
      stripe.fake.eventPayload('payment_intent.succeeded', sessionId),
      stripe.fake.eventPayload('checkout.session.completed', sessionId, { livemode: true }),
      stripe.fake.eventPayload('checkout.session.completed', foreign.providerReference!),
    ]
    for (const payload of payloads) {
      const response = await postStripeWebhook(SERVER, payload, signStripeWebhook(payload, WHSEC))
      assert.equal(response.status, 200, response.text)
    }
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'pending')
    assert.lengthOf(await depositEntries(deposit), 0)
    assert.equal(await balanceOf(wallet.id), before)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})

test.group('Stripe: the customer returns (GET /payments/stripe/return/:txRef)', (group) => {
  const stripe = withStripeFake(group)

  test('a paid session settles through lookup and redirects to the success modal; the webhook after it credits nothing', async ({
    client,
    assert,
  }) => {
    const { customer, wallet, deposit, sessionId } = await startStripeDeposit('100.00')
    const before = money((await Balance.findOrFail(wallet.id)).balance)
    stripe.fake.complete(sessionId)

    const response = await client
      .get(`/payments/stripe/return/${deposit.txRef}?session_id=${sessionId}`)
      .loginAs(customer)
      .redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), '/deposits?status=success&amount=100.00')
    assertNoSecrets(assert, response.text(), JSON.stringify(response.headers()))
    const retrieve = stripe.fake.requests.at(-1)!
    assert.equal(retrieve.method, 'GET')
    assert.equal(retrieve.path, `/v1/checkout/sessions/${sessionId}`)

    const expected = before.plus('100.00').toFixed(2)
    assert.equal(await balanceOf(wallet.id), expected)
    const settled = await Deposit.findOrFail(deposit.id)
    assert.equal(settled.status, 'approved')
    assert.equal(money(settled.balanceAfter!).toFixed(2), expected)

    const payload = stripe.fake.eventPayload('checkout.session.completed', sessionId)
    assert.equal(
      (await postStripeWebhook(SERVER, payload, signStripeWebhook(payload, WHSEC))).status,
      200
    )
    assert.lengthOf(await depositEntries(deposit), 1)
    assert.equal(await balanceOf(wallet.id), expected)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('before payment the deposit stays pending; once expired it is declined', async ({
    client,
    assert,
  }) => {
    const { customer, wallet, deposit, sessionId } = await startStripeDeposit('25.00')
    const before = await balanceOf(wallet.id)

    const open = await client
      .get(`/payments/stripe/return/${deposit.txRef}`)
      .loginAs(customer)
      .redirects(0)
    assert.equal(open.header('location'), '/deposits?status=pending&amount=25.00')
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'pending')

    stripe.fake.expire(sessionId)
    const expired = await client
      .get(`/payments/stripe/return/${deposit.txRef}`)
      .loginAs(customer)
      .redirects(0)
    assert.equal(expired.header('location'), '/deposits?status=failed&amount=25.00')
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'declined')
    assert.equal(await balanceOf(wallet.id), before)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test("another session's id in the query is ignored: only the deposit's own session is asked", async ({
    client,
    assert,
  }) => {
    const own = await startStripeDeposit('30.00')
    const other = await startStripeDeposit('31.00', own.customer)
    stripe.fake.complete(other.sessionId)

    const response = await client
      .get(`/payments/stripe/return/${own.deposit.txRef}?session_id=${other.sessionId}`)
      .loginAs(own.customer)
      .redirects(0)
    assert.equal(response.header('location'), '/deposits?status=pending&amount=30.00')
    assert.equal(stripe.fake.requests.at(-1)!.path, `/v1/checkout/sessions/${own.sessionId}`)
    assert.equal((await Deposit.findOrFail(own.deposit.id)).status, 'pending')
    assert.equal((await Deposit.findOrFail(other.deposit.id)).status, 'pending')
    assert.isTrue(await balanceMatchesLedger(own.wallet.id))
  })

  test('a failed lookup leaves the deposit pending for the webhook', async ({ client, assert }) => {
    const { customer, wallet, deposit, sessionId } = await startStripeDeposit('45.00')
    stripe.fake.complete(sessionId)
    stripe.fake.failNext(401, {
      type: 'invalid_request_error',
      message: 'Invalid API Key provided: sk_test_****',
    })

    const response = await client
      .get(`/payments/stripe/return/${deposit.txRef}`)
      .loginAs(customer)
      .redirects(0)
    assert.equal(response.header('location'), '/deposits?status=pending&amount=45.00')
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'pending')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})
