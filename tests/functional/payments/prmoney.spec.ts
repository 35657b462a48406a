import { test } from '@japa/runner'
import Deposit from '#models/deposit'
import { PRMONEY_NOT_CONFIGURED, prmoneyAccessToken } from '#services/payments/adapters/prmoney'
import adapter from '#services/payments/adapters/prmoney'
import { overrideProviderBase } from '#services/payments/endpoints'
import { ProviderError } from '#services/payments/types'
import { GATEWAY_UNAVAILABLE } from '#actions/deposits/start_deposit'
import { PrmoneyFake } from '#tests/fakes/prmoney_fake'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { isolate } from '#tests/helpers/isolation'
import { assertNothingCredited, postRaw, startOnlineFails } from '#tests/helpers/provider_payments'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'

const CLIENT = { id: '1oYwaDHU0j6bIVymaldsNW7icpYn2vBRmzFSuQvE', secret: 'prmoney-client-secret' }

const settings = (secret = CLIENT.secret) =>
  ({
    value: 'prmoney',
    name: 'PrMoney',
    key1: CLIENT.id,
    key2: secret,
    key3: null,
    key4: null,
    key5: null,
  }) as const

test.group('PrMoney', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  let fake: PrmoneyFake
  group.setup(async () => {
    fake = await PrmoneyFake.start(CLIENT)
    overrideProviderBase('prmoney', fake.url)
    return async () => {
      overrideProviderBase('prmoney', null)
      await fake.close()
    }
  })
  group.each.setup(async () => {
    fake.requests = []
    await configureGateway('prmoney', { key1: CLIENT.id, key2: CLIENT.secret })
  })

  test('the access token: OAuth2 client credentials posted as a form, JSON asked for', async ({
    assert,
  }) => {
    const token = await prmoneyAccessToken(settings())
    assert.match(token.accessToken, /^[0-9a-f]{64}$/)
    assert.equal(token.tokenType, 'Bearer')
    assert.deepEqual(fake.requests, [
      {
        method: 'POST',
        path: '/oauth/token',
        accept: 'application/json',
        form: {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          grant_type: 'client_credentials',
        },
      },
    ])
    await assert.rejects(() => prmoneyAccessToken(settings('wrong-secret')), ProviderError)
  })

  test('payment creation is not published: customers are never offered PrMoney, and the adapter refuses to start', async ({
    assert,
  }) => {
    // KYC approved: the refusal is the gateway's, not the KYC check's.
    const customer = await UserFactory.apply('kycApproved').create()
    const refused = await startOnlineFails(customer, 'prmoney', '100.00')
    assert.equal(refused.status, 422)
    assert.equal(refused.message, GATEWAY_UNAVAILABLE)
    assert.lengthOf(await Deposit.query().where('gateway', 'prmoney'), 0)
    await assert.rejects(() => adapter.start(settings(), {} as never), PRMONEY_NOT_CONFIGURED)
    assert.lengthOf(fake.requests, 0)
  })

  test('no callback is accepted: 400, nothing credited', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const before = (await realWalletOf(customer)).balance
    const deposit = await pendingDeposit(customer, 'prmoney', '100.00')
    const claim = JSON.stringify({
      order_id: deposit.txRef,
      amount: '100.00',
      currency: 'USD',
      status: 'success',
    })
    ;(await postRaw(client, 'prmoney', claim)).assertStatus(400)
    ;(
      await client
        .post('/payments/prmoney/notify')
        .form({ order_id: deposit.txRef, status: 'paid' })
    ).assertStatus(400)
    await assertNothingCredited(assert, deposit, before)
  })
})
