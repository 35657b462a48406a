import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import KycDocument from '#models/kyc_document'
import LedgerEntry from '#models/ledger_entry'
import { money } from '#domain/money'
import { freshCustomer, settled, signedIn, staffSignedIn } from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */

test.group('Deposits under concurrent decisions', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('one deposit approved by two staff at once is credited exactly once', async ({ assert }) => {
    const { user } = await freshCustomer('0')
    await KycDocument.create({ userId: user.id, type: 'passport', status: 'approved' })
    const wallet = await realWalletOf(user)
    const customer = await signedIn(user)
    const requested = await customer.post('/deposits', {
      balance_id: wallet.id,
      gateway: 'bank',
      amount: '150.00',
    })
    assert.equal(requested.status, 201, requested.text)
    const id = requested.body.id as number
    const [admin, manager] = await Promise.all([
      staffSignedIn(DEMO.admin),
      staffSignedIn(DEMO.manager),
    ])

    const responses = await Promise.all([
      ...Array.from({ length: 15 }, () => admin.post(`/admin/deposits/${id}/approve`)),
      ...Array.from({ length: 15 }, () => manager.post(`/admin/deposits/${id}/approve`)),
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

    const deposit = await Deposit.findOrFail(id)
    const entries = await LedgerEntry.query()
      .where('reference_type', 'deposit')
      .where('reference_id', id)
    assert.equal(deposit.status, 'approved')
    assert.lengthOf(entries, 1)
    assert.equal(money((await Balance.findOrFail(wallet.id)).balance).toFixed(2), '150.00')
    await settled(assert, wallet.id)
  })
})
