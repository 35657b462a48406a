import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import router from '@adonisjs/core/services/router'
import Instrument from '#models/instrument'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import type User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { auditCount, auditRows, onlyAuditRow } from '#tests/helpers/audit'
import { walletsOf } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { loginAsSession } from '#tests/helpers/login_as'
import { fund, realWalletOf, withdrawPayload } from '#tests/helpers/withdrawals'
import { pendingDeposit } from '#tests/helpers/deposits'
import { openMarkets, quote } from '#tests/helpers/market'
import { forgetFilesOf, upload } from '#tests/helpers/kyc'
import KycDocument from '#models/kyc_document'
import {
  AUDITED_WRITES_WHILE_IMPERSONATING,
  MONEY_ROUTES,
  REFUSED_MONEY_WHILE_IMPERSONATING,
  REFUSED_WHILE_IMPERSONATING,
  ROUTES_REFUSED_WHILE_IMPERSONATING,
  SESSION_WRITES_WHILE_IMPERSONATING,
} from '#domain/impersonation'
import { KYC_SIDES } from '#domain/kyc'

/** Counts of every table money moving would write to. */
async function moneyState(customer: User) {
  const count = async (table: string) => Number((await db.from(table).count('* as n').first()).n)
  const user = await db.from('users').where('id', customer.id).first()
  const wallets = await db
    .from('balances')
    .where('user_id', customer.id)
    .orderBy('id')
    .select('balance', 'margin', 'on_hold')
  return {
    ledger: await count('ledger_entries'),
    deposits: await count('deposits'),
    withdrawals: await count('withdrawals'),
    audit: await auditCount(),
    plan: user.pricing_table_id,
    wallets: JSON.stringify(wallets),
  }
}

test.group('Login as: money never moves in a login-as session (issue 21 item 3)', (group) => {
  isolate(group)

  test('every money route answers 403 with the reason and writes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const real = await realWalletOf(customer)
    await fund(real.id, '1000')
    const gold = await PricingPlan.findByOrFail('name', 'Gold')
    const bank = await pendingDeposit(customer, 'bank')
    const online = await pendingDeposit(customer, 'paypal')
    const requests: Record<string, () => ReturnType<typeof api>> = {
      'pricing.subscribe': () => api(client, 'post', `/dashboard/pricing/subscribe/${gold.id}`, {}),
      'deposits.store': () =>
        api(client, 'post', '/deposits', { balance_id: real.id, gateway: 'bank', amount: '100' }),
      'deposits.bank.submit': () =>
        api(client, 'put', `/deposits/bank/${bank.id}`, {
          bank_name: 'Demo Bank AG',
          account_name: 'Carla Customer',
          account_number: 'DE89370400440532013000',
        }),
      'withdraws.bank': () => api(client, 'post', '/withdraws/bank', {}),
      'payments.paypal.create': () => api(client, 'post', `/payments/paypal/${online.txRef}`, {}),
      'payments.paypal.capture': () => api(client, 'get', '/payments/paypal/capture/ORDER-1'),
      'payments.return': () => api(client, 'get', `/payments/paypal/return/${randomUUID()}`),
    }
    // The walk covers the whole list.
    assert.sameMembers(Object.keys(requests), [...MONEY_ROUTES])
    const withdrawal = await withdrawPayload(customer, { amount: '1' })

    const before = await moneyState(customer)
    for (const [name, build] of Object.entries(requests)) {
      let request = build().withSession(loginAsSession(customer, admin))
      if (name === 'withdraws.bank') request = request.json(withdrawal)
      const response = await request
      assert.equal(response.status(), 403, `${name}: ${response.text()}`)
      assert.equal(response.body().message, REFUSED_MONEY_WHILE_IMPERSONATING, name)
    }
    assert.deepEqual(await moneyState(customer), before)

    // The customer's own session is not refused: the same subscription goes through.
    const own = await api(client, 'post', `/dashboard/pricing/subscribe/${gold.id}`, {}).loginAs(
      customer
    )
    own.assertStatus(200)
  })

  test("every named write a customer can reach is refused, audited or the session's own", async ({
    assert,
  }) => {
    const classified = new Set([
      ...ROUTES_REFUSED_WHILE_IMPERSONATING,
      ...Object.keys(AUDITED_WRITES_WHILE_IMPERSONATING),
      ...SESSION_WRITES_WHILE_IMPERSONATING,
    ])
    const names = new Set<string>()
    for (const route of Object.values(router.toJSON()).flat()) {
      if (route.name) names.add(route.name)
      const writes = route.methods.some((m) => !['GET', 'HEAD'].includes(m))
      const isStaffArea = /^\/(admin|affiliate|api\/)/.test(route.pattern)
      const isPublic = ['auth.', 'two_factor.', 'payments.notify'].some((p) =>
        route.name?.startsWith(p)
      )
      if (!writes || isStaffArea || !route.name || isPublic) continue
      assert.isTrue(
        classified.has(route.name),
        `${route.name} (${route.pattern}) is not classified`
      )
    }
    for (const name of classified) assert.isTrue(names.has(name), `${name} is not a route`)
  })

  test('a write nobody classified is refused in a login-as session (a staff route, here)', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const response = await api(client, 'post', '/affiliate/api', {}).withSession(
      loginAsSession(customer, admin)
    )
    response.assertStatus(403)
    response.assertBodyContains({ message: REFUSED_WHILE_IMPERSONATING })
  })
})

test.group(
  'Login as: the writes staff make as the customer are audited (issue 21 item 3)',
  (group) => {
    isolate(group)
    openMarkets(group)

    test("placing, editing and closing an order: rows naming the staff member and the customer; the close's ledger rows name its row", async ({
      client,
      assert,
    }) => {
      const manager = await UserFactory.apply('manager').create()
      const customer = await UserFactory.apply('funded', 'kycApproved').create()
      await db.from('profiles').where('user_id', customer.id).update({ manager_id: manager.id })
      const session = loginAsSession(customer, manager)
      quote('EUR_USD', '1.08650', '1.08662')

      const placed = await api(client, 'post', '/dashboard/orders', {
        type: 'buy',
        instrument: 'EUR_USD',
        amount: '10000',
      }).withSession(session)
      placed.assertStatus(201)
      const order = await Order.findOrFail(placed.body().order.id)
      const place = await onlyAuditRow('customer_session.order_place', customer.id)
      assert.containsSubset(place, { staff_id: manager.id, staff_role_id: 2, target_type: 'user' })
      assert.equal(place.changes.orderId.after, order.id)
      assert.equal(place.changes.instrument.after, 'EUR_USD')

      const edited = await api(client, 'put', `/dashboard/orders/${order.id}`, {
        loss: '1.08000',
      }).withSession(session)
      edited.assertStatus(200)
      const targets = await onlyAuditRow('customer_session.order_targets', customer.id)
      assert.equal(targets.staff_id, manager.id)
      assert.equal(targets.changes.orderId.after, order.id)
      assert.deepEqual(targets.changes.stopLoss, { before: null, after: '1.08' })

      quote('EUR_USD', '1.08750', '1.08762')
      const closed = await api(client, 'post', '/dashboard/orders/close', {
        orderId: order.id,
      }).withSession(session)
      closed.assertStatus(200)
      const close = await onlyAuditRow('customer_session.order_close', customer.id)
      assert.equal(close.staff_id, manager.id)
      assert.equal(close.changes.orderId.after, order.id)
      assert.equal(close.changes.status.after, 'closed')
      const entries = await LedgerEntry.query()
        .where('reference_type', 'order')
        .where('reference_id', order.id)
      assert.isAbove(entries.length, 0)
      for (const entry of entries) {
        assert.equal(entry.auditLogId, close.id)
        assert.equal(entry.createdById, manager.id)
      }
    })

    test('profile, favorites, the active wallet and a KYC submission: one row each, actor the staff member, target the customer', async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      const customer = await UserFactory.create()
      // Its demo wallet active, so switching to the real one is a change.
      customer.activeBalanceId = (await walletsOf(customer)).find((w) => w.mode === 'demo')!.id
      await customer.save()
      const session = loginAsSession(customer, admin)
      const instrument = await Instrument.findByOrFail('name', 'EUR_USD')

      ;(
        await api(client, 'put', '/profile/me', {
          fullName: 'Nina Edited',
          city: 'Lisbon',
        }).withSession(session)
      ).assertStatus(200)
      const profile = await onlyAuditRow('customer_session.profile_update', customer.id)
      assert.deepEqual(profile.changes.fullName, {
        before: customer.fullName,
        after: 'Nina Edited',
      })
      assert.equal(profile.changes.city.after, 'Lisbon')

      ;(
        await api(client, 'post', '/dashboard/add-to-favorite', { id: instrument.id }).withSession(
          session
        )
      ).assertStatus(200)
      const added = await onlyAuditRow('customer_session.favorite_add', customer.id)
      assert.equal(added.changes.instrument.after, 'EUR_USD')
      ;(
        await api(client, 'post', '/dashboard/remove-from-favorite', {
          id: instrument.id,
        }).withSession(session)
      ).assertStatus(200)
      await onlyAuditRow('customer_session.favorite_remove', customer.id)

      const real = await realWalletOf(customer)
      ;(
        await api(client, 'post', '/dashboard/switch-wallet', { balanceId: real.id }).withSession(
          session
        )
      ).assertStatus(200)
      const switched = await onlyAuditRow('customer_session.wallet_switch', customer.id)
      assert.deepEqual(switched.changes.activeBalanceId, {
        before: customer.activeBalanceId,
        after: real.id,
      })

      let kyc = client
        .post('/kyc')
        .header('Accept', 'application/json')
        .withSession(session)
        .withCsrfToken()
        .field('type', 'passport')
      const files = { front: upload('png'), back: upload('jpeg'), address: upload('pdf') }
      for (const side of KYC_SIDES)
        kyc = kyc.file(side, files[side].bytes, {
          filename: files[side].filename,
          contentType: files[side].contentType,
        })
      const submitted = await kyc
      const document = await KycDocument.query()
        .where('user_id', customer.id)
        .orderBy('id', 'desc')
        .first()
      forgetFilesOf(document)
      submitted.assertStatus(200)
      const row = await onlyAuditRow('customer_session.kyc_submit', customer.id)
      assert.equal(row.changes.kycDocumentId.after, document!.id)

      // Other groups' rows may share the id under another target type (a sales status, say).
      for (const r of await auditRows({ targetId: customer.id })) {
        if (!String(r.action).startsWith('customer_session.')) continue
        assert.equal(r.staff_id, admin.id)
        assert.equal(r.target_type, 'user')
      }
    })

    test("the customer's own writes leave no audit row", async ({ client, assert }) => {
      const customer = await UserFactory.create()
      const instrument = await Instrument.findByOrFail('name', 'EUR_USD')
      const before = await auditCount()
      ;(
        await api(client, 'put', '/profile/me', { fullName: 'Nina Own' }).loginAs(customer)
      ).assertStatus(200)
      ;(
        await api(client, 'post', '/dashboard/add-to-favorite', { id: instrument.id }).loginAs(
          customer
        )
      ).assertStatus(200)
      assert.equal(await auditCount(), before)
    })
  }
)

test.group('Login as: the plan modal does not trap staff (issue 21 item 4)', (group) => {
  isolate(group)

  test('a customer without a plan gets the mandatory modal; a login-as session of them does not', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.merge({ pricingTableId: null }).create()
    assert.isNull(newcomer.pricingTableId)
    const own = await client.get('/dashboard').loginAs(newcomer).withInertia()
    assert.isTrue(own.inertiaProps.session.needsPlan)
    const staff = await client
      .get('/dashboard')
      .withSession(loginAsSession(newcomer, admin))
      .withInertia()
    staff.assertStatus(200)
    assert.isFalse(staff.inertiaProps.session.needsPlan)
    assert.isTrue(staff.inertiaProps.session.impersonating)
  })
})
