import { test } from '@japa/runner'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import { overrideProviderBase } from '#services/payments/endpoints'
import { PROVIDER_FAILED } from '#actions/deposits/start_deposit'
import { GlobianceFake } from '#tests/fakes/globiance_fake'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { isolate } from '#tests/helpers/isolation'
import {
  assertNothingCredited,
  postRaw,
  startOnline,
  startOnlineFails,
} from '#tests/helpers/provider_payments'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'

const API_KEY = '684315e5-7f83-446a-bb8b-64fc95c0fc4d'

function configureGlobiance(apiKey = API_KEY) {
  return configureGateway('globiance', { key1: apiKey, key2: 'globiance-secret' }, { fee: '2' })
}

test.group('GlobiancePay: creating the checkout (POST /create-checkout)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  let fake: GlobianceFake
  group.setup(async () => {
    fake = await GlobianceFake.start(API_KEY)
    overrideProviderBase('globiance', fake.url)
    return async () => {
      overrideProviderBase('globiance', null)
      await fake.close()
    }
  })
  group.each.setup(() => {
    fake.checkouts = []
  })

  test('the total with fee as a JSON number, the wallet currency, our reference as clientId; the customer goes to the checkout', async ({
    assert,
  }) => {
    await configureGlobiance()
    // KYC approved: kycDeposit is on.
    const customer = await UserFactory.apply('kycApproved').create()
    const { deposit, paymentLink } = await startOnline(customer, 'globiance', '50.00')

    assert.lengthOf(fake.checkouts, 1)
    const { raw, body } = fake.checkouts[0]
    // 50 + 2% = 51.00, written as a number literal with its cents (never through a float).
    assert.include(raw, '"amount":51.00,')
    assert.include(raw, '"price":51.00,')
    assert.containsSubset(body, {
      apiKey: API_KEY,
      currency: 'USD',
      clientId: deposit.txRef,
      itemId: deposit.txRef,
      itemName: `Deposit #${deposit.id}`,
      items: [{ itemName: `Deposit #${deposit.id}`, qty: 1, taxRate: 0 }],
    })
    assert.notInclude(raw, 'globiance-secret')
    assert.match(paymentLink, /^https:\/\/globiancepay\.fake\/checkout\/[0-9a-f-]{36}$/)

    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(deposit.paymentLink, paymentLink)
    assert.equal(deposit.providerReference, paymentLink.split('/').at(-1))
  })

  test('GlobiancePay failing or refusing the key answers 502 and declines the deposit', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const before = (await realWalletOf(customer)).balance
    await configureGlobiance()
    fake.failNext(500)
    const failed = await startOnlineFails(customer, 'globiance', '50.00')
    assert.equal(failed.status, 502)
    assert.equal(failed.message, PROVIDER_FAILED)

    await configureGlobiance('not-the-key')
    assert.equal((await startOnlineFails(customer, 'globiance', '50.00')).status, 502)

    const deposits = await Deposit.query().where('gateway', 'globiance')
    assert.lengthOf(deposits, 2)
    for (const deposit of deposits) await assertNothingCredited(assert, deposit, before, 'declined')
  })

  test('a wallet in a currency GlobiancePay does not take (only USD, EUR) is refused without calling it', async ({
    assert,
  }) => {
    await configureGlobiance()
    const customer = await UserFactory.apply('kycApproved').create()
    await Balance.query()
      .where('user_id', customer.id)
      .where('mode', 'real')
      .update({ currency: 'GBP' })
    const failed = await startOnlineFails(customer, 'globiance', '50.00')
    assert.equal(failed.status, 502)
    assert.lengthOf(fake.checkouts, 0)
    const deposit = await Deposit.query().where('gateway', 'globiance').firstOrFail()
    assert.equal(deposit.status, 'declined')
  })
})

test.group('GlobiancePay: callbacks are unsigned and never credit', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  group.each.setup(async () => {
    await configureGlobiance()
  })

  test('a "settled / confirmed" callback for the full amount leaves the deposit pending for staff', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const before = (await realWalletOf(customer)).balance
    const deposit = await pendingDeposit(customer, 'globiance', '50.00', '2')
    const callback = JSON.stringify(GlobianceFake.callback({ clientId: deposit.txRef, amount: 51 }))

    ;(await postRaw(client, 'globiance', callback)).assertStatus(200)
    ;(await postRaw(client, 'globiance', callback)).assertStatus(200)
    await assertNothingCredited(assert, deposit, before)
  })

  test('cancelled or expired callbacks do not decline it either (anyone can post them)', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const before = (await realWalletOf(customer)).balance
    const deposit = await pendingDeposit(customer, 'globiance', '50.00', '2')
    for (const event of ['cancelled', 'expired']) {
      const callback = {
        ...GlobianceFake.callback({ clientId: deposit.txRef, amount: 51, event }),
        type: 'checkout',
      }
      ;(await postRaw(client, 'globiance', JSON.stringify(callback))).assertStatus(200)
    }
    await assertNothingCredited(assert, deposit, before)
  })

  test('callbacks naming no deposit are acknowledged and ignored', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const before = (await realWalletOf(customer)).balance
    const deposit = await pendingDeposit(customer, 'globiance', '50.00', '2')
    const { clientId: _c, ...anonymous } = GlobianceFake.callback({
      clientId: deposit.txRef,
      amount: 51,
    })
    ;(await postRaw(client, 'globiance', JSON.stringify(anonymous))).assertStatus(200)
    ;(
      await postRaw(
        client,
        'globiance',
        JSON.stringify(GlobianceFake.callback({ clientId: 'unknown', amount: 51 }))
      )
    ).assertStatus(200)
    await assertNothingCredited(assert, deposit, before)
  })
})
