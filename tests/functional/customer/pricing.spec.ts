import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import PricingPlan from '#models/pricing_plan'
import Balance from '#models/balance'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { balanceMatchesLedger, ledgerOf, userOfRole, walletsOf } from '#tests/helpers/users'
import type { RoleId } from '#domain/roles'
import { fund, realWalletOf } from '#tests/helpers/withdrawals'
import { NOT_ENOUGH_BALANCE, PAYER_CHANGED } from '#actions/pricing/subscribe_to_plan'
import { postEntry } from '#services/ledger_service'
import { UserFactory } from '#database/factories/user_factory'

const plan = (name: string) => PricingPlan.findByOrFail('name', name)
const subscribe = (client: Parameters<typeof api>[0], planId: number | string) =>
  api(client, 'post', `/dashboard/pricing/subscribe/${planId}`)

/** A newcomer without a plan (demo wallet active, 10,000 demo USD) with `amount` real USD in their real wallet. */
async function newcomerWithRealMoney(amount: string) {
  const newcomer = await UserFactory.create()
  const demo = (await walletsOf(newcomer)).find((w) => w.mode === 'demo')!
  await db.transaction((trx) =>
    postEntry(trx, { balanceId: demo.id, type: 'demo_credit', amount: '10000' })
  )
  newcomer.activeBalanceId = demo.id
  await newcomer.save()
  const real = await realWalletOf(newcomer)
  if (amount !== '0') await fund(real.id, amount)
  return { newcomer, real: await Balance.findOrFail(real.id) }
}

async function ledgerCount() {
  const row = await db.from('ledger_entries').count('* as total').first()
  return Number(row.total)
}

test.group('POST /dashboard/pricing/subscribe/:planId', (group) => {
  isolate(group)

  test('a customer on a demo wallet pays with real money: the real wallet is charged through the ledger, the demo wallet untouched (issue 21 item 3)', async ({
    client,
    assert,
  }) => {
    const { newcomer, real } = await newcomerWithRealMoney('10000')
    const silver = await plan('Silver')
    const demo = await Balance.findOrFail(newcomer.activeBalanceId!)
    assert.equal(demo.mode, 'demo')
    assert.equal(demo.balance, '10000')

    const response = await subscribe(client, silver.id).loginAs(newcomer)
    response.assertStatus(200)
    response.assertBodyContains({ message: 'Subscribed to Silver' })

    await newcomer.refresh()
    assert.equal(newcomer.pricingTableId, silver.id)
    await demo.refresh()
    assert.equal(demo.balance, '10000')
    const wallet = await Balance.findOrFail(real.id)
    assert.equal(wallet.balance, '9750')

    const { entries } = await ledgerOf(wallet.id)
    const charge = entries[entries.length - 1]
    assert.equal(charge.type, 'plan_charge')
    assert.equal(charge.amount, '-250')
    assert.equal(charge.balanceAfter, '9750')
    assert.equal(charge.referenceType, 'pricing_plan')
    assert.equal(charge.referenceId, silver.id)
    assert.equal(charge.createdById, newcomer.id)
    assert.isTrue(await balanceMatchesLedger(wallet.id))

    // The shell no longer asks for a plan.
    const { session } = (await client.get('/dashboard').loginAs(newcomer).withInertia())
      .inertiaProps
    assert.isFalse(session.needsPlan)
    assert.equal(session.pricingTableId, silver.id)
  })

  test('a customer on a demo wallet whose real wallet cannot pay gets Not enough balance and nothing is written (issue 21 item 3)', async ({
    client,
    assert,
  }) => {
    const { newcomer, real } = await newcomerWithRealMoney('249.99')
    const before = await ledgerCount()
    const response = await subscribe(client, (await plan('Silver')).id).loginAs(newcomer)
    response.assertStatus(422)
    response.assertBodyContains({ message: NOT_ENOUGH_BALANCE })
    await newcomer.refresh()
    assert.isNull(newcomer.pricingTableId)
    assert.equal((await Balance.findOrFail(newcomer.activeBalanceId!)).balance, '10000')
    assert.equal((await Balance.findOrFail(real.id)).balance, '249.99')
    assert.equal(await ledgerCount(), before)
  })

  test('the wallet the confirmation named pays; another named wallet is a 409 and nothing is written (issue 21 item 8)', async ({
    client,
    assert,
  }) => {
    const { newcomer, real } = await newcomerWithRealMoney('1000')
    const silver = await plan('Silver')
    const before = await ledgerCount()
    const wrong = await subscribe(client, silver.id)
      .json({ walletId: newcomer.activeBalanceId })
      .loginAs(newcomer)
    wrong.assertStatus(409)
    wrong.assertBodyContains({ message: PAYER_CHANGED })
    assert.equal(await ledgerCount(), before)
    assert.equal((await Balance.findOrFail(real.id)).balance, '1000')
    await newcomer.refresh()
    assert.isNull(newcomer.pricingTableId)

    const bad = await subscribe(client, silver.id).json({ walletId: 'x' }).loginAs(newcomer)
    bad.assertStatus(422)

    const right = await subscribe(client, silver.id).json({ walletId: real.id }).loginAs(newcomer)
    right.assertStatus(200)
    assert.equal((await Balance.findOrFail(real.id)).balance, '750')
  })

  test('the plan cards name the wallet that would pay each plan', async ({ client, assert }) => {
    const { newcomer, real } = await newcomerWithRealMoney('300')
    const page = await client.get('/pricing').loginAs(newcomer).withInertia()
    const byName = Object.fromEntries(
      (page.inertiaProps.plans as any[]).map((p) => [
        p.name,
        { payment: p.payment, payer: p.payer },
      ])
    )
    assert.deepEqual(byName.Basic, { payment: 'free', payer: null })
    assert.deepEqual(byName.Silver, {
      payment: 'wallet',
      payer: { id: real.id, mode: 'real', currency: real.currency },
    })
    assert.deepEqual(byName.Gold, { payment: 'insufficient', payer: null })
    // The mandatory modal's cards say the same.
    const dashboard = await client.get('/dashboard').loginAs(newcomer).withInertia()
    const silver = (dashboard.inertiaProps.session.plans as any[]).find((p) => p.name === 'Silver')
    assert.equal(silver.payer.id, real.id)
  })

  test('subscribing to the current plan again is a 409 and charges nothing', async ({
    client,
    assert,
  }) => {
    const { newcomer, real } = await newcomerWithRealMoney('10000')
    const silver = await plan('Silver')
    ;(await subscribe(client, silver.id).loginAs(newcomer)).assertStatus(200)
    const entries = await ledgerCount()

    const again = await subscribe(client, silver.id).loginAs(newcomer)
    again.assertStatus(409)
    again.assertBodyContains({ message: 'You are already subscribed to this plan' })
    assert.equal(await ledgerCount(), entries)
    assert.equal((await Balance.findOrFail(real.id)).balance, '9750')
  })

  test('two submissions at once charge once', async ({ client, assert }) => {
    const { newcomer, real } = await newcomerWithRealMoney('10000')
    const silver = await plan('Silver')
    const [a, b] = await Promise.all([
      subscribe(client, silver.id).loginAs(newcomer),
      subscribe(client, silver.id).loginAs(newcomer),
    ])
    assert.sameMembers([a.status(), b.status()], [200, 409])
    assert.equal((await Balance.findOrFail(real.id)).balance, '9750')
    assert.isTrue(await balanceMatchesLedger(real.id))
  })

  test('changing plans charges the new plan', async ({ client, assert }) => {
    // On Silver, with 25,000.00 in the active real wallet.
    const customer = await UserFactory.apply('funded')
      .merge({ pricingTableId: (await plan('Silver')).id })
      .create()
    const gold = await plan('Gold')
    ;(await subscribe(client, gold.id).loginAs(customer)).assertStatus(200)
    await customer.refresh()
    assert.equal(customer.pricingTableId, gold.id)
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    assert.equal(wallet.mode, 'real')
    assert.equal(wallet.balance, '24000')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('a free plan is recorded without a ledger entry', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const basic = await plan('Basic')
    const before = await ledgerCount()
    ;(await subscribe(client, basic.id).loginAs(newcomer)).assertStatus(200)
    await newcomer.refresh()
    assert.equal(newcomer.pricingTableId, basic.id)
    assert.equal(await ledgerCount(), before)
  })

  test('a plan costing more than the free balance is refused with Not enough balance and nothing is written', async ({
    client,
    assert,
  }) => {
    // The real wallet, empty, is the active one.
    const newcomer = await UserFactory.create()
    const real = (await walletsOf(newcomer)).find((w) => w.mode === 'real')!
    newcomer.activeBalanceId = real.id
    await newcomer.save()
    const before = await ledgerCount()

    const response = await subscribe(client, (await plan('Silver')).id).loginAs(newcomer)
    response.assertStatus(422)
    response.assertBody({ message: 'Not enough balance', errors: [] })

    await newcomer.refresh()
    assert.isNull(newcomer.pricingTableId)
    await real.refresh()
    assert.equal(real.balance, '0')
    assert.equal(await ledgerCount(), before)
  })

  test('money held for margin or pending withdrawals is not free for a plan', async ({
    client,
    assert,
  }) => {
    const { newcomer, real: wallet } = await newcomerWithRealMoney('10000')
    newcomer.activeBalanceId = wallet.id
    await newcomer.save()
    await db.from('balances').where('id', wallet.id).update({ margin: '9000', on_hold: '800' })
    const response = await subscribe(client, (await plan('Silver')).id).loginAs(newcomer)
    response.assertStatus(422)
    response.assertBodyContains({ message: 'Not enough balance' })
    await wallet.refresh()
    assert.equal(wallet.balance, '10000')
  })

  test('a price exactly equal to the free balance is accepted', async ({ client, assert }) => {
    const { newcomer, real: wallet } = await newcomerWithRealMoney('10000')
    newcomer.activeBalanceId = wallet.id
    await newcomer.save()
    await db.from('balances').where('id', wallet.id).update({ margin: '9750' })
    ;(await subscribe(client, (await plan('Silver')).id).loginAs(newcomer)).assertStatus(200)
    await wallet.refresh()
    assert.equal(wallet.balance, '9750')
  })

  test('an unknown plan is a 404', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const response = await subscribe(client, 999999).loginAs(newcomer)
    response.assertStatus(404)
  })

  test('a non-numeric plan id does not match the route', async ({ client }) => {
    const newcomer = await UserFactory.create()
    ;(await subscribe(client, 'gold').loginAs(newcomer)).assertStatus(404)
  })

  test('staff may not subscribe (403) and nothing changes', async ({ client, assert }) => {
    const silver = await plan('Silver')
    for (const roleId of [1, 2, 4, 5, 6] as RoleId[]) {
      const staff = await userOfRole(roleId)
      const response = await subscribe(client, silver.id).loginAs(staff)
      response.assertStatus(403)
      assert.isNull((await User.findOrFail(staff.id)).pricingTableId)
    }
  })

  test('a visitor gets 401', async ({ client }) => {
    ;(await subscribe(client, (await plan('Silver')).id)).assertStatus(401)
  })
})
