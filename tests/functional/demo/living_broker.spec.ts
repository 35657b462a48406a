import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { hasLivingBroker, seedLivingBroker } from '#database/demo/living_broker/seed'
import {
  KYC_PLACEHOLDERS,
  LIVING_BROKER_CUSTOMERS,
  LIVING_BROKER_DOMAIN,
  LIVING_BROKER_TABLES,
} from '#database/demo/living_broker/plan'
import { DEMO_SALES_STATUSES } from '#database/demo/crm_config'
import { money, sum } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { rollupDrift } from '#tests/helpers/dashboard'
import { DEMO, demoUser } from '#tests/helpers/users'

/*
| Issue 21 item 9: `npm run demo` opened on an empty back office (deposits
| $0.00, an empty chart). `node ace demo:living-broker` now adds a month of a
| living broker; the tests' own demo data stays without it. Each test runs in
| a rolled-back transaction, so the seeded rows never reach another test.
*/

const NOW = DateTime.fromISO('2026-11-20T15:30:00Z')
const amountsOf = (rows: any[], column: string) => sum(rows.map((r) => String(r[column])))

/** The living broker's wallets (their owners' e-mails end in its domain). */
function brokerWallets(client: TransactionClientContract | typeof db = db) {
  return client
    .from('balances')
    .join('users', 'users.id', 'balances.user_id')
    .where('users.email', 'like', `%@${LIVING_BROKER_DOMAIN}`)
    .select('balances.*')
    .orderBy('balances.id')
}

test.group('Demo: the living broker', (group) => {
  isolate(group)
  // The placeholder images live on the private disk, outside the rolled-back transaction.
  group.teardown(async () => {
    const disk = drive.use('fs')
    for (const key of Object.values(KYC_PLACEHOLDERS)) await disk.delete(key).catch(() => {})
  })

  test("the tests' demo data does not have it", async ({ assert }) => {
    assert.isFalse(await hasLivingBroker())
    assert.isNull(await db.from('users').where('email', 'manager2@demo.test').first())
  })

  test('every wallet agrees with its ledger, margins and holds; seeded once', async ({
    assert,
  }) => {
    const result = await seedLivingBroker({ now: NOW })
    assert.isTrue(result.seeded)
    assert.isFalse((await seedLivingBroker({ now: NOW })).seeded, 'a second run adds nothing')

    const wallets = await brokerWallets()
    assert.equal(wallets.length, 2 * LIVING_BROKER_CUSTOMERS)
    const ids = wallets.map((w: any) => w.id)
    const entries = await db.from('ledger_entries').whereIn('balance_id', ids).orderBy('id')
    const open = await db
      .from('orders')
      .whereIn('balance_id', ids)
      .whereNull('close_time')
      .whereNull('deleted_at')
    const pending = await db
      .from('withdrawals')
      .whereIn('balance_id', ids)
      .where('status', 'pending')
    const running = new Map<number, ReturnType<typeof money>>()
    for (const entry of entries) {
      const after = (running.get(entry.balance_id) ?? money(0)).plus(String(entry.amount))
      running.set(entry.balance_id, after)
      assert.equal(
        money(String(entry.balance_after)).toFixed(2),
        after.toFixed(2),
        `entry #${entry.id}`
      )
      assert.isTrue(money(String(entry.amount)).decimalPlaces() <= 2, `entry #${entry.id} in cents`)
    }
    for (const w of wallets) {
      const balance = money(String(w.balance))
      const margin = money(String(w.margin))
      const onHold = money(String(w.on_hold))
      assert.equal(balance.toFixed(2), (running.get(w.id) ?? money(0)).toFixed(2), `wallet ${w.id}`)
      const positions = open.filter((o: any) => o.balance_id === w.id)
      assert.equal(margin.toFixed(2), amountsOf(positions, 'margin_used').toFixed(2))
      const held = pending.filter((p: any) => p.balance_id === w.id)
      assert.equal(onHold.toFixed(2), amountsOf(held, 'total').toFixed(2))
      assert.isFalse(balance.lessThan(margin.plus(onHold)), `wallet ${w.id} covers its margin`)
    }
    assert.isAbove(open.length, 20)
    assert.isAbove(pending.length, 0)

    // What moved money names its cause, for the same amount.
    const byRef = (type: string) =>
      new Map(
        entries
          .filter((e: any) => e.reference_type === type)
          .map((e: any) => [e.reference_id, money(String(e.amount))])
      )
    const approved = await db
      .from('deposits')
      .whereIn('balance_id', ids)
      .where('status', 'approved')
    const deposits = byRef('deposit')
    for (const d of approved)
      assert.equal(deposits.get(d.id)?.toFixed(2), money(d.amount).toFixed(2))
    const paid = await db.from('withdrawals').whereIn('balance_id', ids).where('status', 'approved')
    const withdrawals = byRef('withdrawal')
    for (const w of paid)
      assert.equal(withdrawals.get(w.id)?.toFixed(2), money(w.amount).negated().toFixed(2))
    const closed = await db.from('orders').whereIn('balance_id', ids).whereNotNull('close_time')
    const realized = byRef('order')
    for (const o of closed)
      assert.equal(realized.get(o.id)?.toFixed(2), money(String(o.pro_loss)).toFixed(2))
    assert.isAbove(closed.length, 200)
    assert.sameMembers(
      [...new Set(closed.map((o: any) => o.kind))],
      ['forex', 'commodity', 'index', 'stock', 'crypto']
    )

    // The dashboard's rollup, kept by the triggers, agrees with the rows.
    assert.deepEqual(await rollupDrift(), [])
  }).timeout(120_000)

  test('the dashboard is alive; KYC, desks and affiliates are all there', async ({
    client,
    assert,
  }) => {
    await seedLivingBroker({ now: DateTime.now() })

    const admin = await demoUser(DEMO.admin)
    const dashboard = (await api(client, 'get', '/admin/dashboard').loginAs(admin)).body()
    assert.isTrue(money(dashboard.totalDeposits).greaterThan(10_000), dashboard.totalDeposits)
    assert.isTrue(money(dashboard.totalWithdraws).greaterThan(0))
    assert.isAbove(Number(dashboard.totalTrades), 500)
    assert.isAbove(Number(dashboard.totalUsers), LIVING_BROKER_CUSTOMERS)
    const [depositsPerDay] = dashboard.last7DaysTransactions.series
    assert.isAbove(depositsPerDay.data.filter((v: string) => !money(v).isZero()).length, 3)

    const customers = await db.from('users').where('email', 'like', `%@${LIVING_BROKER_DOMAIN}`)
    // Registered over the last 30 days (SQLite answers timestamps as text, PostgreSQL as dates).
    const monthAgo = DateTime.now().minus({ days: 30, minutes: 5 })
    const when = (v: Date | string) =>
      v instanceof Date ? DateTime.fromJSDate(v) : DateTime.fromSQL(v, { zone: 'utc' })
    for (const c of customers) assert.isTrue(when(c.created_at) >= monthAgo, c.email)
    const days = new Set(customers.map((c: any) => when(c.created_at).toISODate()))
    assert.isAbove(days.size, 25)
    const profiles = await db.from('profiles').whereIn(
      'user_id',
      customers.map((c: any) => c.id)
    )
    assert.isAbove(new Set(profiles.map((p: any) => p.country)).size, 8)
    assert.isTrue(profiles.every((p: any) => /^\+\d{10,}$/.test(p.phone)))

    // KYC in every state, with files the reviewers can open.
    const documents = await db.from('kyc_documents').whereIn(
      'user_id',
      customers.map((c: any) => c.id)
    )
    assert.sameMembers(
      [...new Set(documents.map((d: any) => d.status))],
      ['approved', 'pending', 'declined']
    )
    assert.isBelow(new Set(documents.map((d: any) => d.user_id)).size, customers.length)
    const declined = documents.find((d: any) => d.status === 'declined')
    assert.isString(declined.decline_reason)
    for (const side of ['front', 'back', 'address']) {
      const file = await client.get(`/kyc/documents/${declined.id}/${side}`).loginAs(admin)
      file.assertStatus(200)
      assert.equal(file.header('content-type'), 'image/png')
    }

    // Every desk has leads, worked with notes and calls; every status is in use.
    const leads = await db.from('leads').whereNotNull('email')
    for (const desk of ['sales', 'retentions', 'archived', null]) {
      const onDesk = leads.filter((l: any) => l.group === desk).map((l: any) => l.id)
      assert.isAbove(onDesk.length, 20, `desk ${desk}`)
      const notes = await db.from('lead_notes').whereIn('lead_id', onDesk).count('* as n').first()
      const calls = await db.from('lead_calls').whereIn('lead_id', onDesk).count('* as n').first()
      assert.isAbove(Number(notes.n), 5, `notes on desk ${desk}`)
      assert.isAbove(Number(calls.n), 5, `calls on desk ${desk}`)
    }
    const statuses = await db
      .from('sales_statuses')
      .whereIn('status', ['New', ...DEMO_SALES_STATUSES])
    const used = new Set(leads.map((l: any) => l.sales_status_id))
    for (const s of statuses) assert.isTrue(used.has(s.id), `status ${s.status} in use`)
    const affiliates = await db.from('users').where('role_id', 4)
    assert.isAtLeast(affiliates.length, 3)
    for (const a of affiliates)
      assert.isTrue(
        leads.some((l: any) => l.affiliate_id === a.id),
        `${a.email} has leads`
      )
    assert.isTrue(leads.some((l: any) => l.group === 'sales' && l.agent_id === null))
  }).timeout(120_000)

  test('two runs at the same moment write the same rows', async ({ assert }) => {
    const snapshot = async () => {
      const trx = await db.transaction()
      try {
        await seedLivingBroker({ trx, now: NOW })
        const tables: Record<string, unknown[]> = {}
        for (const table of LIVING_BROKER_TABLES) {
          tables[table] = (await trx.from(table).orderBy('id')).map((row: any) => {
            // Password hashes and sealed keys are salted: the same secret, different bytes.
            const { password: _p, secret: _s, ...rest } = row
            return rest
          })
        }
        return tables
      } finally {
        await trx.rollback()
      }
    }
    const first = await snapshot()
    const second = await snapshot()
    assert.isAbove(first.orders.length, 500)
    assert.deepEqual(second, first)
  }).timeout(120_000)
})
