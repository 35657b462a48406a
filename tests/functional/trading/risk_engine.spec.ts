import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Notification from '#models/notification'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import type User from '#models/user'
import { RiskEngine } from '#services/market/risk_engine'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'

async function place(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await api(client, 'post', '/dashboard/orders', body).loginAs(user)
  if (response.status() !== 201) throw new Error(`order refused: ${response.text()}`)
  return response.body().order.id as number
}

/** A customer who may trade: funded, KYC approved (kycTrade is on), on the Silver plan (forex leverage 200). */
async function trader() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  return UserFactory.apply('funded', 'kycApproved').merge({ pricingTableId: silver.id }).create()
}

/** A trader with a 1,000 USD wallet and nothing open (Silver plan: stock leverage 10, stop-out 40). */
async function smallAccount() {
  const customer = await trader()
  await Balance.query()
    .where('id', customer.activeBalanceId!)
    .update({ balance: '1000', margin: '0' })
  return customer
}

test.group('risk engine', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(async () => {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return () => engine.stop()
  })

  test('a stop-loss crossed by a gap closes at the market price, with no browser involved', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
      loss: '1.08000',
    })
    await engine.idle()

    quote('EUR_USD', '1.08100', '1.08112') // above the stop: nothing happens
    await engine.idle()
    assert.isNull((await Order.findOrFail(id)).closeTime)

    quote('EUR_USD', '1.07890', '1.07900') // gap through 1.08000
    await engine.idle()
    const order = await Order.findOrFail(id)
    assert.isNotNull(order.closeTime)
    assert.equal(order.closeReason, 'stop_loss')
    // A buy's current rate is the ask: filled at 1.07900, not at the stop
    assert.equal(money(order.closeRate!).toFixed(), '1.079')
    // (10,000 × (1.07900 − 1.08662) − 1.2) ÷ 1 = −77.40
    assert.equal(money(order.proLoss!).toFixed(2), '-77.40')
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', id)
    assert.lengthOf(entries, 1)
    const note = await Notification.query()
      .where('user_id', customer.id)
      .where('title', 'Stop loss executed')
      .first()
    assert.isNotNull(note)

    // The browser's own auto-close arriving late is a harmless duplicate.
    const late = await api(client, 'post', '/dashboard/orders/close', { orderId: id }).loginAs(
      customer
    )
    late.assertStatus(409)
    assert.lengthOf(
      await LedgerEntry.query().where('reference_type', 'order').where('reference_id', id),
      1
    )
  })

  test('a sell takes profit when the bid reaches the target; a target set later is picked up', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('USD_JPY', '151.414', '151.426')
    const id = await place(client, customer, {
      type: 'sell',
      instrument: 'USD_JPY',
      amount: '1000',
    })
    const set = await api(client, 'put', `/dashboard/orders/${id}`, { profit: '151.000' }).loginAs(
      customer
    )
    set.assertStatus(200)
    await engine.idle()

    quote('USD_JPY', '150.980', '150.992')
    await engine.idle()
    const order = await Order.findOrFail(id)
    assert.equal(order.closeReason, 'take_profit')
    assert.equal(money(order.closeRate!).toFixed(), '150.98')
    // (1,000 × (151.414 − 150.980) − 12) ÷ 151.42 = 2.78695… → 2.79
    assert.equal(money(order.proLoss!).toFixed(2), '2.79')
  })

  test('stop-out closes the largest loser first and stops once the margin level recovers; a margin call comes first', async ({
    client,
    assert,
  }) => {
    const customer = await smallAccount()
    quote('AAPL', '100.00', '100.00')
    quote('MSFT', '100.00', '100.00')
    const aapl = await place(client, customer, { type: 'buy', instrument: 'AAPL', amount: '40' }) // margin 400
    const msft = await place(client, customer, { type: 'buy', instrument: 'MSFT', amount: '40' }) // margin 400
    await engine.idle()

    // Equity 1,000 − 400 − 40 = 560; level 560 ÷ 800 = 70 % < 2 × 40: margin call, no stop-out
    quote('AAPL', '90.00', '90.00')
    quote('MSFT', '99.00', '99.00')
    await engine.idle()
    assert.isNull((await Order.findOrFail(aapl)).closeTime)
    const calls = await Notification.query()
      .where('user_id', customer.id)
      .where('title', 'Margin call')
    assert.lengthOf(calls, 1)
    quote('AAPL', '89.00', '89.00') // still in the margin-call zone: no second notification
    await engine.idle()
    assert.lengthOf(
      await Notification.query().where('user_id', customer.id).where('title', 'Margin call'),
      1
    )

    // AAPL at 83: equity 1,000 − 680 − 40 = 280; level 35 % ≤ 40 % → close AAPL (the larger loser)
    quote('AAPL', '83.00', '83.00')
    await engine.idle()
    const closed = await Order.findOrFail(aapl)
    assert.equal(closed.closeReason, 'stop_out')
    assert.equal(money(closed.proLoss!).toFixed(2), '-680.00')
    // balance 320, margin 400, MSFT −40: level 70 % — MSFT stays open
    assert.isNull((await Order.findOrFail(msft)).closeTime)
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    assert.equal(money(wallet.balance).toFixed(2), '320.00')
    assert.equal(money(wallet.margin).toFixed(2), '400.00')
  })

  test('equity below zero: everything closes and the balance ends at zero, the excess written off', async ({
    client,
    assert,
  }) => {
    const customer = await smallAccount()
    quote('AAPL', '100.00', '100.00')
    const id = await place(client, customer, { type: 'buy', instrument: 'AAPL', amount: '40' })
    await engine.idle()
    quote('AAPL', '50.00', '50.00') // −2,000 against 1,000
    await engine.idle()
    const order = await Order.findOrFail(id)
    assert.equal(order.closeReason, 'stop_out')
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    assert.equal(money(wallet.balance).toFixed(2), '0.00')
    assert.equal(money(wallet.margin).toFixed(2), '0.00')
    const writeOff = await LedgerEntry.query()
      .where('reference_id', id)
      .where('type', 'write_off')
      .firstOrFail()
    assert.equal(money(writeOff.amount).toFixed(2), '1000.00')
  })

  test('a restart re-reads the open positions from the database', async ({ client, assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      profit: '1.09000',
    })
    await engine.stop()
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    assert.isTrue(engine.has(id))
    quote('EUR_USD', '1.08990', '1.09000')
    await engine.idle()
    assert.equal((await Order.findOrFail(id)).closeReason, 'take_profit')
  })
})
