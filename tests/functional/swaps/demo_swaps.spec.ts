import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Order from '#models/order'
import SwapCharge from '#models/swap_charge'
import { seedDemoSwaps } from '#database/demo/demo_swaps'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, balanceMatchesLedger, demoUser } from '#tests/helpers/users'
import { swapOf } from '#tests/helpers/swaps'

test.group('demo data: positions that paid swaps', (group) => {
  isolate(group)

  test('the demo customer holds positions charged by the past rollovers, once', async ({
    assert,
  }) => {
    await db.from('rollovers').delete()
    // A Friday noon in New York: the rollovers of Sunday (crypto) to Thursday are past.
    const now = DateTime.fromISO('2026-11-27T12:00:00', { zone: 'America/New_York' })
    const result = await seedDemoSwaps(now)
    assert.isTrue(result.seeded)
    assert.isAbove(result.charged, 0)

    const customer = await demoUser(DEMO.customer)
    const wallet = await Balance.query()
      .where('user_id', customer.id)
      .where('mode', 'real')
      .firstOrFail()
    const held = await Order.query().where('balance_id', wallet.id).whereNull('close_time')
    assert.lengthOf(held, 4)
    for (const order of held) {
      const charges = await SwapCharge.query().where('order_id', order.id)
      assert.isAbove(charges.length, 1, order.instrument)
      const total = charges.reduce((sum, c) => sum.plus(money(c.amount)), money(0))
      assert.equal(money(await swapOf(order.id)).toFixed(2), total.toFixed(2))
      assert.isTrue(charges.every((c) => c.ledgerEntryId !== null))
    }
    assert.isTrue(await balanceMatchesLedger(wallet.id))
    assert.isFalse((await seedDemoSwaps(now)).seeded)
  })
})
