import { test } from '@japa/runner'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import Notification from '#models/notification'
import type User from '#models/user'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { bankDepositWithProof, depositEntries, withoutOtherDeposits } from '#tests/helpers/deposits'
import { DepositFactory } from '#database/factories/deposit_factory'
import { UserFactory } from '#database/factories/user_factory'
import { removeKycFilesAfterEach } from '#tests/helpers/kyc'

test.group('Deposit History (GET /admin/deposits, /admin/deposits/api/history)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  removeKycFilesAfterEach(group)

  test('the page renders (the staff layout draws the menu from the screen registry)', async ({
    client,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const response = await client.get('/admin/deposits').loginAs(manager).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/deposits/index')
  })

  test('lists every deposit newest first, with the bank sender details and proof link', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    // 2% of 50.00
    const online = await DepositFactory.merge({
      userId: customer.id,
      gateway: 'stripe',
      amount: '50.00',
      fee: '1.00',
    }).create()
    const bank = await bankDepositWithProof(customer)
    const response = await api(client, 'get', '/admin/deposits/api/history').loginAs(admin)
    response.assertStatus(200)
    const [first, second] = response.body().data
    assert.equal(response.body().meta.total, 2)
    assert.containsSubset(first, {
      id: bank.id,
      user: { id: customer.id, email: customer.email },
      gateway: 'bank',
      description: 'Deposit request',
      formattedDescription: {
        bankName: 'Sender Bank',
        accountName: customer.fullName,
        accountNumber: 'GB29NWBK60161331926819',
      },
      proofUrl: `/deposits/${bank.id}/proof`,
      amount: '100.00',
      status: 'pending',
      currency: 'USD',
    })
    assert.match(first.createdAt, /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)
    assert.containsSubset(second, {
      id: online.id,
      fee: '1.00',
      total: '51.00',
      reference: online.txRef,
      formattedDescription: null,
      proofUrl: null,
    })
  })

  test('per customer; an unknown customer is 404; bad paging is 422', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    await DepositFactory.merge({ userId: customer.id, gateway: 'bank' }).create()
    await DepositFactory.merge({
      userId: (await UserFactory.create()).id,
      gateway: 'bank',
    }).create()
    const mine = await api(client, 'get', `/admin/deposits/api/history/${customer.id}`).loginAs(
      admin
    )
    assert.equal(mine.body().meta.total, 1)
    ;(await api(client, 'get', '/admin/deposits/api/history/999999').loginAs(admin)).assertStatus(
      404
    )
    ;(
      await api(client, 'get', '/admin/deposits/api/history?limit=1000').loginAs(admin)
    ).assertStatus(422)
  })

  test('the search matches the customer, the gateway or a reference', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const carlaUser = await UserFactory.merge({ fullName: 'Carla Factory' }).create()
    const nicoUser = await UserFactory.merge({
      fullName: 'Nico Factory',
      email: 'newcomer@factory.test',
    }).create()
    const carla = await DepositFactory.merge({ userId: carlaUser.id, gateway: 'bank' }).create()
    const nico = await DepositFactory.merge({ userId: nicoUser.id, gateway: 'btc' }).create()
    const ids = async (search: string) =>
      (
        await api(
          client,
          'get',
          `/admin/deposits/api/history?search=${encodeURIComponent(search)}`
        ).loginAs(admin)
      )
        .body()
        .data.map((r: { id: number }) => r.id)
    assert.deepEqual(await ids('CARLA'), [carla.id])
    assert.deepEqual(await ids('newcomer@'), [nico.id])
    assert.deepEqual(await ids('btc'), [nico.id])
    assert.deepEqual(await ids(carla.txRef.slice(0, 13)), [carla.id])
    assert.deepEqual(await ids('%'), [])
  })

  test('staff open the proof; another customer cannot', async ({ client }) => {
    const bank = await bankDepositWithProof(await UserFactory.create())
    ;(
      await client
        .get(`/deposits/${bank.id}/proof`)
        .loginAs(await UserFactory.apply('manager').create())
    ).assertStatus(200)
    ;(
      await client.get(`/deposits/${bank.id}/proof`).loginAs(await UserFactory.create())
    ).assertStatus(404)
  })
})

test.group('Approve and decline a deposit', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  removeKycFilesAfterEach(group)

  test('approve credits the amount once through the ledger, records the staff member and notifies', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await UserFactory.create()
    const wallet = await realWalletOf(customer)
    const deposit = await bankDepositWithProof(customer, '250.00')
    const response = await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(
      manager
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Deposit approved successfully')

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).minus(money(wallet.balance)).toFixed(2), '250.00')
    await deposit.refresh()
    assert.equal(deposit.status, 'approved')
    assert.equal(deposit.decidedById, manager.id)
    assert.isNotNull(deposit.decidedAt)
    assert.equal(money(deposit.balanceAfter!).toFixed(2), money(after.balance).toFixed(2))
    const entries = await depositEntries(deposit)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].type, 'deposit')
    assert.equal(entries[0].createdById, manager.id)
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Deposit approved')
    assert.isTrue(await balanceMatchesLedger(wallet.id))

    const again = await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(
      manager
    )
    again.assertStatus(409)
    assert.lengthOf(await depositEntries(deposit), 1)
  })

  test('decline moves no money, records the staff member and notifies; it cannot be decided again', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const wallet = await realWalletOf(customer)
    const deposit = await DepositFactory.merge({ userId: customer.id, gateway: 'bank' }).create()
    const response = await api(client, 'post', `/admin/deposits/${deposit.id}/decline`).loginAs(
      admin
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Withdraw declined successfully')
    await deposit.refresh()
    assert.containsSubset(deposit.serialize(), {
      status: 'declined',
      decidedById: admin.id,
      balanceAfter: null,
    })
    assert.equal(
      money((await Balance.findOrFail(wallet.id)).balance).toFixed(2),
      money(wallet.balance).toFixed(2)
    )
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Deposit declined')
    ;(
      await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(admin)
    ).assertStatus(409)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('unknown ids are 404', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const id of ['999999', '2147483648']) {
      ;(await api(client, 'post', `/admin/deposits/${id}/approve`).loginAs(admin)).assertStatus(404)
      ;(await api(client, 'post', `/admin/deposits/${id}/decline`).loginAs(admin)).assertStatus(404)
    }
  })

  test('the customer sees the credited deposit in the history with the balance after', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const deposit = await DepositFactory.merge({
      userId: customer.id,
      gateway: 'bank',
      amount: '10.00',
    }).create()
    await api(client, 'post', `/admin/deposits/${deposit.id}/approve`).loginAs(admin)
    const row = (await api(client, 'get', '/deposits/history').loginAs(customer)).body().data[0]
    assert.containsSubset(row, {
      id: deposit.id,
      status: 'approved',
      description: 'Deposit request',
    })
    assert.equal(row.balanceAfter, money((await realWalletOf(customer)).balance).toFixed(2))
  })
})

test.group('Decided deposits keep their state', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  const gatewayDeposit = (gateway: string) => (customer: User) =>
    DepositFactory.merge({ userId: customer.id, gateway, amount: '100.00' }).create()
  const stripeDeposit = gatewayDeposit('stripe')
  const flutterwaveDeposit = gatewayDeposit('flutterwave')

  test('a deposit approved by staff is not declined by a late provider failure', async ({
    assert,
  }) => {
    const { settleProviderNotice } = await import('#actions/deposits/settle_deposit')
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const deposit = await stripeDeposit(customer)
    const { approveDeposit } = await import('#actions/deposits/settle_deposit')
    await approveDeposit({ depositId: deposit.id, staff: admin })
    assert.equal(
      await settleProviderNotice('stripe', { txRef: deposit.txRef, outcome: 'failed' }),
      'already-decided'
    )
    assert.equal((await Deposit.findOrFail(deposit.id)).status, 'approved')
    // A notice from another gateway never settles this deposit.
    const other = await stripeDeposit(customer)
    assert.equal(
      await settleProviderNotice('coinpayments', {
        txRef: other.txRef,
        outcome: 'paid',
        collected: { amount: '100.00', currency: 'USD' },
      }),
      'unknown'
    )
    assert.equal((await Deposit.findOrFail(other.id)).status, 'pending')
  })

  test("a provider's paid retry overturns its own earlier decline, once; a staff decline stands", async ({
    assert,
  }) => {
    const { settleProviderNotice, declineDeposit } =
      await import('#actions/deposits/settle_deposit')
    const customer = await UserFactory.create()
    const wallet = await realWalletOf(customer)
    const paid = { outcome: 'paid' as const, collected: { amount: '100.00', currency: 'USD' } }
    const retried = await flutterwaveDeposit(customer)
    assert.equal(
      await settleProviderNotice('flutterwave', { txRef: retried.txRef, outcome: 'failed' }),
      'declined'
    )
    assert.equal(
      await settleProviderNotice('flutterwave', { txRef: retried.txRef, ...paid }),
      'credited'
    )
    assert.equal(
      await settleProviderNotice('flutterwave', { txRef: retried.txRef, ...paid }),
      'already-decided'
    )
    assert.lengthOf(await depositEntries(retried), 1)

    const refused = await flutterwaveDeposit(customer)
    await declineDeposit({
      depositId: refused.id,
      staff: await UserFactory.apply('admin').create(),
    })
    assert.equal(
      await settleProviderNotice('flutterwave', { txRef: refused.txRef, ...paid }),
      'already-decided'
    )
    assert.equal((await Deposit.findOrFail(refused.id)).status, 'declined')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('an underpaid notice leaves the deposit pending with what the provider reported', async ({
    assert,
  }) => {
    const { settleProviderNotice } = await import('#actions/deposits/settle_deposit')
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const manager = await UserFactory.apply('manager').create()
    const deposit = await stripeDeposit(customer)
    const notice = {
      txRef: deposit.txRef,
      outcome: 'paid' as const,
      collected: { amount: '99.99', currency: 'USD' },
      providerReference: 'cs_1',
    }
    assert.equal(await settleProviderNotice('stripe', notice), 'mismatch')
    assert.equal(await settleProviderNotice('stripe', notice), 'mismatch')
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.equal(
      deposit.description,
      'Deposit via Stripe (provider reported 99.99 USD, not the total)'
    )
    assert.equal(deposit.providerReference, 'cs_1')
    // The staff who decide deposits are told once, however often the provider repeats it.
    for (const staff of [admin, manager]) {
      const notes = await Notification.query()
        .where('user_id', staff.id)
        .where('title', 'Deposit needs review')
      assert.lengthOf(notes, 1, staff.email)
      assert.include(notes[0].description!, `Deposit #${deposit.id}`)
    }
    assert.lengthOf(
      await Notification.query()
        .where('user_id', customer.id)
        .where('title', 'Deposit needs review'),
      0
    )
  })
})
