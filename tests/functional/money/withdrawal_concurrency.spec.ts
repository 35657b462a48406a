import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import KycDocument from '#models/kyc_document'
import LedgerEntry from '#models/ledger_entry'
import Withdrawal from '#models/withdrawal'
import type User from '#models/user'
import { money } from '#domain/money'
import { freshCustomer, settled, signedIn, staffSignedIn } from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'
import { BANK, fund, realWalletOf, setWithdrawFees } from '#tests/helpers/withdrawals'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */

/** A KYC-approved customer whose real wallet holds `amount`. */
async function fundedCustomer(amount: string) {
  const { user } = await freshCustomer('0')
  await KycDocument.create({ userId: user.id, type: 'passport', status: 'approved' })
  const wallet = await realWalletOf(user)
  await fund(wallet.id, amount)
  return { user, wallet }
}

function payload(user: User, walletId: number, amount: string) {
  return { balance_id: walletId, amount, account_name: user.fullName, ...BANK }
}

test.group('Withdrawals under concurrent requests', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    // These tests share the database with no rollback: fees 0, as seeded.
    await setWithdrawFees('0', '0')
  })

  test('50 concurrent withdrawals of 10 from a free balance of 100: exactly 10 accepted', async ({
    assert,
  }) => {
    const { user, wallet } = await fundedCustomer('100')
    const browser = await signedIn(user)

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        browser.post('/withdraws/bank', payload(user, wallet.id, '10'))
      )
    )
    const accepted = responses.filter((r) => r.status === 201).length
    assert.equal(
      accepted,
      10,
      responses.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join('\n')
    )
    const refused = responses.filter((r) => r.status === 422)
    assert.lengthOf(refused, 40)
    assert.isTrue(
      refused.every(
        (r) => r.body.message === 'Not enough free balance for this withdrawal and its fee'
      )
    )

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.onHold).toFixed(2), '100.00')
    assert.equal(await settled(assert, wallet.id), '100.00')
    assert.lengthOf(
      await Withdrawal.query().where('balance_id', wallet.id).where('status', 'pending'),
      10
    )
  })

  test('an approval racing itself and declines is applied exactly once', async ({ assert }) => {
    await setWithdrawFees('1', '0.5')
    try {
      const { user, wallet } = await fundedCustomer('500')
      const customer = await signedIn(user)
      const requested = await customer.post('/withdraws/bank', payload(user, wallet.id, '100'))
      assert.equal(requested.status, 201, requested.text)
      const id = requested.body.id as number
      const [admin, manager] = await Promise.all([
        staffSignedIn(DEMO.admin),
        staffSignedIn(DEMO.manager),
      ])

      const responses = await Promise.all([
        ...Array.from({ length: 15 }, () => admin.post(`/admin/withdraws/${id}/approve`)),
        ...Array.from({ length: 15 }, () => manager.post(`/admin/withdraws/${id}/approve`)),
        ...Array.from({ length: 10 }, () =>
          admin.post(`/admin/withdraws/${id}/decline`, { declineReason: 'Race' })
        ),
      ])
      const ok = responses.filter((r) => r.status === 200)
      assert.lengthOf(
        ok,
        1,
        responses
          .filter((r) => r.status !== 409)
          .map((r) => `${r.status} ${r.text}`)
          .join('\n')
      )
      assert.isTrue(responses.every((r) => r.status === 200 || r.status === 409))

      const withdrawal = await Withdrawal.findOrFail(id)
      const entries = await LedgerEntry.query()
        .where('reference_type', 'withdrawal')
        .where('reference_id', id)
      const after = await Balance.findOrFail(wallet.id)
      assert.equal(money(after.onHold).toFixed(2), '0.00')
      if (withdrawal.status === 'approved') {
        assert.equal(ok[0].body.message, 'Withdraw approved successfully')
        // 100 + 1% + 0.50 = 101.50, taken once.
        assert.deepEqual(entries.map((e) => [e.type, money(e.amount).toFixed(2)]).sort(), [
          ['fee', '-1.50'],
          ['withdrawal', '-100.00'],
        ])
        assert.equal(await settled(assert, wallet.id), '398.50')
      } else {
        assert.equal(withdrawal.status, 'declined')
        assert.equal(ok[0].body.message, 'Withdraw declined successfully')
        assert.lengthOf(entries, 0)
        assert.equal(await settled(assert, wallet.id), '500.00')
      }
    } finally {
      await setWithdrawFees('0', '0')
    }
  })

  test('many approvals of one withdrawal pay it once', async ({ assert }) => {
    const { user, wallet } = await fundedCustomer('100')
    const customer = await signedIn(user)
    const requested = await customer.post('/withdraws/bank', payload(user, wallet.id, '60'))
    assert.equal(requested.status, 201, requested.text)
    const admin = await staffSignedIn(DEMO.admin)

    const responses = await Promise.all(
      Array.from({ length: 40 }, () => admin.post(`/admin/withdraws/${requested.body.id}/approve`))
    )
    assert.equal(responses.filter((r) => r.status === 200).length, 1)
    assert.isTrue(responses.every((r) => r.status === 200 || r.status === 409))
    assert.equal(await settled(assert, wallet.id), '40.00')
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '0.00')
    assert.lengthOf(
      await LedgerEntry.query()
        .where('reference_type', 'withdrawal')
        .where('reference_id', requested.body.id),
      1
    )
  })

  test('requests racing decisions never hold more than the free balance', async ({ assert }) => {
    const { user, wallet } = await fundedCustomer('100')
    const customer = await signedIn(user)
    const first = await customer.post('/withdraws/bank', payload(user, wallet.id, '50'))
    const second = await customer.post('/withdraws/bank', payload(user, wallet.id, '50'))
    assert.equal(first.status, 201)
    assert.equal(second.status, 201)
    const admin = await staffSignedIn(DEMO.admin)

    // One decline frees 50 while 20 new requests of 10 compete for it; one approval pays the other 50.
    const responses = await Promise.all([
      admin.post(`/admin/withdraws/${first.body.id}/decline`, { declineReason: 'Race' }),
      admin.post(`/admin/withdraws/${second.body.id}/approve`),
      ...Array.from({ length: 20 }, () =>
        customer.post('/withdraws/bank', payload(user, wallet.id, '10'))
      ),
    ])
    assert.isTrue(
      responses.every((r) => r.status < 500),
      responses.map((r) => r.status).join(',')
    )
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(await settled(assert, wallet.id), '50.00')
    const accepted = responses.slice(2).filter((r) => r.status === 201).length
    assert.isAtMost(accepted, 5)
    assert.equal(money(after.onHold).toFixed(2), money(accepted * 10).toFixed(2))
    assert.isTrue(
      money(after.balance).minus(after.margin).minus(after.onHold).greaterThanOrEqualTo(0)
    )
  })
})
