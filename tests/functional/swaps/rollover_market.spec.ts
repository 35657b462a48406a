import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Order from '#models/order'
import Rollover from '#models/rollover'
import SwapCharge from '#models/swap_charge'
import type User from '#models/user'
import { applyRollover } from '#actions/swaps/apply_rollover'
import { RiskEngine } from '#services/market/risk_engine'
import { RolloverScheduler } from '#services/market/rollover_scheduler'
import { money } from '#domain/money'
import { api } from '#tests/helpers/http'
import { isolate } from '#tests/helpers/isolation'
import { openMarkets, quote } from '#tests/helpers/market'
import PricingPlan from '#models/pricing_plan'
import { UserFactory } from '#database/factories/user_factory'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { LONG_AGO, pastPosition, swapTerms } from './swap_fixtures.js'
import { swapOf } from '#tests/helpers/swaps'

const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' })

test.group('rollover: the market role', (group) => {
  isolate(group)
  openMarkets(group)

  test('the scheduler runs only the latest day at first, then catches up the missed days', async ({
    assert,
  }) => {
    await db.from('rollovers').delete()
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    const order = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '100000',
    })
    let now = ny('2025-01-16T12:00:00') // Thursday morning: the latest rollover is Wednesday's
    const after: string[] = []
    const scheduler = new RolloverScheduler({
      now: () => now,
      afterRollover: async (date) => {
        after.push(date)
      },
    })

    assert.deepEqual(await scheduler.runDue(), ['2025-01-15'])
    assert.deepEqual(await scheduler.runDue(), [])
    // Nothing before the first run is charged: Tuesday and Monday were history.
    assert.lengthOf(await SwapCharge.query().where('order_id', order.id), 1)

    now = ny('2025-01-20T12:00:00') // Monday morning: Thursday to Sunday were missed
    assert.deepEqual(await scheduler.runDue(), [
      '2025-01-16',
      '2025-01-17',
      '2025-01-18',
      '2025-01-19',
    ])
    assert.deepEqual(after, ['2025-01-15', '2025-01-16', '2025-01-17', '2025-01-18', '2025-01-19'])
    const charges = await SwapCharge.query().where('order_id', order.id).orderBy('rollover_date')
    // Wednesday ×3, Thursday, Friday; the weekend rolls nothing for forex.
    assert.deepEqual(
      charges.map((c) => [c.rolloverDate, c.days, money(c.amount).toFixed(2)]),
      [
        ['2025-01-15', 3, '-45.83'],
        ['2025-01-16', 1, '-15.28'],
        ['2025-01-17', 1, '-15.28'],
      ]
    )
    const days = await Rollover.query().whereNotNull('finished_at').orderBy('rollover_date')
    assert.deepEqual(
      days.map((d) => d.rolloverDate),
      ['2025-01-15', '2025-01-16', '2025-01-17', '2025-01-18', '2025-01-19']
    )
    assert.equal(money(await swapOf(order.id)).toFixed(2), '-76.39')
    assert.isTrue(await balanceMatchesLedger(order.balanceId))
  })
})

async function place(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await api(client, 'post', '/dashboard/orders', body).loginAs(user)
  if (response.status() !== 201) throw new Error(`order refused: ${response.text()}`)
  return response.body().order.id as number
}

test.group('rollover: a swap debit and the risk engine', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(async () => {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return () => engine.stop()
  })

  test('a swap that takes the margin level under the stop-out level stops the account out', async ({
    client,
    assert,
  }) => {
    // The stop-out figures below are the Silver plan's; the order passes the KYC check.
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const customer = await UserFactory.apply('kycApproved')
      .merge({ pricingTableId: silver.id })
      .create()
    await Balance.query()
      .where('id', customer.activeBalanceId!)
      .update({ balance: '1000', margin: '0' })
    quote('AAPL', '100.00', '100.00')
    // Silver plan: stock leverage 10, stop-out 40 %; margin 400.
    const id = await place(client, customer, { type: 'buy', instrument: 'AAPL', amount: '40' })
    await db.from('orders').where('id', id).update({ created_at: LONG_AGO })
    await engine.idle()
    assert.isNull((await Order.findOrFail(id)).closeTime)

    // 40 × 100 × −8,100 / 36,000 = −900: equity ≈ 100, margin level 25 % < 40 %.
    await swapTerms('AAPL', { long: '-8100', short: null, bid: '100.00', ask: '100.00' })
    const result = await applyRollover('2025-01-14')
    assert.equal(result.charged, 1)
    await engine.idle()

    const order = await Order.findOrFail(id)
    assert.equal(order.closeReason, 'stop_out')
    assert.equal(money(await swapOf(order.id)).toFixed(2), '-900.00')
  })
})
