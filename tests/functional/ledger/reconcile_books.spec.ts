import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import LedgerReconcile from '../../../commands/ledger_reconcile.js'
import Balance from '#models/balance'
import Notification from '#models/notification'
import Reconciliation from '#models/reconciliation'
import { recordStaffAction } from '#services/audit_log'
import { reconcileBooks } from '#actions/ledger/reconcile_books'
import { reconcileAfterRollover } from '#actions/ledger/reconcile_after_rollover'
import { isolate } from '#tests/helpers/isolation'
import { tamperWith } from '#tests/helpers/audit'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'

/** Runs `node ace ledger:reconcile` in-process; answers its exit code and what it logged. */
async function runReconcile() {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  try {
    const command = await ace.create(LedgerReconcile, [])
    await command.exec()
    const logs = command.ui.logger.getLogs().map((l) => l.message)
    return { exitCode: command.exitCode ?? 0, output: logs.join('\n') }
  } finally {
    ace.ui.switchMode('normal')
  }
}

/** A funded customer's active (real) wallet. */
async function customerWallet() {
  const customer = await UserFactory.apply('funded').create()
  return { customer, wallet: await Balance.findOrFail(customer.activeBalanceId!) }
}

test.group('Reconciliation of the books (issue 24 item 6)', (group) => {
  isolate(group)

  test('clean books: no difference, exit 0, a stored run', async ({ assert }) => {
    const result = await runReconcile()
    assert.equal(result.exitCode, 0, result.output)
    const wallets = Number((await db.from('balances').count('* as n').first()).n)
    assert.include(result.output, `Books balanced: ${wallets} wallets, 0 differences`)
    const run = await Reconciliation.query().orderBy('id', 'desc').firstOrFail()
    assert.equal(run.kind, 'manual')
    assert.equal(run.wallets, wallets)
    assert.equal(run.differences, 0)
    assert.isNull(run.details)
    assert.isNotNull(run.finishedAt)
  })

  test('a balance moved without a ledger entry is found, named, exit 1', async ({ assert }) => {
    const { customer, wallet } = await customerWallet()
    await db.rawQuery('UPDATE balances SET balance = balance + 1 WHERE id = ?', [wallet.id])
    const result = await runReconcile()
    assert.equal(result.exitCode, 1)
    const total = money(wallet.balance)
    assert.include(
      result.output,
      `Wallet #${wallet.id} (user #${customer.id}, ${wallet.currency}): balance = sum of the ledger entries: expected ${total.toFixed(2)}, found ${total.plus(1).toFixed(2)}`
    )
    assert.include(
      result.output,
      `Wallet #${wallet.id} (user #${customer.id}, ${wallet.currency}): balance = the latest ledger entry's balance after`
    )
    assert.match(result.output, /Books differ: \d+ wallets, 2 differences/)
    const run = await Reconciliation.query().orderBy('id', 'desc').firstOrFail()
    assert.equal(run.differences, 2)
    const details = JSON.parse(run.details!)
    assert.deepEqual(
      details.map((d: { check: string; walletId: number }) => [d.check, d.walletId]),
      [
        ['balance', wallet.id],
        ['balance_after', wallet.id],
      ]
    )
  })

  test('a used margin that is not the margin of the open positions', async ({ assert }) => {
    const { wallet } = await customerWallet()
    await db.rawQuery('UPDATE balances SET margin = margin + 5 WHERE id = ?', [wallet.id])
    const result = await reconcileBooks({ kind: 'rollover', rolloverDate: '2026-11-18' })
    assert.lengthOf(result.differences, 1)
    const [difference] = result.differences
    assert.equal(difference.check, 'margin')
    assert.equal(difference.walletId, wallet.id)
    assert.equal(
      money(difference.found).minus(money(difference.expected)).toFixed(2),
      '5.00',
      JSON.stringify(difference)
    )
    const run = await Reconciliation.findOrFail(result.id)
    assert.equal(run.kind, 'rollover')
    assert.equal(run.rolloverDate, '2026-11-18')
  })

  test('a negative balance is a difference even when the ledger agrees with it', async ({
    assert,
  }) => {
    const { wallet } = await customerWallet()
    // Consistent with its ledger: a debit entry that leaves it at −10.
    const target = money(wallet.balance).plus(10).negated().toFixed(2)
    await db.table('ledger_entries').insert({
      balance_id: wallet.id,
      type: 'adjustment',
      amount: target,
      balance_after: '-10.00',
      created_at: new Date(),
    })
    await db.rawQuery('UPDATE balances SET balance = -10 WHERE id = ?', [wallet.id])
    const result = await reconcileBooks({ kind: 'manual' })
    assert.deepEqual(
      result.differences.map((d) => [d.check, d.walletId, d.expected, d.found]),
      [['negative_balance', wallet.id, '0.00', '-10.00']]
    )
  })

  test('a tampered audit row breaks the chain: a difference', async ({ assert }) => {
    const staff = await UserFactory.apply('admin').create()
    const row = await db.transaction((trx) =>
      recordStaffAction(trx, {
        staff,
        ip: '198.51.100.4',
        action: 'deposit.approve',
        target: { type: 'deposit', id: 1 },
        before: { status: 'pending' },
        after: { status: 'approved' },
      })
    )
    await tamperWith(`UPDATE audit_logs SET changes = '{}' WHERE id = ${row!.id}`)
    const result = await runReconcile()
    assert.equal(result.exitCode, 1)
    assert.include(
      result.output,
      `Audit log: the audit log hash chain is intact: expected an intact chain, found row #${row!.id}`
    )
  })

  test('a difference notifies every active admin', async ({ assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const { wallet } = await customerWallet()
    await db.rawQuery('UPDATE balances SET balance = balance + 1 WHERE id = ?', [wallet.id])
    const result = await reconcileBooks({ kind: 'manual' })
    const note = await Notification.query()
      .where('user_id', admin.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'The books differ')
    assert.equal(
      note.description,
      `Reconciliation #${result.id} found 2 differences over ${result.wallets} wallets`
    )
    assert.equal(note.url, '/admin')
    // Customers and other staff are not told.
    const manager = await UserFactory.apply('manager').create()
    assert.isNull(
      await Notification.query()
        .where('user_id', manager.id)
        .where('title', 'The books differ')
        .first()
    )
  })

  test('the admin dashboard shows the last run: none yet, balanced, then differing', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const books = async () => {
      const response = await client.get('/admin').loginAs(admin).withInertia()
      response.assertStatus(200)
      return (response.inertiaProps as { books: unknown }).books
    }
    await db.from('reconciliations').delete()
    assert.deepEqual(await books(), {
      tone: 'neutral',
      text: 'The books have not been reconciled yet',
      values: {},
    })

    const clean = await reconcileBooks({ kind: 'rollover', rolloverDate: '2026-11-18' })
    const wallets = clean.wallets.toLocaleString('en-US')
    assert.deepInclude(await books(), {
      tone: 'success',
      text: 'Books balanced at 17:00 New York: {wallets} wallets, {differences} differences',
    })
    assert.containsSubset(await books(), { values: { wallets, differences: '0' } })

    const { wallet } = await customerWallet()
    await db.rawQuery('UPDATE balances SET balance = balance + 1 WHERE id = ?', [wallet.id])
    await reconcileBooks({ kind: 'manual' })
    const differing = (await books()) as { tone: string; text: string; values: { time: string } }
    assert.equal(differing.tone, 'warning')
    assert.equal(
      differing.text,
      'Books differ at {time}: {wallets} wallets, {differences} differences'
    )
    assert.match(differing.values.time, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)
  })
})

test.group('Reconciliation after a rollover (the market role wiring)', (group) => {
  isolate(group)

  test('each finished rollover day stores a rollover reconciliation naming the day', async ({
    assert,
  }) => {
    await reconcileAfterRollover('2026-01-14')
    const run = await Reconciliation.query().orderBy('id', 'desc').firstOrFail()
    assert.equal(run.kind, 'rollover')
    assert.equal(run.rolloverDate, '2026-01-14')
    assert.equal(run.differences, 0)
  })
})
