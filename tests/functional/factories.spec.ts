import { test } from '@japa/runner'
import Balance from '#models/balance'
import Lead from '#models/lead'
import LedgerEntry from '#models/ledger_entry'
import { money } from '#domain/money'
import { Roles } from '#domain/roles'
import { parseBankDescription } from '#domain/withdrawals'
import { isEnrolled } from '#queries/two_factor'
import { kycStatusFor } from '#queries/kyc_status'
import { DepositFactory } from '#database/factories/deposit_factory'
import { LeadFactory } from '#database/factories/lead_factory'
import { FACTORY_PASSWORD, FUNDED_AMOUNT, UserFactory } from '#database/factories/user_factory'
import { WithdrawalFactory } from '#database/factories/withdrawal_factory'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { BrowserSession } from '#tests/helpers/browser_session'
import { appCode, steadyStep } from '#tests/helpers/two_factor'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { depositEntries, withoutOtherDeposits } from '#tests/helpers/deposits'

const withdrawalEntries = (id: number) =>
  LedgerEntry.query()
    .where('reference_type', 'withdrawal')
    .where('reference_id', id)
    .orderBy('id', 'asc')

test.group('Factories: staff', (group) => {
  isolate(group)

  test('a factory staff member with a second factor signs in through the real forms', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    assert.isTrue(await isEnrolled(admin.id))
    const browser = new BrowserSession()
    await browser.open()
    const login = await browser.post('/auth/login', {
      email: admin.email,
      password: FACTORY_PASSWORD,
    })
    assert.equal(login.status, 200)
    assert.equal(login.body.redirect, '/login/two-factor')
    await steadyStep()
    const step = await browser.post('/login/two-factor', { code: appCode() })
    assert.equal(step.status, 200)
    assert.equal(step.body.redirect, '/dashboard')
    assert.equal((await browser.get('/admin/deposits')).status, 200)
  })

  test('without the state no second factor is on; loginAs opens the staff pages for each role state', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    assert.equal(manager.roleId, Roles.MANAGER)
    assert.isFalse(await isEnrolled(manager.id))
    const page = await client.get('/admin/deposits').loginAs(manager).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('staff/deposits/index')
    const customer = await UserFactory.create()
    ;(await client.get('/admin/deposits').loginAs(customer)).assertStatus(403)
  })
})

test.group('Factories: customers', (group) => {
  isolate(group)

  test("kycApproved: the customer's KYC status is approved; a plain customer's is not", async ({
    assert,
  }) => {
    const verified = await UserFactory.apply('kycApproved').create()
    assert.equal(await kycStatusFor(verified.id), 'approved')
    const plain = await UserFactory.create()
    assert.notEqual(await kycStatusFor(plain.id), 'approved')
  })

  test('funded and kycApproved together: the balance credited through the ledger, and verified', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    assert.equal(await kycStatusFor(customer.id), 'approved')
    const wallet = await realWalletOf(customer)
    assert.equal(money(wallet.balance).toFixed(2), FUNDED_AMOUNT)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})

test.group('Factories: leads', (group) => {
  isolate(group)

  test('a lead is a valid sales-desk row: manual, status New, a lower-cased unique e-mail', async ({
    assert,
  }) => {
    const [first, second] = await LeadFactory.createMany(2)
    for (const made of [first, second]) {
      const lead = await Lead.query().where('id', made.id).preload('salesStatus').firstOrFail()
      assert.equal(lead.group, 'sales')
      assert.equal(lead.source, 'manual')
      assert.equal(lead.salesStatus.status, 'New')
      assert.equal(lead.email, lead.email!.toLowerCase())
      assert.match(lead.phone!, /^\+34 6\d{2} \d{3} \d{3}$/)
      assert.isNull(lead.userId)
    }
    assert.notEqual(first.email, second.email)
    const merged = await LeadFactory.merge({ email: ' Mixed.Case@Leads.TEST ' }).create()
    assert.equal(merged.email, 'mixed.case@leads.test')
  })

  test('desk and source states, and the people as related factory users', async ({ assert }) => {
    assert.equal((await LeadFactory.apply('retentions').create()).group, 'retentions')
    assert.equal((await LeadFactory.apply('archived').create()).group, 'archived')
    assert.equal((await LeadFactory.apply('live').create()).source, 'live')
    const lead = await LeadFactory.with('agent', 1, (agent) => agent.apply('agent'))
      .with('manager', 1, (manager) => manager.apply('manager'))
      .with('retAgent', 1, (retention) => retention.apply('retention'))
      .with('affiliate', 1, (affiliate) => affiliate.apply('affiliate'))
      .create()
    await lead.refresh()
    await lead.load('agent')
    await lead.load('manager')
    await lead.load('retAgent')
    await lead.load('affiliate')
    assert.equal(lead.agent.roleId, Roles.SALES_AGENT)
    assert.equal(lead.manager.roleId, Roles.MANAGER)
    assert.equal(lead.retAgent.roleId, Roles.RETENTION_AGENT)
    assert.equal(lead.affiliate.roleId, Roles.AFFILIATE)

    const client = await LeadFactory.apply('client').with('user').create()
    await client.refresh()
    assert.isNull(client.group)
    assert.equal(client.source, 'live')
    assert.isNotNull(client.registeredAt)
    await client.load('user')
    assert.equal(client.user.roleId, Roles.CUSTOMER)
  })
})

test.group('Factories: deposits', (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  test('pending: on the owner’s real wallet, total = amount + fee, nothing credited', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const deposit = await DepositFactory.merge({
      userId: customer.id,
      gateway: 'stripe',
      amount: '50.00',
      fee: '1.00',
    }).create()
    await deposit.refresh()
    const wallet = await realWalletOf(customer)
    assert.equal(deposit.balanceId, wallet.id)
    assert.equal(deposit.status, 'pending')
    assert.equal(money(deposit.total).toFixed(2), '51.00')
    assert.typeOf(deposit.amount, 'string')
    assert.equal(deposit.description, 'Deposit via Stripe')
    assert.match(deposit.txRef, /^[0-9a-f-]{36}$/)
    assert.isNull(deposit.balanceAfter)
    assert.isNull(deposit.decidedAt)
    assert.lengthOf(await depositEntries(deposit), 0)
    assert.equal(money(wallet.balance).toFixed(2), '0.00')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('without an owner a new customer is made; two deposits have their own references', async ({
    assert,
  }) => {
    const [a, b] = await DepositFactory.createMany(2)
    assert.notEqual(a.userId, b.userId)
    assert.notEqual(a.txRef, b.txRef)
    const wallet = await Balance.findOrFail(a.balanceId)
    assert.equal(wallet.userId, a.userId)
    assert.equal(wallet.mode, 'real')
    assert.isTrue(money(a.amount).greaterThan(0))
    assert.equal(money(a.amount).decimalPlaces() <= 2, true)
  })

  test('approved: credited once through the ledger, balance after set, the invariant holds', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.apply('funded').create()
    const deposit = await DepositFactory.apply('approved')
      .merge({ userId: customer.id, amount: '250.00', decidedById: admin.id })
      .create()
    await deposit.refresh()
    assert.equal(deposit.status, 'approved')
    assert.isNotNull(deposit.decidedAt)
    const wallet = await realWalletOf(customer)
    assert.equal(money(wallet.balance).toFixed(2), money(FUNDED_AMOUNT).plus(250).toFixed(2))
    assert.equal(money(deposit.balanceAfter!).toFixed(2), money(wallet.balance).toFixed(2))
    const entries = await depositEntries(deposit)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].type, 'deposit')
    assert.equal(money(entries[0].amount).toFixed(2), '250.00')
    assert.equal(entries[0].createdById, admin.id)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('declined: nothing moves; a pending one is approved through the app', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const declined = await DepositFactory.apply('declined').merge({ userId: customer.id }).create()
    assert.equal(declined.status, 'declined')
    assert.lengthOf(await depositEntries(declined), 0)

    const manager = await UserFactory.apply('manager').create()
    const pending = await DepositFactory.merge({ userId: customer.id, amount: '75.50' }).create()
    ;(
      await api(client, 'post', `/admin/deposits/${pending.id}/approve`).loginAs(manager)
    ).assertStatus(200)
    const wallet = await realWalletOf(customer)
    assert.equal(money(wallet.balance).toFixed(2), '75.50')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})

test.group('Factories: withdrawals', (group) => {
  isolate(group)

  test('pending: bank details in the owner’s name, amount + fee on hold, nothing debited', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    const withdrawal = await WithdrawalFactory.merge({
      userId: customer.id,
      amount: '100.00',
      fee: '3.50',
    }).create()
    await withdrawal.refresh()
    assert.equal(withdrawal.status, 'pending')
    assert.equal(money(withdrawal.total).toFixed(2), '103.50')
    assert.equal(parseBankDescription(withdrawal.description)!.accountName, customer.fullName)
    const wallet = await realWalletOf(customer)
    assert.equal(withdrawal.balanceId, wallet.id)
    assert.equal(money(wallet.onHold).toFixed(2), '103.50')
    assert.equal(money(wallet.balance).toFixed(2), money(FUNDED_AMOUNT).toFixed(2))
    assert.lengthOf(await withdrawalEntries(withdrawal.id), 0)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('a pending one made without an owner is approved through the app', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const withdrawal = await WithdrawalFactory.merge({ amount: '40.00' }).create()
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(admin)
    ).assertStatus(200)
    const wallet = await Balance.findOrFail(withdrawal.balanceId)
    assert.equal(money(wallet.onHold).toFixed(2), '0.00')
    assert.equal(money(wallet.balance).toFixed(2), money(FUNDED_AMOUNT).minus(40).toFixed(2))
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('approved: amount and fee debited through the ledger, no hold, the invariant holds', async ({
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await UserFactory.apply('funded').create()
    const withdrawal = await WithdrawalFactory.apply('approved')
      .merge({ userId: customer.id, amount: '100.00', fee: '2.00', decidedById: manager.id })
      .create()
    await withdrawal.refresh()
    const wallet = await realWalletOf(customer)
    const expected = money(FUNDED_AMOUNT).minus(102).toFixed(2)
    assert.equal(money(wallet.balance).toFixed(2), expected)
    assert.equal(money(wallet.onHold).toFixed(2), '0.00')
    assert.equal(money(withdrawal.balanceAfter!).toFixed(2), expected)
    assert.isNotNull(withdrawal.decidedAt)
    assert.deepEqual(
      (await withdrawalEntries(withdrawal.id)).map((e) => [
        e.type,
        money(e.amount).toFixed(2),
        e.createdById,
      ]),
      [
        ['withdrawal', '-100.00', manager.id],
        ['fee', '-2.00', manager.id],
      ]
    )
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('declined moves nothing; an unfunded wallet is refused rather than overdrawn', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const declined = await WithdrawalFactory.apply('declined')
      .merge({ userId: customer.id })
      .create()
    assert.equal(declined.status, 'declined')
    assert.isNotNull(declined.declineReason)
    const wallet = await realWalletOf(customer)
    assert.equal(money(wallet.onHold).toFixed(2), '0.00')
    await assert.rejects(
      () => WithdrawalFactory.merge({ userId: customer.id }).create(),
      /cannot hold/
    )
    await assert.rejects(
      () => WithdrawalFactory.apply('approved').merge({ userId: customer.id }).create(),
      /cannot pay/
    )
    const after = await realWalletOf(customer)
    assert.equal(money(after.balance).toFixed(2), '0.00')
    assert.equal(money(after.onHold).toFixed(2), '0.00')
    assert.lengthOf(await LedgerEntry.query().where('balance_id', wallet.id), 0)
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})
