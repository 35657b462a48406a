import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import Deposit from '#models/deposit'
import { verifyAuditChain } from '#services/audit_verification'
import { freshCustomer, settled, staffSignedIn } from '#tests/helpers/race'
import { pendingDeposit } from '#tests/helpers/deposits'
import { DEMO } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'

/*
| Staff writes racing over HTTP, WITHOUT the shared rolled-back transaction
| (see tests/helpers/race.ts): on PostgreSQL each request has its own
| connection, so audit appends really contend for the chain's head.
*/
test.group('Audit log under concurrent staff writes', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('30 approvals of one deposit at once: one is applied and leaves one audit row; the 29 refused leave none', async ({
    assert,
  }) => {
    const { user } = await freshCustomer('0')
    const deposit = await pendingDeposit(user, 'bank', '40.00')
    const [admin, manager] = await Promise.all([
      staffSignedIn(DEMO.admin),
      staffSignedIn(DEMO.manager),
    ])
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? admin : manager).post(`/admin/deposits/${deposit.id}/approve`)
      )
    )
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
    assert.equal(statuses.filter((s) => s === 409).length, 29, statuses.join(','))
    const rows = await db
      .from('audit_logs')
      .where('target_type', 'deposit')
      .where('target_id', String(deposit.id))
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].action, 'deposit.approve')
    assert.isNull((await verifyAuditChain()).broken)
  })

  test('20 different decisions at once by two staff members: 20 rows, each on its own link, and the chain verifies', async ({
    assert,
  }) => {
    const { user } = await freshCustomer('0')
    const wallet = await realWalletOf(user)
    const deposits: Deposit[] = []
    for (let i = 0; i < 20; i++) deposits.push(await pendingDeposit(user, 'bank', '5.00'))
    const [admin, manager] = await Promise.all([
      staffSignedIn(DEMO.admin),
      staffSignedIn(DEMO.manager),
    ])
    const headBefore = (await verifyAuditChain()).head

    const responses = await Promise.all(
      deposits.map((d, i) =>
        (i % 2 ? admin : manager).post(`/admin/deposits/${d.id}/${i % 3 ? 'approve' : 'decline'}`)
      )
    )
    assert.isTrue(
      responses.every((r) => r.status === 200),
      responses.map((r) => `${r.status} ${r.text}`).join('\n')
    )

    const rows = await db
      .from('audit_logs')
      .where('target_type', 'deposit')
      .whereIn(
        'target_id',
        deposits.map((d) => String(d.id))
      )
    assert.lengthOf(rows, 20)
    const allLinks = await db.from('audit_logs').select('prev_hash')
    assert.equal(new Set(allLinks.map((r) => r.prev_hash)).size, allLinks.length)
    const report = await verifyAuditChain()
    assert.isNull(report.broken, JSON.stringify(report.broken))
    assert.notEqual(report.head, headBefore)
    await settled(assert, wallet.id)
  })
})
