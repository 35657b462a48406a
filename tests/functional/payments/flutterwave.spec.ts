import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import Deposit from '#models/deposit'
import Profile from '#models/profile'
import { startDeposit, PROVIDER_FAILED } from '#actions/deposits/start_deposit'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { FlutterwaveFake, type FlutterwaveWebhook } from '#tests/fakes/flutterwave_fake'
import {
  configureGateway,
  depositEntries,
  pendingDeposit,
  withoutOtherDeposits,
} from '#tests/helpers/deposits'
import {
  assertCreditedOnce,
  assertNotCredited,
  walletBalance,
} from '#tests/helpers/deposit_settlement'
import { isolate } from '#tests/helpers/isolation'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { refusal, withProviderFake } from '#tests/helpers/provider_payments'

const ACCOUNT = {
  secretKey: 'FLWSECK_TEST-5f1e2d3c4b5a69788796a5b4c3d2e1f0-X',
  secretHash: 'my webhook hash 42',
}
const KEYS = {
  key1: 'FLWPUBK_TEST-0a1b2c3d4e5f60718293a4b5c6d7e8f9-X',
  key2: ACCOUNT.secretKey,
  key3: 'FLWSECK_TEST1a2b3c4d5e6f',
  key4: ACCOUNT.secretHash,
}
const BASE = process.env.APP_URL ?? `http://localhost:${process.env.PORT}`
const NOTIFY = '/payments/flutterwave/notify'

let fake: FlutterwaveFake

function withFake(group: Group) {
  const current = withProviderFake(group, 'flutterwave', () => FlutterwaveFake.start(ACCOUNT))
  group.each.setup(() => {
    fake = current()
  })
}

/** A customer who may deposit: KYC approved (kycDeposit is on), with a real USD wallet. */
const depositor = () => UserFactory.apply('kycApproved').create()

/** POST /deposits' use case for the customer (a new depositor unless given): 100 USD with a 2.5 % fee (total 102.50). */
async function startFlwDeposit(keys: Partial<typeof KEYS> = {}, customer?: User) {
  customer ??= await depositor()
  await configureGateway('flutterwave', { ...KEYS, ...keys }, { fee: '2.5' })
  const wallet = await realWalletOf(customer)
  return startDeposit({
    user: customer,
    balanceId: wallet.id,
    amount: '100',
    gateway: 'flutterwave',
    baseUrl: BASE,
  })
}

function postWebhook(client: ApiClient, webhook: FlutterwaveWebhook) {
  return client.post(NOTIFY).headers(webhook.headers).unsafeJson(webhook.body)
}

/** A pending deposit (100 USD + 2.5 % = 102.50) that Flutterwave was asked to collect. */
async function pendingFlwDeposit() {
  const customer = await depositor()
  await configureGateway('flutterwave', KEYS)
  const deposit = await pendingDeposit(customer, 'flutterwave', '100.00', '2.5')
  return { customer, deposit, before: await walletBalance(deposit.balanceId) }
}

const paidInFull = (deposit: Deposit) => ({
  amount: money(deposit.total).toFixed(2),
  currency: 'USD',
})

test.group('Flutterwave: starting a deposit (POST /v3/payments)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  withFake(group)

  test('creates the payment for amount + fee with our tx_ref and keeps the hosted link', async ({
    assert,
  }) => {
    const customer = await depositor()
    const profile = await Profile.findByOrFail('user_id', customer.id)
    const before = fake.payments.length
    const { deposit, paymentLink } = await startFlwDeposit({}, customer)

    assert.lengthOf(fake.payments, before + 1)
    const payment = fake.payments.at(-1)!
    assert.deepEqual(payment, {
      tx_ref: deposit.txRef,
      // Sent as a decimal string, never a float.
      amount: '102.50',
      currency: 'USD',
      redirect_url: `${BASE}/payments/flutterwave/return/${deposit.txRef}`,
      customer: {
        email: customer.email,
        name: customer.fullName,
        ...(profile.phone ? { phonenumber: profile.phone } : {}),
      },
      customizations: { title: (await settings.site()).appName },
    })
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(deposit.paymentLink, paymentLink)
    assert.match(paymentLink, new RegExp(`^${fake.url}/v3/hosted/pay/`))
  })

  test('a refused payment is a 502 and the deposit is declined', async ({ assert }) => {
    fake.failNext(400, 'Invalid currency provided')
    const error = await refusal(startFlwDeposit())
    assert.equal(error.status, 502)
    assert.equal(error.message, PROVIDER_FAILED)
    const deposit = await Deposit.query().firstOrFail()
    assert.equal(deposit.status, 'declined')
    assert.lengthOf(await depositEntries(deposit), 0)
  })

  test('a wrong secret key is refused by Flutterwave (401): 502, declined', async ({ assert }) => {
    const before = fake.payments.length
    const error = await refusal(startFlwDeposit({ key2: 'FLWSECK_TEST-wrong' }))
    assert.equal(error.status, 502)
    assert.lengthOf(fake.payments, before)
    assert.equal((await Deposit.query().firstOrFail()).status, 'declined')
  })
})

test.group('Flutterwave: webhook (POST /payments/flutterwave/notify)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  withFake(group)

  test('a webhook is re-verified with the API and credits once; a replay changes nothing', async ({
    client,
    assert,
  }) => {
    const { deposit } = await startFlwDeposit()
    const before = await walletBalance(deposit.balanceId)
    const tx = fake.pay(deposit.txRef)
    const verifyCalls = fake.calls.verify

    const first = await postWebhook(client, fake.webhook(tx.id))
    first.assertStatus(200)
    assert.equal(fake.calls.verify, verifyCalls + 1)
    await assertCreditedOnce(assert, deposit, before, String(tx.id))

    const replay = await postWebhook(client, fake.webhook(tx.id))
    replay.assertStatus(200)
    await assertCreditedOnce(assert, deposit, before, String(tx.id))
  })

  test('a missing or wrong verif-hash is refused with 400 before any API call', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingFlwDeposit()
    const tx = fake.pay(deposit.txRef, paidInFull(deposit))
    const verifyCalls = fake.calls.verify

    const near = [
      ACCOUNT.secretHash.toUpperCase(),
      ACCOUNT.secretHash.slice(0, -1),
      `${ACCOUNT.secretHash}2`,
    ]
    for (const hash of [null, '', 'guessed hash', ...near]) {
      const response = await postWebhook(client, fake.webhook(tx.id, { hash }))
      assert.equal(response.status(), 400, `verif-hash ${JSON.stringify(hash)}`)
    }
    assert.equal(fake.calls.verify, verifyCalls)
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('the body is not trusted: the API says the charge failed → declined, nothing credited', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingFlwDeposit()
    const tx = fake.pay(deposit.txRef, { ...paidInFull(deposit), status: 'failed' })
    const response = await postWebhook(
      client,
      fake.webhook(tx.id, { data: { status: 'successful' } })
    )
    response.assertStatus(200)
    await assertNotCredited(assert, deposit, before, 'declined')
  })

  test('the body is not trusted: a transaction of another tx_ref is refused with 400', async ({
    client,
    assert,
  }) => {
    const { customer, deposit, before } = await pendingFlwDeposit()
    const other = await pendingDeposit(customer, 'flutterwave', '1.00')
    const tx = fake.pay(other.txRef, { amount: '1.00', currency: 'USD' })
    // A genuine paid 1.00 transaction, presented as paying the 102.50 deposit.
    const response = await postWebhook(
      client,
      fake.webhook(tx.id, { data: { tx_ref: deposit.txRef, amount: 102.5 } })
    )
    response.assertStatus(400)
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('the body is not trusted: an amount raised in the body is checked against the API’s', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingFlwDeposit()
    const tx = fake.pay(deposit.txRef, { amount: '10.00', currency: 'USD' })
    const response = await postWebhook(
      client,
      fake.webhook(tx.id, { data: { amount: 102.5, charged_amount: 102.5 } })
    )
    response.assertStatus(200)
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('an underpaid or wrong-currency transaction is not credited', async ({ client, assert }) => {
    const { deposit, before } = await pendingFlwDeposit()
    const underpaid = fake.pay(deposit.txRef, { amount: '102.49', currency: 'USD' })
    const naira = fake.pay(deposit.txRef, { amount: '102.50', currency: 'NGN' })
    for (const tx of [underpaid, naira]) {
      const response = await postWebhook(client, fake.webhook(tx.id))
      response.assertStatus(200)
    }
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('a pending transaction leaves the deposit pending; an unknown id is refused', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingFlwDeposit()
    const tx = fake.pay(deposit.txRef, { ...paidInFull(deposit), status: 'pending' })
    ;(await postWebhook(client, fake.webhook(tx.id))).assertStatus(200)
    const unknown = await postWebhook(
      client,
      fake.webhook(999_999_999, { data: { tx_ref: deposit.txRef } })
    )
    unknown.assertStatus(400)
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('events other than charge.completed are acknowledged and ignored', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingFlwDeposit()
    const tx = fake.pay(deposit.txRef, paidInFull(deposit))
    const webhook = fake.webhook(tx.id)
    const body = webhook.body.replace('"charge.completed"', '"transfer.completed"')
    const response = await client.post(NOTIFY).headers(webhook.headers).unsafeJson(body)
    response.assertStatus(200)
    await assertNotCredited(assert, deposit, before, 'pending')
  })
})

test.group(
  'Flutterwave: the customer returns (GET /payments/flutterwave/return/:txRef)',
  (group) => {
    isolate(group)
    withoutOtherDeposits(group)
    withFake(group)

    function returnFrom(
      client: ApiClient,
      deposit: Deposit,
      query: Record<string, string | number>
    ) {
      return client.get(`/payments/flutterwave/return/${deposit.txRef}`).qs(query).redirects(0)
    }

    test('the redirect’s transaction_id is verified with the API and settles the deposit once', async ({
      client,
      assert,
    }) => {
      const { customer, deposit, before } = await pendingFlwDeposit()
      const tx = fake.pay(deposit.txRef, paidInFull(deposit))
      const response = await returnFrom(client, deposit, {
        status: 'successful',
        tx_ref: deposit.txRef,
        transaction_id: tx.id,
      }).loginAs(customer)
      response.assertStatus(302)
      assert.equal(response.header('location'), '/deposits?status=success&amount=100.00')
      await assertCreditedOnce(assert, deposit, before, String(tx.id))

      // The webhook arriving afterwards finds it decided.
      ;(await postWebhook(client, fake.webhook(tx.id))).assertStatus(200)
      await assertCreditedOnce(assert, deposit, before, String(tx.id))
    })

    test('a transaction_id of another tx_ref, or a "successful" status the API does not confirm, settles nothing', async ({
      client,
      assert,
    }) => {
      const { customer, deposit, before } = await pendingFlwDeposit()
      const other = await pendingDeposit(customer, 'flutterwave', '500.00')
      const othersTx = fake.pay(other.txRef, { amount: '512.50', currency: 'USD' })
      const ownPending = fake.pay(deposit.txRef, { ...paidInFull(deposit), status: 'pending' })

      for (const transactionId of [othersTx.id, ownPending.id]) {
        const response = await returnFrom(client, deposit, {
          status: 'successful',
          tx_ref: deposit.txRef,
          transaction_id: transactionId,
        }).loginAs(customer)
        response.assertStatus(302)
        assert.equal(response.header('location'), '/deposits?status=pending&amount=100.00')
      }
      await assertNotCredited(assert, deposit, before, 'pending')
    })

    test('a cancelled checkout (no transaction_id) leaves the deposit pending', async ({
      client,
      assert,
    }) => {
      const { customer, deposit, before } = await pendingFlwDeposit()
      const verifyCalls = fake.calls.verify
      const response = await returnFrom(client, deposit, {
        status: 'cancelled',
        tx_ref: deposit.txRef,
      }).loginAs(customer)
      response.assertStatus(302)
      assert.equal(fake.calls.verify, verifyCalls)
      await assertNotCredited(assert, deposit, before, 'pending')
    })
  }
)
