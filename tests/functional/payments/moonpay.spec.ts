import { test } from '@japa/runner'
import Deposit from '#models/deposit'
import { overrideProviderBase } from '#services/payments/endpoints'
import { money } from '#domain/money'
import { MoonpayFake } from '#tests/fakes/moonpay_fake'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { isolate } from '#tests/helpers/isolation'
import {
  SITE,
  assertCreditedOnce,
  assertNothingCredited,
  postRaw,
  startOnline,
} from '#tests/helpers/provider_payments'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'

const KEYS = {
  publicKey: 'pk_test_moonpay123',
  secretKey: 'sk_test_moonpay456',
  webhookKey: 'wk_test_moonpay789',
}
const WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'

function configureMoonpay(publicKey = KEYS.publicKey) {
  return configureGateway(
    'moonpay',
    { key1: publicKey, key2: KEYS.secretKey, key3: KEYS.webhookKey, key4: WALLET, key5: 'btc' },
    { fee: '2.5' }
  )
}

/** A pending MoonPay deposit of 100 + 2.5% fee = 102.50, and the balance before it. */
async function pendingMoonpayDeposit() {
  const customer = await UserFactory.create()
  const before = (await realWalletOf(customer)).balance
  const deposit = await pendingDeposit(customer, 'moonpay', '100.00', '2.5')
  return { customer, deposit, before }
}

/** What MoonPay reports for the deposit (the full total, to the merchant's wallet, unless overridden). */
function purchase(
  deposit: Deposit,
  overrides: Partial<Parameters<typeof MoonpayFake.transaction>[0]> = {}
) {
  return MoonpayFake.transaction({
    externalTransactionId: deposit.txRef,
    status: 'completed',
    baseCurrencyAmount: 102.5,
    baseCurrencyCode: 'usd',
    walletAddress: WALLET,
    currencyCode: 'btc',
    ...overrides,
  })
}

test.group('MoonPay: the signed widget link', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  let fake: MoonpayFake
  group.setup(async () => {
    fake = await MoonpayFake.start(KEYS)
    return () => fake.close()
  })

  test('buy-sandbox for a pk_test key: our reference, the total with fee, the wallet currency, signed last', async ({
    assert,
  }) => {
    await configureMoonpay()
    // KYC approved: kycDeposit is on.
    const customer = await UserFactory.apply('kycApproved').create()
    const { deposit, paymentLink } = await startOnline(customer, 'moonpay', '100.00')

    const url = new URL(paymentLink)
    assert.equal(url.origin, 'https://buy-sandbox.moonpay.com')
    assert.deepEqual(
      [...url.searchParams.keys()],
      [
        'apiKey',
        'currencyCode',
        'walletAddress',
        'baseCurrencyCode',
        'baseCurrencyAmount',
        'externalTransactionId',
        'email',
        'redirectURL',
        'signature',
      ]
    )
    assert.equal(url.searchParams.get('apiKey'), KEYS.publicKey)
    assert.equal(url.searchParams.get('currencyCode'), 'btc')
    assert.equal(url.searchParams.get('walletAddress'), WALLET)
    assert.equal(url.searchParams.get('baseCurrencyCode'), 'usd')
    assert.equal(url.searchParams.get('baseCurrencyAmount'), '102.50')
    assert.equal(url.searchParams.get('externalTransactionId'), deposit.txRef)
    assert.equal(url.searchParams.get('email'), customer.email)
    assert.equal(
      url.searchParams.get('redirectURL'),
      `${SITE}/payments/moonpay/return/${deposit.txRef}`
    )
    assert.isTrue(fake.widgetSignatureValid(paymentLink), 'the widget accepts the signature')
    assert.notInclude(paymentLink, KEYS.secretKey)
    assert.notInclude(paymentLink, KEYS.webhookKey)

    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(deposit.paymentLink, paymentLink)
    assert.equal(money(deposit.total).toFixed(2), '102.50')
  })

  test('a live key opens buy.moonpay.com; a link altered after signing no longer verifies', async ({
    assert,
  }) => {
    await configureMoonpay('pk_live_moonpay123')
    const customer = await UserFactory.apply('kycApproved').create()
    const { paymentLink } = await startOnline(customer, 'moonpay', '25.00')
    assert.isTrue(paymentLink.startsWith('https://buy.moonpay.com?apiKey=pk_live_moonpay123&'))
    assert.isTrue(fake.widgetSignatureValid(paymentLink))
    assert.isFalse(
      fake.widgetSignatureValid(
        paymentLink.replace('baseCurrencyAmount=25.63', 'baseCurrencyAmount=1.00')
      )
    )
    assert.isFalse(
      fake.widgetSignatureValid(paymentLink.replace(encodeURIComponent(WALLET), 'bc1qattacker'))
    )
  })
})

test.group('MoonPay: webhooks (POST /payments/moonpay/notify)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  let fake: MoonpayFake
  group.setup(async () => {
    fake = await MoonpayFake.start(KEYS)
    return () => fake.close()
  })
  group.each.setup(async () => {
    await configureMoonpay()
  })

  test('a signed completed purchase credits the deposit once; the replay changes nothing', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingMoonpayDeposit()
    const tx = purchase(deposit)
    const { rawBody, header } = fake.webhook('transaction_updated', tx)

    const first = await postRaw(client, 'moonpay', rawBody, { 'Moonpay-Signature-V2': header })
    first.assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
    assert.equal(deposit.providerReference, tx.id)

    const replay = await postRaw(client, 'moonpay', rawBody, { 'Moonpay-Signature-V2': header })
    replay.assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
  })

  test('forged calls get 400 and credit nothing', async ({ client, assert }) => {
    const { customer, deposit, before } = await pendingMoonpayDeposit()
    const tx = purchase(deposit)
    const genuine = fake.webhook('transaction_updated', tx)

    const wrongKey = fake.webhook('transaction_updated', tx, { key: 'wk_test_someone_else' })
    ;(
      await postRaw(client, 'moonpay', wrongKey.rawBody, {
        'Moonpay-Signature-V2': wrongKey.header,
      })
    ).assertStatus(400)

    const tampered = genuine.rawBody.replace(
      deposit.txRef,
      (await pendingDeposit(customer, 'moonpay')).txRef
    )
    ;(
      await postRaw(client, 'moonpay', tampered, { 'Moonpay-Signature-V2': genuine.header })
    ).assertStatus(400)

    ;(await postRaw(client, 'moonpay', genuine.rawBody)).assertStatus(400)
    ;(
      await postRaw(client, 'moonpay', genuine.rawBody, { 'Moonpay-Signature-V2': 'garbage' })
    ).assertStatus(400)
    // Signed by MoonPay's key, legacy header only: not the V2 signature.
    ;(
      await postRaw(client, 'moonpay', genuine.rawBody, { 'Moonpay-Signature': genuine.header })
    ).assertStatus(400)

    const stale = fake.webhook('transaction_updated', tx, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    })
    const refused = await postRaw(client, 'moonpay', stale.rawBody, {
      'Moonpay-Signature-V2': stale.header,
    })
    refused.assertStatus(400)
    assert.equal(refused.body().message, 'Moonpay-Signature-V2 stale')

    await assertNothingCredited(assert, deposit, before)
  })

  test('less than the total, another currency, or crypto sent elsewhere is not credited', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingMoonpayDeposit()
    const cases = [
      purchase(deposit, { baseCurrencyAmount: 102.49 }),
      purchase(deposit, { baseCurrencyCode: 'eur' }),
      purchase(deposit, { walletAddress: 'bc1qsomeoneelseswallet000000000000000000000' }),
      purchase(deposit, { currencyCode: 'eth' }),
    ]
    for (const tx of cases) {
      const { rawBody, header } = fake.webhook('transaction_updated', tx)
      ;(await postRaw(client, 'moonpay', rawBody, { 'Moonpay-Signature-V2': header })).assertStatus(
        200
      )
    }
    await assertNothingCredited(assert, deposit, before)
  })

  test('in progress leaves the deposit pending; failed declines it; a completed retry then credits it once', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingMoonpayDeposit()
    const created = fake.webhook(
      'transaction_created',
      purchase(deposit, { status: 'waitingAuthorization' })
    )
    ;(
      await postRaw(client, 'moonpay', created.rawBody, { 'Moonpay-Signature-V2': created.header })
    ).assertStatus(200)
    await assertNothingCredited(assert, deposit, before)

    const failed = fake.webhook('transaction_failed', purchase(deposit, { status: 'failed' }))
    ;(
      await postRaw(client, 'moonpay', failed.rawBody, { 'Moonpay-Signature-V2': failed.header })
    ).assertStatus(200)
    await assertNothingCredited(assert, deposit, before, 'declined')

    // The customer retries in the widget (same externalTransactionId) and pays: MoonPay's own decline yields, once.
    const retried = fake.webhook('transaction_updated', purchase(deposit))
    ;(
      await postRaw(client, 'moonpay', retried.rawBody, { 'Moonpay-Signature-V2': retried.header })
    ).assertStatus(200)
    ;(
      await postRaw(client, 'moonpay', retried.rawBody, { 'Moonpay-Signature-V2': retried.header })
    ).assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
  })

  test('signed events that are not Buy transactions, or name no deposit of ours, are acknowledged and ignored', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingMoonpayDeposit()
    const other = fake.webhook('sell_transaction_updated', purchase(deposit))
    ;(
      await postRaw(client, 'moonpay', other.rawBody, { 'Moonpay-Signature-V2': other.header })
    ).assertStatus(200)
    const anonymous = fake.webhook(
      'transaction_updated',
      purchase(deposit, { externalTransactionId: null })
    )
    ;(
      await postRaw(client, 'moonpay', anonymous.rawBody, {
        'Moonpay-Signature-V2': anonymous.header,
      })
    ).assertStatus(200)
    const unknown = fake.webhook('transaction_updated', {
      ...purchase(deposit),
      externalTransactionId: '0b7f2c1e-0000-4000-8000-000000000000',
    })
    ;(
      await postRaw(client, 'moonpay', unknown.rawBody, { 'Moonpay-Signature-V2': unknown.header })
    ).assertStatus(200)
    await assertNothingCredited(assert, deposit, before)
  })
})

test.group(
  'MoonPay: the customer returns (transaction lookup by externalTransactionId)',
  (group) => {
    isolate(group)
    withoutOtherDeposits(group)
    let fake: MoonpayFake
    group.setup(async () => {
      fake = await MoonpayFake.start(KEYS)
      overrideProviderBase('moonpay-api', fake.url)
      return async () => {
        overrideProviderBase('moonpay-api', null)
        await fake.close()
      }
    })
    group.each.setup(async () => {
      await configureMoonpay()
    })

    test('a completed purchase found by our reference settles the deposit on return', async ({
      client,
      assert,
    }) => {
      const { customer, deposit, before } = await pendingMoonpayDeposit()
      fake.record(purchase(deposit, { status: 'failed' }))
      fake.record(purchase(deposit))
      const response = await client
        .get(`/payments/moonpay/return/${deposit.txRef}`)
        .loginAs(customer)
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/deposits?status=success&amount=100.00')
      await assertCreditedOnce(assert, deposit, before)
      const call = fake.lookups.at(-1)!
      assert.equal(call.path, `/v1/transactions/ext/${deposit.txRef}`)
      assert.equal(call.apiKey, KEYS.publicKey)
      assert.equal(call.authorization, `Api-Key ${KEYS.secretKey}`)
    })

    test('nothing found yet, or MoonPay failing, leaves the deposit pending', async ({
      client,
      assert,
    }) => {
      const { customer, deposit, before } = await pendingMoonpayDeposit()
      const first = await client
        .get(`/payments/moonpay/return/${deposit.txRef}`)
        .loginAs(customer)
        .redirects(0)
      first.assertHeader('location', '/deposits?status=pending&amount=100.00')
      fake.failNext(500)
      const second = await client
        .get(`/payments/moonpay/return/${deposit.txRef}`)
        .loginAs(customer)
        .redirects(0)
      second.assertHeader('location', '/deposits?status=pending&amount=100.00')
      await assertNothingCredited(assert, deposit, before)
    })

    test('a purchase delivered to another wallet is not credited on return either', async ({
      client,
      assert,
    }) => {
      const { customer, deposit, before } = await pendingMoonpayDeposit()
      fake.record(
        purchase(deposit, { walletAddress: 'bc1qsomeoneelseswallet000000000000000000000' })
      )
      await client.get(`/payments/moonpay/return/${deposit.txRef}`).loginAs(customer).redirects(0)
      await assertNothingCredited(assert, deposit, before)
      assert.isTrue(await balanceMatchesLedger(deposit.balanceId))
    })
  }
)
