import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import type { ApiClient } from '@japa/api-client'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import { startDeposit, PROVIDER_FAILED } from '#actions/deposits/start_deposit'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { PerfectMoneyFake, type StatusPost } from '#tests/fakes/perfectmoney_fake'
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
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { refusal, withProviderFake } from '#tests/helpers/provider_payments'

const ACCOUNT = { wallets: ['U1234567', 'E7654321'], alternatePassphrase: 'Alt Pass:phrase 9' }
const KEYS = { key1: 'U1234567', key2: 'E7654321', key3: ACCOUNT.alternatePassphrase }
const BASE = process.env.APP_URL ?? `http://localhost:${process.env.PORT}`
const NOTIFY = '/payments/perfectmoney/notify'

let fake: PerfectMoneyFake

function withFake(group: Group) {
  const current = withProviderFake(group, 'perfectmoney', () => PerfectMoneyFake.start(ACCOUNT))
  group.each.setup(() => {
    fake = current()
  })
}

/** POST /deposits' use case for a customer (KYC approved, as deposits require): 100 with a 2.5 % fee (total 102.50) in the wallet's currency. */
async function startPmDeposit(options: { keys?: Partial<typeof KEYS>; currency?: string } = {}) {
  const customer = await UserFactory.apply('kycApproved').create()
  await configureGateway('perfectmoney', { ...KEYS, ...options.keys }, { fee: '2.5' })
  const wallet = await realWalletOf(customer)
  if (options.currency)
    await Balance.query().where('id', wallet.id).update({ currency: options.currency })
  return startDeposit({
    user: customer,
    balanceId: wallet.id,
    amount: '100',
    gateway: 'perfectmoney',
    baseUrl: BASE,
  })
}

function postStatus(client: ApiClient, post: StatusPost) {
  return client.post(NOTIFY).unsafeForm(post.body)
}

/** A pending USD deposit (100 + 2.5 % = 102.50) the customer was sent to pay. */
async function pendingPmDeposit() {
  const customer = await UserFactory.create()
  await configureGateway('perfectmoney', KEYS)
  const deposit = await pendingDeposit(customer, 'perfectmoney', '100.00', '2.5')
  return { customer, deposit, before: await walletBalance(deposit.balanceId) }
}

/** The STATUS_URL post for a full USD payment of the deposit to our USD wallet. */
function paidInFull(
  deposit: Deposit,
  overrides: Record<string, string> = {},
  options: Parameters<PerfectMoneyFake['complete']>[2] = {}
) {
  const fields = {
    PAYEE_ACCOUNT: KEYS.key1,
    PAYMENT_AMOUNT: money(deposit.total).toFixed(2),
    PAYMENT_UNITS: 'USD',
    ...overrides,
  }
  return fake.complete(deposit.txRef, fields, options)
}

test.group('Perfect Money: starting a deposit (SCI first-step form)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  withFake(group)

  test('the link is the step1 address with the form fields; the posted form is accepted', async ({
    assert,
  }) => {
    const { deposit, paymentLink } = await startPmDeposit()
    const link = new URL(paymentLink)
    assert.equal(`${link.origin}${link.pathname}`, `${fake.url}/api/step1.asp`)
    assert.deepEqual(Object.fromEntries(link.searchParams), {
      PAYEE_ACCOUNT: 'U1234567',
      PAYEE_NAME: (await settings.site()).appName,
      PAYMENT_AMOUNT: '102.50',
      PAYMENT_UNITS: 'USD',
      PAYMENT_ID: deposit.txRef,
      STATUS_URL: `${BASE}/payments/perfectmoney/notify`,
      PAYMENT_URL: `${BASE}/payments/perfectmoney/return/${deposit.txRef}`,
      PAYMENT_URL_METHOD: 'GET',
      NOPAYMENT_URL: `${BASE}/deposits?status=cancelled`,
      NOPAYMENT_URL_METHOD: 'GET',
      SUGGESTED_MEMO: `Deposit #${deposit.id}`,
    })
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(deposit.paymentLink, paymentLink)
    assert.isNull(deposit.providerReference)

    // What the customer's browser does with the link: a hidden form posted to its address.
    const page = await fake.submitLink(paymentLink)
    assert.equal(page.status, 200)
    assert.include(page.text, 'Pay 102.50 USD')
    assert.equal(fake.payments.at(-1)!.form.PAYMENT_ID, deposit.txRef)
  })

  test('a EUR wallet pays to the EUR wallet in EUR', async ({ assert }) => {
    const { paymentLink } = await startPmDeposit({ currency: 'EUR' })
    const fields = new URL(paymentLink).searchParams
    assert.equal(fields.get('PAYEE_ACCOUNT'), 'E7654321')
    assert.equal(fields.get('PAYMENT_UNITS'), 'EUR')
    assert.equal((await fake.submitLink(paymentLink)).status, 200)
  })

  test('a currency with no configured wallet is a 502 and the deposit is declined', async ({
    assert,
  }) => {
    const error = await refusal(startPmDeposit({ currency: 'GBP' }))
    assert.equal(error.status, 502)
    assert.equal(error.message, PROVIDER_FAILED)
    assert.equal((await Deposit.query().firstOrFail()).status, 'declined')

    await Deposit.query().delete()
    const noUsdWallet = await refusal(startPmDeposit({ keys: { key1: '' } }))
    assert.equal(noUsdWallet.status, 502)
    const deposit = await Deposit.query().firstOrFail()
    assert.equal(deposit.status, 'declined')
    assert.lengthOf(await depositEntries(deposit), 0)
  })
})

test.group('Perfect Money: STATUS_URL (POST /payments/perfectmoney/notify)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  withFake(group)

  test('the signed STATUS_URL post credits the deposit once; a replay changes nothing', async ({
    client,
    assert,
  }) => {
    const { deposit, paymentLink } = await startPmDeposit()
    const before = await walletBalance(deposit.balanceId)
    await fake.submitLink(paymentLink)
    const post = fake.complete(deposit.txRef)
    assert.equal(post.url, `${BASE}${NOTIFY}`)

    const first = await postStatus(client, post)
    first.assertStatus(200)
    await assertCreditedOnce(assert, deposit, before, post.fields.PAYMENT_BATCH_NUM)

    const replay = await postStatus(client, post)
    replay.assertStatus(200)
    await assertCreditedOnce(assert, deposit, before, post.fields.PAYMENT_BATCH_NUM)
  })

  test('forged posts are refused with 400 and credit nothing', async ({ client, assert }) => {
    const { deposit, before } = await pendingPmDeposit()
    const withoutHash = paidInFull(deposit)
    delete withoutHash.fields.V2_HASH
    const withoutPayer = paidInFull(deposit)
    delete withoutPayer.fields.PAYER_ACCOUNT
    const forgeries: Record<string, Record<string, string>> = {
      'signed with another passphrase': paidInFull(deposit, {}, { passphrase: 'guessed' }).fields,
      'amount raised after signing': paidInFull(
        deposit,
        { PAYMENT_AMOUNT: '1.00' },
        { tamper: { PAYMENT_AMOUNT: '102.50' } }
      ).fields,
      'deposit swapped after signing': paidInFull(
        deposit,
        { PAYMENT_ID: 'someone-elses-order' },
        { tamper: { PAYMENT_ID: deposit.txRef } }
      ).fields,
      'no V2_HASH': withoutHash.fields,
      'a hashed field missing': withoutPayer.fields,
      'paid to a wallet that is not ours': paidInFull(deposit, { PAYEE_ACCOUNT: 'U0000001' })
        .fields,
      'our EUR wallet with USD units': paidInFull(deposit, { PAYEE_ACCOUNT: KEYS.key2 }).fields,
    }
    for (const [what, fields] of Object.entries(forgeries)) {
      const response = await client.post(NOTIFY).unsafeForm(new URLSearchParams(fields).toString())
      assert.equal(response.status(), 400, what)
    }
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('an underpaid or wrong-currency payment is not credited and stays for staff', async ({
    client,
    assert,
  }) => {
    const { deposit, before } = await pendingPmDeposit()
    // The amount without the fee: less than the 102.50 total.
    ;(await postStatus(client, paidInFull(deposit, { PAYMENT_AMOUNT: '100.00' }))).assertStatus(200)
    // A genuine EUR payment to our EUR wallet for a USD deposit.
    const euros = paidInFull(deposit, { PAYEE_ACCOUNT: KEYS.key2, PAYMENT_UNITS: 'EUR' })
    ;(await postStatus(client, euros)).assertStatus(200)
    await assertNotCredited(assert, deposit, before, 'pending')
  })

  test('the customer coming back (PAYMENT_URL) settles nothing: only STATUS_URL does', async ({
    client,
    assert,
  }) => {
    const { customer, deposit, before } = await pendingPmDeposit()
    const response = await client
      .get(`/payments/perfectmoney/return/${deposit.txRef}`)
      .qs({
        PAYMENT_ID: deposit.txRef,
        PAYMENT_AMOUNT: '102.50',
        PAYMENT_UNITS: 'USD',
        PAYMENT_BATCH_NUM: '1',
      })
      .redirects(0)
      .loginAs(customer)
    response.assertStatus(302)
    assert.equal(response.header('location'), '/deposits?status=pending&amount=100.00')
    await assertNotCredited(assert, deposit, before, 'pending')
  })
})
