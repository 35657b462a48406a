import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import Deposit from '#models/deposit'
import type User from '#models/user'
import { startDeposit, PROVIDER_FAILED } from '#actions/deposits/start_deposit'
import { overrideProviderBase } from '#services/payments/endpoints'
import { money } from '#domain/money'
import { CoinPaymentsFake, type SignedIpn } from '#tests/fakes/coinpayments_fake'
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
import { DEMO, demoUser } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { refusal, withProviderFake } from '#tests/helpers/provider_payments'

const ACCOUNT = {
  publicKey: 'cp-public-7f3a',
  privateKey: 'cp-private-Zx9+q/w',
  merchantId: 'b3e0c1f2a4d5e6f708192a3b4c5d6e7f',
  ipnSecret: 'ipn s3cret &=+',
}
const KEYS = {
  key1: ACCOUNT.publicKey,
  key2: ACCOUNT.privateKey,
  key3: 'BTC',
  key4: ACCOUNT.merchantId,
  key5: ACCOUNT.ipnSecret,
}
const BASE = process.env.APP_URL ?? `http://localhost:${process.env.PORT}`
const NOTIFY = '/payments/coinpayments/notify'

let fake: CoinPaymentsFake

function withFake(group: Group) {
  const current = withProviderFake(group, 'coinpayments', () => CoinPaymentsFake.start(ACCOUNT))
  group.each.setup(() => {
    fake = current()
  })
}

/** POST /deposits' use case for a customer (a new KYC-approved one unless given): 100 USD with a 2.5 % fee (total 102.50). */
async function startCoinDeposit(keys: Partial<typeof KEYS> = {}, user?: User) {
  const customer = user ?? (await UserFactory.apply('kycApproved').create())
  await configureGateway('coinpayments', { ...KEYS, ...keys }, { fee: '2.5' })
  const wallet = await realWalletOf(customer)
  return startDeposit({
    user: customer,
    balanceId: wallet.id,
    amount: '100',
    gateway: 'coinpayments',
    baseUrl: BASE,
  })
}

function postIpn(client: ApiClient, ipn: SignedIpn) {
  return client.post(NOTIFY).headers(ipn.headers).unsafeForm(ipn.body)
}

/** A paid IPN for a pending deposit made without the API (its total, in USD). */
function paidIpnFor(
  deposit: Deposit,
  fields: Record<string, string> = {},
  options: { secret?: string } = {}
) {
  const total = money(deposit.total).toFixed(2)
  return fake.ipn(
    { invoice: deposit.txRef, custom: deposit.txRef, amount1: total, currency1: 'USD', ...fields },
    options
  )
}

test.group('CoinPayments: starting a deposit (create_transaction)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  withFake(group)

  test('creates the transaction for amount + fee with our references and keeps the checkout link', async ({
    assert,
  }) => {
    const before = fake.transactions.length
    const { deposit, paymentLink } = await startCoinDeposit({}, await demoUser(DEMO.customer))

    assert.lengthOf(fake.transactions, before + 1)
    const tx = fake.transactions.at(-1)!
    assert.containsSubset(tx.fields, {
      version: '1',
      cmd: 'create_transaction',
      key: ACCOUNT.publicKey,
      format: 'json',
      amount: '102.50',
      currency1: 'USD',
      currency2: 'BTC',
      buyer_email: DEMO.customer,
      buyer_name: 'Carla Customer',
      item_name: `Deposit #${deposit.id}`,
      invoice: deposit.txRef,
      custom: deposit.txRef,
      ipn_url: `${BASE}/payments/coinpayments/notify`,
      success_url: `${BASE}/payments/coinpayments/return/${deposit.txRef}`,
      cancel_url: `${BASE}/deposits?status=cancelled`,
    })

    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(money(deposit.total).toFixed(2), '102.50')
    assert.equal(deposit.providerReference, tx.txn_id)
    assert.equal(deposit.paymentLink, paymentLink)
    assert.match(
      paymentLink,
      new RegExp(`^${fake.url}/index\\.php\\?cmd=checkout&id=${tx.txn_id}&`)
    )
  })

  test('a refused transaction is a 502 and the deposit is declined', async ({ assert }) => {
    fake.failNext('This currency is not enabled for your account')
    const error = await refusal(startCoinDeposit())
    assert.equal(error.status, 502)
    assert.equal(error.message, PROVIDER_FAILED)
    const deposit = await Deposit.query().firstOrFail()
    assert.equal(deposit.status, 'declined')
    assert.isNull(deposit.paymentLink)
    assert.lengthOf(await depositEntries(deposit), 0)
  })

  test('a call signed with the wrong private key is refused by CoinPayments: 502, declined', async ({
    assert,
  }) => {
    const before = fake.transactions.length
    const error = await refusal(startCoinDeposit({ key2: 'not-the-private-key' }))
    assert.equal(error.status, 502)
    assert.lengthOf(fake.transactions, before)
    assert.equal((await Deposit.query().firstOrFail()).status, 'declined')
  })

  test('an unreachable API is a 502 and the deposit is declined', async ({ assert }) => {
    overrideProviderBase('coinpayments', 'http://127.0.0.1:9')
    try {
      const error = await refusal(startCoinDeposit())
      assert.equal(error.status, 502)
    } finally {
      overrideProviderBase('coinpayments', fake.url)
    }
    assert.equal((await Deposit.query().firstOrFail()).status, 'declined')
  })
})

test.group('CoinPayments: IPN (POST /payments/coinpayments/notify)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  withFake(group)

  test('the IPN CoinPayments posts to ipn_url credits the deposit once; a replay changes nothing', async ({
    assert,
  }) => {
    const { deposit } = await startCoinDeposit()
    const before = await walletBalance(deposit.balanceId)
    const tx = fake.transactions.at(-1)!
    const ipn = fake.ipnFor(tx.txn_id, { status: '100', status_text: 'Complete' })

    const first = await fake.deliver(tx.ipn_url!, ipn)
    assert.deepEqual(first, { status: 200, text: 'IPN OK' })
    await assertCreditedOnce(assert, deposit, before, tx.txn_id)
    assert.equal(money(deposit.balanceAfter).minus(before).toFixed(2), '100.00')

    const replay = await fake.deliver(tx.ipn_url!, ipn)
    assert.deepEqual(replay, { status: 200, text: 'IPN OK' })
    await assertCreditedOnce(assert, deposit, before, tx.txn_id)
  })

  test('status 2 (queued for nightly payout) counts as paid', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    await configureGateway('coinpayments', KEYS)
    const deposit = await pendingDeposit(customer, 'coinpayments', '250.00')
    const before = await walletBalance(deposit.balanceId)
    const response = await postIpn(
      client,
      paidIpnFor(deposit, { status: '2', status_text: 'Queued for payout' })
    )
    response.assertStatus(200)
    assert.equal(response.text(), 'IPN OK')
    await assertCreditedOnce(assert, deposit, before)
  })

  test('forged IPNs are refused with 400 and credit nothing', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    await configureGateway('coinpayments', KEYS)
    const deposit = await pendingDeposit(customer, 'coinpayments', '100.00')
    const before = await walletBalance(deposit.balanceId)

    const genuineWaiting = paidIpnFor(deposit, {
      status: '0',
      status_text: 'Waiting for buyer funds',
    })
    const forgeries: Record<string, SignedIpn> = {
      'signed with another secret': paidIpnFor(
        deposit,
        { status: '100' },
        { secret: 'guessed-secret' }
      ),
      'status edited after signing': {
        body: genuineWaiting.body.replace('status=0', 'status=100'),
        headers: genuineWaiting.headers,
      },
      'amount edited after signing': (() => {
        const genuine = paidIpnFor(deposit, { status: '100', amount1: '1.00' })
        return {
          body: genuine.body.replace('amount1=1.00', 'amount1=100.00'),
          headers: genuine.headers,
        }
      })(),
      'no HMAC header': { body: paidIpnFor(deposit, { status: '100' }).body, headers: {} },
      'another merchant (signed with its own secret)': paidIpnFor(deposit, {
        status: '100',
        merchant: 'someone-else',
      }),
      'not in HMAC mode': paidIpnFor(deposit, { status: '100', ipn_mode: 'httpauth' }),
    }
    for (const [what, ipn] of Object.entries(forgeries)) {
      const response = await postIpn(client, ipn)
      assert.equal(response.status(), 400, what)
    }
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('an underpaid or wrong-currency payment is not credited and stays for staff', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    await configureGateway('coinpayments', KEYS)
    const deposit = await pendingDeposit(customer, 'coinpayments', '100.00', '2.5')
    const before = await walletBalance(deposit.balanceId)

    // The amount without the fee: less than the 102.50 total.
    const underpaid = await postIpn(
      client,
      paidIpnFor(deposit, { status: '100', amount1: '100.00' })
    )
    underpaid.assertStatus(200)
    const otherCurrency = await postIpn(
      client,
      paidIpnFor(deposit, { status: '100', currency1: 'EUR' })
    )
    otherCurrency.assertStatus(200)
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('waiting and confirming IPNs leave the deposit pending', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    await configureGateway('coinpayments', KEYS)
    const deposit = await pendingDeposit(customer, 'coinpayments', '100.00')
    const before = await walletBalance(deposit.balanceId)
    for (const status of ['0', '1', '3']) {
      const response = await postIpn(client, paidIpnFor(deposit, { status }))
      response.assertStatus(200)
    }
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('a cancelled or timed-out payment (status -1) declines the deposit; coins that arrive later still credit it, once', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    await configureGateway('coinpayments', KEYS)
    const deposit = await pendingDeposit(customer, 'coinpayments', '100.00')
    const before = await walletBalance(deposit.balanceId)

    const cancelled = await postIpn(
      client,
      paidIpnFor(deposit, { status: '-1', status_text: 'Cancelled / Timed Out' })
    )
    cancelled.assertStatus(200)
    await assertNotCredited(assert, deposit, before, 'declined')

    // The provider's verified 'paid' overturns its own decline: the customer's coins are never lost.
    const late = await postIpn(client, paidIpnFor(deposit, { status: '100' }))
    late.assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
    ;(await postIpn(client, paidIpnFor(deposit, { status: '100' }))).assertStatus(200)
    await assertCreditedOnce(assert, deposit, before)
  })

  test('an IPN for a deposit of another gateway or an unknown invoice moves nothing', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    await configureGateway('coinpayments', KEYS)
    const stripeDeposit = await pendingDeposit(customer, 'stripe', '100.00')
    const before = await walletBalance(stripeDeposit.balanceId)
    const response = await postIpn(client, paidIpnFor(stripeDeposit, { status: '100' }))
    response.assertStatus(200)
    const unknown = await postIpn(
      client,
      fake.ipn({ invoice: 'no-such-invoice', amount1: '1.00', currency1: 'USD' })
    )
    unknown.assertStatus(200)
    await assertNotCredited(assert, stripeDeposit, before, 'pending')
  })
})
