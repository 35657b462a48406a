import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import Notification from '#models/notification'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import PricingPlan from '#models/pricing_plan'
import marketEvents, { type MarketEvent } from '#services/market/market_events'
import { fillPendingOrder } from '#actions/pending_orders/fill_pending_order'
import { expirePendingOrder } from '#actions/pending_orders/expire_pending_order'
import { isolate } from '#tests/helpers/isolation'
import { openMarkets } from '#tests/helpers/market'
import { at, pendingFor } from '#tests/helpers/pending_orders'
import { ledgerOf } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'

/** A funded, KYC-approved customer on the Silver plan (forex leverage 200: the margins below) and its real wallet. */
async function customerWallet() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  const customer = await UserFactory.apply('funded', 'kycApproved')
    .merge({ pricingTableId: silver.id })
    .create()
  return { customer, wallet: await Balance.findOrFail(customer.activeBalanceId!) }
}

function heard(types: MarketEvent['type'][]) {
  const events: MarketEvent[] = []
  const offs = types.map((type) => marketEvents.on(type, (e) => events.push(e)))
  return { events, off: () => offs.forEach((off) => off()) }
}

test.group('fillPendingOrder and expirePendingOrder', (group) => {
  isolate(group)
  openMarkets(group)

  test('a crossed buy limit opens the position at the quote, reserves margin, notifies, once', async ({
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    const before = await Balance.findOrFail(wallet.id)
    const pending = await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.08500',
      amount: '10000',
      profit: '1.09000',
      loss: '1.08000',
    })
    const listen = heard(['order.opened', 'pending.resolved'])

    assert.equal(await fillPendingOrder(pending.id, at('1.08500', '1.08512')), 'not_due')
    assert.equal((await PendingOrder.findOrFail(pending.id)).status, 'pending')

    // A gap through the limit fills at the market's ask, better than the limit.
    assert.equal(await fillPendingOrder(pending.id, at('1.08400', '1.08412')), 'filled')
    const row = await PendingOrder.findOrFail(pending.id)
    assert.equal(row.status, 'filled')
    assert.isNull(row.reason)
    assert.equal(money(row.fillRate!).toFixed(), '1.08412')
    assert.isNotNull(row.resolvedAt)
    const order = await Order.findOrFail(row.orderId!)
    assert.equal(order.type, 'buy')
    assert.equal(money(order.openRate).toFixed(), '1.08412')
    assert.equal(money(order.profit!).toFixed(), '1.09')
    assert.equal(money(order.loss!).toFixed(), '1.08')
    // Silver plan, forex leverage 200: 1.08412 × 10,000 ÷ 200 = 54.206 → 54.21 (cents, up)
    assert.equal(money(order.marginUsed).toFixed(), '54.21')
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).minus(money(before.margin)).toFixed(), '54.21')
    assert.equal(money(after.balance).toFixed(), money(before.balance).toFixed())
    const { total } = await ledgerOf(wallet.id)
    assert.equal(total.toFixed(2), money(after.balance).toFixed(2))

    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Pending order filled')
    assert.equal(
      note.description,
      `Buy Limit #${pending.id} EUR_USD filled at 1.08412: position #${order.id} opened.`
    )

    // Exactly once: a second call finds it gone and opens nothing.
    assert.equal(await fillPendingOrder(pending.id, at('1.08400', '1.08412')), 'gone')
    assert.equal(
      await Order.query()
        .where('user_id', customer.id)
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
    listen.off()
    // The in-process event also hands the committed rows to the risk engine (issue 25).
    assert.containsSubset(listen.events, [{ type: 'order.opened', orderId: order.id }])
    assert.deepInclude(listen.events, { type: 'pending.resolved', pendingId: pending.id })
  })

  test('a sell stop fills at the bid', async ({ assert }) => {
    const { customer } = await customerWallet()
    const pending = await pendingFor(customer, {
      type: 'sell',
      execution: 'stop',
      price: '1.08000',
      amount: '10000',
    })
    assert.equal(await fillPendingOrder(pending.id, at('1.08001', '1.08013')), 'not_due')
    assert.equal(await fillPendingOrder(pending.id, at('1.07990', '1.08002')), 'filled')
    const order = await Order.findOrFail((await PendingOrder.findOrFail(pending.id)).orderId!)
    assert.equal(order.type, 'sell')
    assert.equal(money(order.openRate).toFixed(), '1.0799')
  })

  test('a fill the free margin cannot carry cancels the order with the reason and a notification', async ({
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    await Balance.query().where('id', wallet.id).update({ balance: '50', margin: '0' })
    const pending = await pendingFor(customer, {
      type: 'buy',
      execution: 'stop',
      price: '1.09000',
      amount: '10000',
    })
    // 1.09012 × 10,000 ÷ 200 = 54.51 > 50
    assert.equal(await fillPendingOrder(pending.id, at('1.09000', '1.09012')), 'cancelled')
    const row = await PendingOrder.findOrFail(pending.id)
    assert.equal(row.status, 'cancelled')
    assert.equal(row.reason, 'insufficient_margin')
    assert.isNull(row.orderId)
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(), '0')
    assert.isNull(await Order.query().where('user_id', customer.id).first())
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Pending order cancelled')
    assert.equal(
      note.description,
      `Buy Stop #${pending.id} EUR_USD: Not enough free margin when the price was reached.`
    )
    assert.equal(await fillPendingOrder(pending.id, at('1.09000', '1.09012')), 'gone')
  })

  test('an instrument switched off by fill time cancels the order as not tradable', async ({
    assert,
  }) => {
    const { customer } = await customerWallet()
    const pending = await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.08500',
      amount: '10000',
    })
    await Instrument.query().where('name', 'EUR_USD').update({ tradable: false })
    assert.equal(await fillPendingOrder(pending.id, at('1.08400', '1.08412')), 'cancelled')
    assert.equal((await PendingOrder.findOrFail(pending.id)).reason, 'not_tradable')
  })

  test('expiry: only once its time has come, only while pending', async ({ assert }) => {
    const { customer } = await customerWallet()
    const when = DateTime.fromISO('2026-11-18T22:00:00Z')
    const pending = await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.08500',
      amount: '10000',
      expiresAt: when,
    })
    assert.isFalse(await expirePendingOrder(pending.id, { now: when.minus({ seconds: 1 }) }))
    assert.equal((await PendingOrder.findOrFail(pending.id)).status, 'pending')
    assert.isTrue(await expirePendingOrder(pending.id, { now: when }))
    const row = await PendingOrder.findOrFail(pending.id)
    assert.equal(row.status, 'expired')
    assert.equal(row.reason, 'expired')
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Pending order expired')
    assert.isFalse(await expirePendingOrder(pending.id, { now: when.plus({ hours: 1 }) }))
    assert.equal(await fillPendingOrder(pending.id, at('1.08400', '1.08412')), 'gone')

    // A good-till-cancelled order never expires.
    const gtc = await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.08500',
      amount: '10000',
    })
    assert.isFalse(await expirePendingOrder(gtc.id, { now: when.plus({ years: 5 }) }))
  })
})
