import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { walletsOf } from '#tests/helpers/users'
import { fund } from '#tests/helpers/withdrawals'
import { UserFactory } from '#database/factories/user_factory'

test.group('POST /dashboard/switch-wallet', (group) => {
  isolate(group)

  test('makes one of the user’s own wallets active', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const demo = (await walletsOf(customer)).find((w) => w.mode === 'demo')!
    // The demo credit sign-up gives.
    await fund(demo.id, '10000')
    assert.notEqual(customer.activeBalanceId, demo.id)

    const response = await api(client, 'post', '/dashboard/switch-wallet', {
      balanceId: demo.id,
    }).loginAs(customer)
    response.assertStatus(200)
    response.assertBodyContains({ balanceId: demo.id })
    await customer.refresh()
    assert.equal(customer.activeBalanceId, demo.id)

    const { session } = (await client.get('/dashboard').loginAs(customer).withInertia())
      .inertiaProps
    assert.equal(session.activeBalance.id, demo.id)
    assert.equal(session.account.balance, '10000.00')
  })

  test('a numeric string id is accepted (forms send strings)', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const demo = (await walletsOf(customer)).find((w) => w.mode === 'demo')!
    ;(
      await api(client, 'post', '/dashboard/switch-wallet', { balanceId: String(demo.id) }).loginAs(
        customer
      )
    ).assertStatus(200)
    await customer.refresh()
    assert.equal(customer.activeBalanceId, demo.id)
  })

  test('another user’s wallet is a 404 and nothing changes', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const newcomer = await UserFactory.create()
    const foreign = (await walletsOf(newcomer))[0]
    const response = await api(client, 'post', '/dashboard/switch-wallet', {
      balanceId: foreign.id,
    }).loginAs(customer)
    response.assertStatus(404)
    const before = customer.activeBalanceId
    await customer.refresh()
    assert.equal(customer.activeBalanceId, before)
  })

  test('a wallet id that does not exist is a 404', async ({ client }) => {
    const customer = await UserFactory.create()
    ;(
      await api(client, 'post', '/dashboard/switch-wallet', { balanceId: 999999 }).loginAs(customer)
    ).assertStatus(404)
  })

  test('a missing or non-numeric id answers 422 Wallet is required', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    for (const body of [{}, { balanceId: 'abc' }, { balanceId: null }, { balanceId: '' }]) {
      const response = await api(client, 'post', '/dashboard/switch-wallet', body).loginAs(customer)
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body()).balanceId,
        'Wallet is required',
        JSON.stringify(body)
      )
    }
  })

  test('a zero, negative, fractional or out-of-range id is refused', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    for (const balanceId of [-1, 0, 1.5, 2 ** 31, 1e20]) {
      const response = await api(client, 'post', '/dashboard/switch-wallet', { balanceId }).loginAs(
        customer
      )
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).balanceId, 'Wallet is required', String(balanceId))
    }
  })

  test('staff have no wallets: every id is a 404', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const wallet = (await walletsOf(customer))[0]
    ;(
      await api(client, 'post', '/dashboard/switch-wallet', { balanceId: wallet.id }).loginAs(admin)
    ).assertStatus(404)
  })
})
