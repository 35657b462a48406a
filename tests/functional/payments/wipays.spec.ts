import { createHmac } from 'node:crypto'
import { test } from '@japa/runner'
import Deposit from '#models/deposit'
import adapter from '#services/payments/adapters/wipays'
import { overrideProviderBase } from '#services/payments/endpoints'
import { ProviderError } from '#services/payments/types'
import { PROVIDER_FAILED } from '#actions/deposits/start_deposit'
import { money } from '#domain/money'
import { WipaysFake } from '#tests/fakes/wipays_fake'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { isolate } from '#tests/helpers/isolation'
import {
  SITE,
  assertCreditedOnce,
  assertNothingCredited,
  postRaw,
  startOnline,
  startOnlineFails,
} from '#tests/helpers/provider_payments'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'

const KEYS = { publicKey: 'wipays_public_123', secretKey: 'wipays_secret_456' }

function configureWipays(keys: Partial<typeof KEYS> = {}) {
  return configureGateway(
    'wipays',
    {
      key1: keys.publicKey ?? KEYS.publicKey,
      key2: keys.secretKey ?? KEYS.secretKey,
      key3: 'pay.merchant-wipays.test',
    },
    { fee: '1.5' }
  )
}

/** A pending WiPays deposit of 200 + 1.5% fee = 203.00, and the balance before it. */
async function pendingWipaysDeposit() {
  const customer = await UserFactory.create()
  const before = (await realWalletOf(customer)).balance
  const deposit = await pendingDeposit(customer, 'wipays', '200.00', '1.5')
  return { customer, deposit, before }
}

test.group('WiPays: initiating the payment (POST {host}/payment/initiate)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  let fake: WipaysFake
  group.setup(async () => {
    fake = await WipaysFake.start(KEYS)
    overrideProviderBase('wipays', fake.url)
    return async () => {
      overrideProviderBase('wipays', null)
      await fake.close()
    }
  })
  group.each.setup(() => {
    fake.initiated = []
  })

  test('asks for the total with fee in the wallet currency under our reference; the customer goes to redirect_url', async ({
    assert,
  }) => {
    await configureWipays()
    // KYC approved: kycDeposit is on.
    const customer = await UserFactory.apply('kycApproved').create()
    const { deposit, paymentLink } = await startOnline(customer, 'wipays', '200.00')

    assert.lengthOf(fake.initiated, 1)
    assert.containsSubset(fake.initiated[0], {
      public_key: KEYS.publicKey,
      amount: '203.00',
      currency: 'USD',
      identifier: deposit.txRef,
      details: `Deposit #${deposit.id}`,
      ipn_url: `${SITE}/payments/wipays/notify`,
      success_url: `${SITE}/payments/wipays/return/${deposit.txRef}`,
      cancel_url: `${SITE}/deposits?status=cancelled`,
      site_name: 'broker.test',
      customer: { email: customer.email },
    })
    assert.notProperty(fake.initiated[0], 'secret_key')
    assert.notInclude(JSON.stringify(fake.initiated[0]), KEYS.secretKey)
    assert.match(paymentLink, new RegExp(`^${fake.url}/payment/checkout\\?payment_trx=[0-9A-F]+$`))

    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(deposit.paymentLink, paymentLink)
  })

  test('WiPays failing or refusing the key answers 502 and declines the deposit', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const before = (await realWalletOf(customer)).balance

    await configureWipays()
    fake.failNext(500)
    const failed = await startOnlineFails(customer, 'wipays', '200.00')
    assert.equal(failed.status, 502)
    assert.equal(failed.message, PROVIDER_FAILED)

    await configureWipays({ publicKey: 'not-the-key' })
    assert.equal((await startOnlineFails(customer, 'wipays', '50.00')).status, 502)

    const deposits = await Deposit.query().where('gateway', 'wipays').orderBy('id')
    assert.lengthOf(deposits, 2)
    for (const deposit of deposits) await assertNothingCredited(assert, deposit, before, 'declined')
  })

  test('without an API host the adapter refuses to start (ProviderError)', async ({ assert }) => {
    const customer = await UserFactory.create()
    const deposit = await pendingDeposit(customer, 'wipays')
    const order = {
      depositId: deposit.id,
      txRef: deposit.txRef,
      total: '100.00',
      currency: 'USD',
      customer: { email: customer.email, fullName: customer.fullName, phone: null },
      urls: { returnUrl: `${SITE}/r`, cancelUrl: `${SITE}/c`, notifyUrl: `${SITE}/n` },
    }
    const settings = {
      value: 'wipays' as const,
      name: 'WiPays',
      key1: 'k',
      key2: 's',
      key3: '  ',
      key4: null,
      key5: null,
    }
    await assert.rejects(() => adapter.start(settings, order), ProviderError)
    await assert.rejects(() => adapter.start({ ...settings, key3: null }, order), ProviderError)
    assert.lengthOf(fake.initiated, 0)
  })
})

test.group('WiPays: IPN (POST /payments/wipays/notify)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  let fake: WipaysFake
  group.setup(async () => {
    fake = await WipaysFake.start(KEYS)
    return () => fake.close()
  })
  group.each.setup(async () => {
    await configureWipays()
  })

  test('a signed successful checkout IPN credits once; the replay changes nothing', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingWipaysDeposit()
    const ipn = fake.ipn({ identifier: deposit.txRef, amount: 203, currency: 'USD' })

    ;(await postRaw(client, 'wipays', JSON.stringify(ipn))).assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
    assert.equal(deposit.providerReference, ipn.data.trx)

    ;(await postRaw(client, 'wipays', JSON.stringify(ipn))).assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
  })

  test('a form-encoded IPN is verified the same way', async ({ client, assert }) => {
    const { deposit, before } = await pendingWipaysDeposit()
    const ipn = fake.ipn({ identifier: deposit.txRef, amount: '203.00', currency: 'USD' })
    ;(await client.post('/payments/wipays/notify').form(ipn)).assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
  })

  test('forged IPNs get 400 and credit nothing', async ({ client, assert }) => {
    const { customer, deposit, before } = await pendingWipaysDeposit()
    const other = await pendingDeposit(customer, 'wipays', '200.00', '1.5')
    const genuine = fake.ipn({ identifier: deposit.txRef, amount: 203 })

    const wrongKey = fake.ipn({
      identifier: deposit.txRef,
      amount: 203,
      secret: 'someone-elses-secret',
    })
    ;(await postRaw(client, 'wipays', JSON.stringify(wrongKey))).assertStatus(400)
    // The signature covers identifier + timestamp: moving it to another deposit or time breaks it.
    ;(
      await postRaw(client, 'wipays', JSON.stringify({ ...genuine, identifier: other.txRef }))
    ).assertStatus(400)
    ;(
      await postRaw(
        client,
        'wipays',
        JSON.stringify({ ...genuine, timestamp: genuine.timestamp + 1 })
      )
    ).assertStatus(400)
    // Signed over data.timestamp or trx instead of the top-level timestamp: not WiPays' recipe.
    for (const wrongPart of [genuine.data.timestamp, genuine.data.trx]) {
      const signature = createHmac('sha256', KEYS.secretKey)
        .update(`${deposit.txRef}${wrongPart}`)
        .digest('hex')
        .toUpperCase()
      ;(await postRaw(client, 'wipays', JSON.stringify({ ...genuine, signature }))).assertStatus(
        400
      )
    }
    const { signature: _s, ...unsigned } = genuine
    ;(await postRaw(client, 'wipays', JSON.stringify(unsigned))).assertStatus(400)
    ;(await postRaw(client, 'wipays', JSON.stringify({ ...genuine, signature: '' }))).assertStatus(
      400
    )
    ;(await postRaw(client, 'wipays', JSON.stringify({ ...genuine, data: 'paid' }))).assertStatus(
      400
    )
    // Not JSON at all: the body parser refuses it before any adapter runs.
    assert.oneOf((await postRaw(client, 'wipays', 'not json at all')).status(), [400, 422])

    await assertNothingCredited(assert, deposit, before)
    await assertNothingCredited(assert, other, before)
  })

  test('underpaid, another currency, a chargeback or a non-success status is not credited', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingWipaysDeposit()
    const ipns = [
      fake.ipn({ identifier: deposit.txRef, amount: 202.99, currency: 'USD' }),
      fake.ipn({ identifier: deposit.txRef, amount: 203, currency: 'EUR' }),
      fake.ipn({ identifier: deposit.txRef, amount: 203, type: 'chargeback_initiated' }),
      fake.ipn({ identifier: deposit.txRef, amount: 203, type: 'chargeback_resolved' }),
      fake.ipn({ identifier: deposit.txRef, amount: 203, status: 'pending' }),
    ]
    for (const ipn of ipns) (await postRaw(client, 'wipays', JSON.stringify(ipn))).assertStatus(200)
    await assertNothingCredited(assert, deposit, before)
  })

  test('a failed payment declines the deposit; a paid retry of it then credits once', async ({
    client,
    assert,
  }) => {
    const { customer, deposit, before } = await pendingWipaysDeposit()
    ;(
      await postRaw(
        client,
        'wipays',
        JSON.stringify(fake.ipn({ identifier: deposit.txRef, status: 'failed' }))
      )
    ).assertStatus(200)
    await assertNothingCredited(assert, deposit, before, 'declined')
    // An underpaid "success" does not overturn the decline.
    const short = fake.ipn({ identifier: deposit.txRef, amount: 100 })
    ;(await postRaw(client, 'wipays', JSON.stringify(short))).assertStatus(200)
    await assertNothingCredited(assert, deposit, before, 'declined')
    const paid = fake.ipn({ identifier: deposit.txRef, amount: 203 })
    ;(await postRaw(client, 'wipays', JSON.stringify(paid))).assertStatus(200)
    ;(await postRaw(client, 'wipays', JSON.stringify(paid))).assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
    assert.equal(
      money((await realWalletOf(customer)).balance).toFixed(2),
      money(before).plus(200).toFixed(2)
    )
  })
})
