import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import { stopOutAccount } from '#actions/orders/stop_out_account'
import { money } from '#domain/money'
import { withSetting } from '#tests/helpers/database'
import { MARKETS_OPEN, quote } from '#tests/helpers/market'
import { freshCustomer, settled, signedIn, staffSignedIn } from '#tests/helpers/race'
import { DEMO, demoUser } from '#tests/helpers/users'
import { auditRows } from '#tests/helpers/audit'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'

/*
| Issue 21 item 2: a stop-out a staff correction causes is the correction's,
| even with the risk engine racing it. No shared rolled-back transaction
| (see tests/helpers/race.ts): on PostgreSQL every request has its own
| connection, so the corrections and the engine's passes really overlap.
*/

test.group('A correction’s stop-out racing the risk engine', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    marketClock.pin(MARKETS_OPEN)
    priceBook.clear()
    const restoreKyc = await withSetting('kycTrade', 'off')
    return async () => {
      await restoreKyc()
      marketClock.unpin()
      priceBook.clear()
    }
  })

  test('closes the position once, its entry naming the staff member and the audit row; no deadlock', async ({
    assert,
  }) => {
    // The Silver plan (forex leverage 200) with a forex stop-out of 150 %, above what the free-margin rule keeps.
    const plan = await PricingPlan.findByOrFail('name', 'Silver')
    const stopout = plan.forexStopout
    await db.from('pricing_plans').where('id', plan.id).update({ forex_stopout: '150' })
    try {
      const { user, wallet } = await freshCustomer('100')
      user.pricingTableId = plan.id
      await user.save()
      const browser = await signedIn(user)
      const admin = await staffSignedIn(DEMO.admin)
      const manager = await staffSignedIn(DEMO.manager)
      quote('EUR_USD', '1.08650', '1.08662')
      const placed = await browser.post('/dashboard/orders', {
        type: 'buy',
        instrument: 'EUR_USD',
        amount: '10000',
      })
      assert.equal(placed.status, 201, placed.text)
      const orderId = JSON.parse(placed.text).order.id

      // Open rate 1.08850: P/L −20.00, equity 80.00 = 147 % of the margin 54.34.
      const [edits, passes] = await Promise.all([
        Promise.all([
          ...Array.from({ length: 10 }, () =>
            admin.put(`/admin/trades/${orderId}`, { openRate: '1.08850' })
          ),
          ...Array.from({ length: 10 }, () =>
            manager.put(`/admin/trades/${orderId}`, { openRate: '1.08850' })
          ),
        ]),
        Promise.all(Array.from({ length: 20 }, () => stopOutAccount(wallet.id))),
      ])
      assert.deepEqual(
        edits.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text}`),
        []
      )
      // The engine never sees the corrected rate on an open position: the stop-out commits with it.
      assert.deepEqual(passes.flat(), [])

      const order = await Order.findOrFail(orderId)
      assert.equal(order.closeReason, 'stop_out')
      const entries = await LedgerEntry.query()
        .where('reference_type', 'order')
        .where('reference_id', orderId)
      assert.lengthOf(entries, 1)
      const [entry] = entries
      assert.equal(entry.type, 'realized_pnl')
      assert.equal(money(entry.amount).toFixed(2), '-20.00')
      const [audit] = await auditRows({ action: 'order.update', targetId: orderId })
      assert.lengthOf(await auditRows({ action: 'order.update', targetId: orderId }), 1)
      assert.equal(entry.createdById, audit.staff_id)
      assert.equal(entry.auditLogId, audit.id)
      const staff = [(await demoUser(DEMO.admin)).id, (await demoUser(DEMO.manager)).id]
      assert.include(staff, entry.createdById!)
      assert.equal(await settled(assert, wallet.id), '80.00')
    } finally {
      await db.from('pricing_plans').where('id', plan.id).update({ forex_stopout: stopout })
    }
  })
})
