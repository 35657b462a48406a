import { test } from '@japa/runner'
import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'
import { postEntry } from '#services/ledger_service'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Notification from '#models/notification'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { userChannel } from '#domain/channels'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { balanceMatchesLedger, ledgerOf } from '#tests/helpers/users'
import {
  BANK,
  pendingWithdrawal,
  realWalletOf,
  setWithdrawFees,
  withoutOtherWithdrawals,
} from '#tests/helpers/withdrawals'
import type User from '#models/user'
import { Roles } from '#domain/roles'
import { bankDescription } from '#domain/withdrawals'
import { KycDocumentFactory } from '#database/factories/kyc_document_factory'
import { UserFactory } from '#database/factories/user_factory'
import { WithdrawalFactory } from '#database/factories/withdrawal_factory'

/** A customer of their own, with 25,000.00 on the real wallet. */
const fundedCustomer = () => UserFactory.apply('funded').create()
const newAdmin = () => UserFactory.apply('admin').create()

/**
 * A pending bank withdrawal (amount + fee on hold) to the customer's account
 * at BANK, as a request leaves one; `fee` is what Withdraw Settings would charge.
 */
function pendingOf(customer: User, amount: string, fee = '0') {
  return WithdrawalFactory.merge({
    userId: customer.id,
    amount,
    fee,
    description: bankDescription({
      bankName: BANK.bank_name,
      accountName: customer.fullName,
      accountNumber: BANK.account_number,
      swiftCode: BANK.swift_code,
      bankCountry: BANK.bank_country,
    }),
  }).create()
}

/** Records what is broadcast while `run` runs. */
async function broadcasts<T>(run: () => Promise<T>) {
  const sent: { channel: string; payload: any }[] = []
  const original = transmit.broadcast.bind(transmit)
  transmit.broadcast = ((channel: string, payload: any) => {
    sent.push({ channel, payload })
  }) as typeof transmit.broadcast
  try {
    return { result: await run(), sent }
  } finally {
    transmit.broadcast = original
  }
}

test.group('Withdraw pages (staff)', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('pending and history pages render for admins and managers; the settings page for admins only', async ({
    client,
  }) => {
    for (const staff of [await newAdmin(), await UserFactory.apply('manager').create()]) {
      for (const [path, component] of [
        ['/admin/withdraws/pending', 'staff/withdraws/pending'],
        ['/admin/withdraws/history', 'staff/withdraws/history'],
      ]) {
        const response = await client.get(path).loginAs(staff).withInertia()
        response.assertStatus(200)
        response.assertInertiaComponent(component)
      }
      const settingsPage = await client
        .get('/admin/withdraws/settings')
        .loginAs(staff)
        .withInertia()
      settingsPage.assertStatus(staff.roleId === Roles.ADMIN ? 200 : 403)
    }
  })

  test('the settings page carries the current fees', async ({ client }) => {
    await setWithdrawFees('2.5', '1.25')
    const response = await client
      .get('/admin/withdraws/settings')
      .loginAs(await newAdmin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/withdraws/settings')
    response.assertInertiaPropsContains({ settings: { feePercentage: '2.5', feeFixed: '1.25' } })
  })
})

test.group('Withdraw lists (staff API)', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('pending lists only pending withdrawals with the row fields, newest first', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const customer = await fundedCustomer()
    // Fees of 1% + 2.00.
    const first = await pendingOf(customer, '100', '3.00')
    const second = await pendingOf(customer, '50', '2.50')
    const declined = await pendingOf(customer, '10', '2.10')
    await api(client, 'post', `/admin/withdraws/${declined.id}/decline`, {
      declineReason: 'Wrong IBAN',
    }).loginAs(admin)

    const response = await api(
      client,
      'get',
      '/admin/withdraws/api/pending?page=1&limit=15'
    ).loginAs(admin)
    response.assertStatus(200)
    const { data, meta } = response.body()
    assert.equal(meta.total, 2)
    assert.deepEqual(
      data.map((r: { id: number }) => r.id),
      [second.id, first.id]
    )
    assert.containsSubset(data[1], {
      id: first.id,
      user: { id: customer.id, email: customer.email },
      gateway: 'bank',
      description: 'Withdraw request',
      formattedDescription: {
        bankName: BANK.bank_name,
        accountName: customer.fullName,
        accountNumber: BANK.account_number,
        swiftCode: BANK.swift_code,
        bankCountry: BANK.bank_country,
      },
      declineReason: null,
      amount: '100.00',
      fee: '3.00',
      total: '103.00',
      status: 'pending',
      currency: 'USD',
      decidedBy: null,
    })
    // Back-office dates: DD/MM/YYYY h:mm A (admin spec §9).
    assert.match(data[1].createdAt, /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)
  })

  test('history lists every status, and one customer’s with /history/:userId', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const customer = await fundedCustomer()
    const newcomer = await fundedCustomer()
    const a = await pendingOf(customer, '10')
    const b = await pendingOf(customer, '20')
    const c = await pendingOf(newcomer, '30')
    await api(client, 'post', `/admin/withdraws/${a.id}/approve`).loginAs(admin)
    await api(client, 'post', `/admin/withdraws/${b.id}/decline`, {
      declineReason: 'Name mismatch',
    }).loginAs(admin)

    const all = (await api(client, 'get', '/admin/withdraws/api/history').loginAs(admin)).body()
    assert.equal(all.meta.total, 3)
    assert.deepEqual(
      all.data.map((r: any) => [r.id, r.status]),
      [
        [c.id, 'pending'],
        [b.id, 'declined'],
        [a.id, 'approved'],
      ]
    )
    assert.containsSubset(all.data[1], {
      declineReason: 'Name mismatch',
      decidedBy: { id: admin.id, email: admin.email },
    })

    const mine = (
      await api(client, 'get', `/admin/withdraws/api/history/${customer.id}?limit=25`).loginAs(
        admin
      )
    ).body()
    assert.deepEqual(
      mine.data.map((r: any) => r.id),
      [b.id, a.id]
    )
    assert.equal(mine.meta.perPage, 25)

    const unknown = await api(client, 'get', '/admin/withdraws/api/history/999999').loginAs(admin)
    unknown.assertStatus(404)
    for (const q of ['limit=20', 'page=0', 'page=x']) {
      const bad = await api(client, 'get', `/admin/withdraws/api/pending?${q}`).loginAs(admin)
      assert.equal(bad.status(), 422, q)
    }
  })
})

test.group('Approve and decline', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('approval takes amount and fee through the ledger, releases the hold and notifies the customer', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const customer = await fundedCustomer()
    const wallet = await realWalletOf(customer)
    // Fees of 1.5% + 2.00.
    const withdrawal = await pendingOf(customer, '100', '3.50')

    const { result: response, sent } = await broadcasts(() =>
      api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(admin)
    )
    response.assertStatus(200)
    response.assertBody({ message: 'Withdraw approved successfully' })

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).toFixed(2), '24896.50')
    assert.equal(money(after.onHold).toFixed(2), '0.00')
    const entries = await LedgerEntry.query()
      .where('reference_type', 'withdrawal')
      .where('reference_id', withdrawal.id)
      .orderBy('id')
    assert.deepEqual(
      entries.map((e) => [
        e.type,
        money(e.amount).toFixed(2),
        money(e.balanceAfter).toFixed(2),
        e.createdById,
      ]),
      [
        ['withdrawal', '-100.00', '24900.00', admin.id],
        ['fee', '-3.50', '24896.50', admin.id],
      ]
    )
    assert.isTrue(await balanceMatchesLedger(wallet.id))

    await withdrawal.refresh()
    assert.equal(withdrawal.status, 'approved')
    assert.equal(withdrawal.decidedById, admin.id)
    assert.isNotNull(withdrawal.decidedAt)
    assert.equal(money(withdrawal.balanceAfter!).toFixed(2), '24896.50')

    const notification = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(notification.title, 'Withdrawal approved')
    assert.equal(
      notification.description,
      `Your withdrawal #${withdrawal.id} of 100.00 USD has been approved.`
    )
    assert.equal(notification.url, '/withdraws')
    // Live on the customer's own channel: the toast, then the shell's figures.
    const mine = sent
      .filter((s) => s.channel === userChannel(customer.id))
      .map((s) => s.payload.event)
    assert.includeMembers(mine, ['notification', 'account'])
    assert.containsSubset(sent.find((s) => s.payload.event === 'notification')!.payload, {
      title: 'Withdrawal approved',
    })

    const history = (await api(client, 'get', '/withdraws/history').loginAs(customer)).body()
    assert.containsSubset(history.data[0], {
      id: withdrawal.id,
      status: 'approved',
      balanceAfter: '24896.50',
    })
  })

  test('a zero fee writes no fee entry', async ({ client, assert }) => {
    const admin = await newAdmin()
    const customer = await fundedCustomer()
    const withdrawal = await pendingOf(customer, '40')
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(admin)
    ).assertStatus(200)
    const entries = await LedgerEntry.query()
      .where('reference_type', 'withdrawal')
      .where('reference_id', withdrawal.id)
    assert.deepEqual(
      entries.map((e) => e.type),
      ['withdrawal']
    )
    assert.isTrue(await balanceMatchesLedger(withdrawal.balanceId))
  })

  test('decline needs a reason, releases the hold, moves no money and tells the customer why', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await fundedCustomer()
    const wallet = await realWalletOf(customer)
    // Fees of 0% + 1.00.
    const withdrawal = await pendingOf(customer, '250', '1.00')
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '251.00')
    const before = await ledgerOf(wallet.id)

    for (const body of [{}, { declineReason: '   ' }, { declineReason: ['x'] }]) {
      const missing = await api(
        client,
        'post',
        `/admin/withdraws/${withdrawal.id}/decline`,
        body
      ).loginAs(manager)
      missing.assertStatus(422)
      assert.deepEqual(fieldErrors(missing.body()), { declineReason: 'Decline reason is required' })
    }
    const tooLong = await api(client, 'post', `/admin/withdraws/${withdrawal.id}/decline`, {
      declineReason: 'x'.repeat(501),
    }).loginAs(manager)
    assert.deepEqual(fieldErrors(tooLong.body()), {
      declineReason: 'Decline reason must be at most 500 characters',
    })

    const { result: response, sent } = await broadcasts(() =>
      api(client, 'post', `/admin/withdraws/${withdrawal.id}/decline`, {
        declineReason: ' The IBAN does not match the name ',
      }).loginAs(manager)
    )
    response.assertStatus(200)
    response.assertBody({ message: 'Withdraw declined successfully' })

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).toFixed(2), '25000.00')
    assert.equal(money(after.onHold).toFixed(2), '0.00')
    assert.equal((await ledgerOf(wallet.id)).entries.length, before.entries.length)
    assert.isTrue(await balanceMatchesLedger(wallet.id))

    await withdrawal.refresh()
    assert.equal(withdrawal.status, 'declined')
    assert.equal(withdrawal.declineReason, 'The IBAN does not match the name')
    assert.equal(withdrawal.decidedById, manager.id)
    assert.isNull(withdrawal.balanceAfter)

    const notification = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(notification.title, 'Withdrawal declined')
    assert.equal(
      notification.description,
      `Your withdrawal #${withdrawal.id} of 250.00 USD was declined: The IBAN does not match the name`
    )
    assert.isTrue(
      sent.some((s) => s.channel === userChannel(customer.id) && s.payload.event === 'notification')
    )

    const history = (await api(client, 'get', '/withdraws/history').loginAs(customer)).body()
    assert.containsSubset(history.data[0], {
      id: withdrawal.id,
      status: 'declined',
      declineReason: 'The IBAN does not match the name',
    })
  })

  test('a decided withdrawal cannot be decided again (409), and nothing moves twice', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const customer = await fundedCustomer()
    const approved = await pendingOf(customer, '10')
    const declined = await pendingOf(customer, '20')
    ;(
      await api(client, 'post', `/admin/withdraws/${approved.id}/approve`).loginAs(admin)
    ).assertStatus(200)
    ;(
      await api(client, 'post', `/admin/withdraws/${declined.id}/decline`, {
        declineReason: 'No',
      }).loginAs(admin)
    ).assertStatus(200)

    for (const [id, action] of [
      [approved.id, 'approve'],
      [approved.id, 'decline'],
      [declined.id, 'approve'],
      [declined.id, 'decline'],
    ] as const) {
      const again = await api(client, 'post', `/admin/withdraws/${id}/${action}`, {
        declineReason: 'Again',
      }).loginAs(admin)
      again.assertStatus(409)
      assert.equal(again.body().message, 'This withdrawal has already been decided')
    }
    const wallet = await realWalletOf(customer)
    assert.equal(money(wallet.balance).toFixed(2), '24990.00')
    assert.equal(money(wallet.onHold).toFixed(2), '0.00')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
    assert.lengthOf(
      await LedgerEntry.query()
        .where('balance_id', wallet.id)
        .where('reference_type', 'withdrawal'),
      1
    )
  })

  test('unknown ids are 404', async ({ client }) => {
    const admin = await newAdmin()
    for (const id of ['999999', '2147483648', '99999999999999999999']) {
      ;(await api(client, 'post', `/admin/withdraws/${id}/approve`).loginAs(admin)).assertStatus(
        404
      )
      ;(
        await api(client, 'post', `/admin/withdraws/${id}/decline`, { declineReason: 'x' }).loginAs(
          admin
        )
      ).assertStatus(404)
    }
  })

  test('approval is refused when realized losses have left less than the withdrawal', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    const customer = await fundedCustomer()
    const wallet = await realWalletOf(customer)
    const withdrawal = await pendingOf(customer, '20000')
    // A loss realized after the request (e.g. a stop-out) takes the balance below the held amount.
    await db.transaction((trx) =>
      postEntry(trx, { balanceId: wallet.id, type: 'realized_pnl', amount: '-10000' })
    )

    const response = await api(client, 'post', `/admin/withdraws/${withdrawal.id}/approve`).loginAs(
      admin
    )
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      'The wallet no longer holds enough to pay this withdrawal; decline it instead'
    )
    await withdrawal.refresh()
    assert.equal(withdrawal.status, 'pending', 'the refused approval rolled back')
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '20000.00')
    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/decline`, {
        declineReason: 'Funds no longer available',
      }).loginAs(admin)
    ).assertStatus(200)
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '0.00')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})

test.group('Withdraw Settings (POST /admin/withdraws/settings)', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('saves the fees, which the next request is charged', async ({ client, assert }) => {
    const admin = await newAdmin()
    const response = await api(client, 'post', '/admin/withdraws/settings', {
      feePercentage: '2.25',
      feeFixed: '1.50',
    }).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Withdraw settings updated successfully')
    assert.deepEqual(response.body().settings, { feePercentage: '2.25', feeFixed: '1.5' })
    settings.forget()
    const row = (await settings.rows()).withdrawSettings
    assert.equal(row.value1, '2.25')
    assert.equal(row.value2, '1.5')

    // Requested through the action, which reads the fees (withdrawals need an approved KYC).
    const customer = await fundedCustomer()
    await KycDocumentFactory.apply('approved').merge({ userId: customer.id }).create()
    const withdrawal = await pendingWithdrawal(customer, '200')
    // 2.25% of 200 = 4.50, + 1.50 = 6.00
    assert.equal(money(withdrawal.fee).toFixed(2), '6.00')

    const numbers = await api(client, 'post', '/admin/withdraws/settings', {
      feePercentage: 0,
      feeFixed: 0.5,
    }).loginAs(admin)
    numbers.assertStatus(200)
    assert.deepEqual(numbers.body().settings, { feePercentage: '0', feeFixed: '0.5' })
  })

  test('missing or non-numeric fees get the spec’s odd messages', async ({ client, assert }) => {
    const admin = await newAdmin()
    for (const body of [
      {},
      { feePercentage: '', feeFixed: '' },
      { feePercentage: 'abc', feeFixed: 'x1' },
      { feePercentage: null, feeFixed: [1] },
    ]) {
      const response = await api(client, 'post', '/admin/withdraws/settings', body).loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(
        fieldErrors(response.body()),
        {
          feePercentage: 'Forex spread is required',
          feeFixed: 'Commodity spread is required',
        },
        JSON.stringify(body)
      )
    }
  })

  test('out-of-range fees are refused with plain messages and nothing is saved', async ({
    client,
    assert,
  }) => {
    const admin = await newAdmin()
    await setWithdrawFees('1', '1')
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { feePercentage: '-1', feeFixed: '-0.01' },
        {
          feePercentage: 'Fee (%) must be from 0 to 100 with at most 4 decimals',
          feeFixed: 'Fee (Fixed) must be 0 or more with at most 2 decimals',
        },
      ],
      [
        { feePercentage: '100.0001', feeFixed: '1.001' },
        {
          feePercentage: 'Fee (%) must be from 0 to 100 with at most 4 decimals',
          feeFixed: 'Fee (Fixed) must be 0 or more with at most 2 decimals',
        },
      ],
      [
        { feePercentage: '1.23456', feeFixed: '1234567890' },
        {
          feePercentage: 'Fee (%) must be from 0 to 100 with at most 4 decimals',
          feeFixed: 'Fee (Fixed) must be 0 or more with at most 2 decimals',
        },
      ],
    ]
    for (const [body, errors] of cases) {
      const response = await api(client, 'post', '/admin/withdraws/settings', body).loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(fieldErrors(response.body()), errors, JSON.stringify(body))
    }
    const ok = await api(client, 'post', '/admin/withdraws/settings', {
      feePercentage: '100',
      feeFixed: '0',
    }).loginAs(admin)
    ok.assertStatus(200)
    settings.forget()
    assert.equal((await settings.rows()).withdrawSettings.value1, '100')
  })
})
