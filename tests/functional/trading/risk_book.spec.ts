import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import Balance from '#models/balance'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import { RiskEngine } from '#services/market/risk_engine'
import { isolate } from '#tests/helpers/isolation'
import { openMarkets, quote } from '#tests/helpers/market'
import { walletsOf } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'

/**
 * The risk engine's book kept from events and checked by the reconciler
 * (issue 22 item 2). Orders written here with the model emit no event: the
 * engine learns of them only through a hook called by hand or the reconciler.
 */

/** An open order written straight to the database, as another process (or a bug) would. */
async function behindTheBack(
  wallet: Balance,
  fields: Partial<{ instrument: string; type: 'buy' | 'sell'; loss: string | null }> = {}
) {
  const instrument = fields.instrument ?? 'EUR_USD'
  const [base, quoteSymbol = 'USD'] = instrument.split('_')
  return Order.create({
    userId: wallet.userId,
    balanceId: wallet.id,
    instrument,
    baseSymbol: base,
    quoteSymbol,
    kind: instrument === 'AAPL' ? 'stock' : 'forex',
    type: fields.type ?? 'buy',
    tradeAmount: instrument === 'AAPL' ? '40' : '1000',
    openRate: instrument === 'AAPL' ? '100' : '1.08662',
    spread: '0',
    exchangeRate: '1',
    marginUsed: instrument === 'AAPL' ? '400' : '10.87',
    leverage: instrument === 'AAPL' ? 10 : 100,
    loss: fields.loss ?? null,
    profit: null,
  })
}

/** A funded customer on the Silver plan (stop-out 40 %), whose active wallet is the real one. */
async function silverCustomer() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  return UserFactory.apply('funded').merge({ pricingTableId: silver.id }).create()
}

async function until(condition: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(10)
  }
}

test.group('risk engine book: hooks and reconciler', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(() => {
    engine = new RiskEngine()
    return () => engine.stop()
  })

  test('an order inserted behind the engine’s back is picked up by the background reconciler, and its stop fires', async ({
    assert,
  }) => {
    const customer = await silverCustomer()
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    quote('EUR_USD', '1.08650', '1.08662')
    await engine.start({ reconcile: { stepMs: 5, graceMs: 0 } })
    const order = await behindTheBack(wallet, { loss: '1.08000' })
    assert.isFalse(engine.has(order.id))

    await until(() => engine.has(order.id))
    await engine.idle()
    assert.equal(engine.repairs, 1)
    assert.equal(engine.wallet(wallet.id)!.count, 1)

    quote('EUR_USD', '1.07890', '1.07900')
    await engine.idle()
    await order.refresh()
    assert.equal(order.closeReason, 'stop_loss')
  })

  test('an order whose event is queued behind a reload is no missed event: no repair, no warning', async ({
    assert,
  }) => {
    const customer = await silverCustomer()
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    await behindTheBack(wallet)
    await engine.start({ reconcile: false })
    // A second order commits; the reconciler's reload of the wallet starts reading before its
    // event is handled (a busy engine): the database is ahead of the book for a moment.
    const later = await behindTheBack(wallet)
    engine.repair(wallet.id)
    engine.orderOpened(later.id)
    await engine.idle()
    assert.equal(engine.repairs, 0)
    assert.isTrue(engine.has(later.id))
    assert.equal(engine.wallet(wallet.id)!.count, 2)

    // Not announced at all, it is a missed event: the same reload mends it and says so.
    const missed = await behindTheBack(wallet)
    engine.repair(wallet.id)
    await engine.idle()
    assert.equal(engine.repairs, 1)
    assert.isTrue(engine.has(missed.id))
  })

  test('a wallet whose balance changed without an event is corrected, and judged by it', async ({
    assert,
  }) => {
    const customer = await silverCustomer()
    await Balance.query()
      .where('id', customer.activeBalanceId!)
      .update({ balance: '1000', margin: '400' })
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    quote('AAPL', '100.00', '100.00')
    const order = await behindTheBack(wallet, { instrument: 'AAPL' })
    await engine.start({ reconcile: false })
    assert.isTrue(engine.has(order.id))
    quote('AAPL', '84.00', '84.00') // equity 1,000 − 640 = 360: level 90 %, Silver stops out stocks at 40 %
    await engine.idle()
    assert.isNull((await order.refresh()).closeTime)

    // A withdrawal the engine never heard of: equity 500 − 640 < 0.
    await Balance.query().where('id', wallet.id).update({ balance: '500' })
    quote('AAPL', '84.00', '84.00')
    await engine.idle()
    assert.isNull((await order.refresh()).closeTime)
    assert.equal(engine.wallet(wallet.id)!.balance, 1000)

    await engine.reconcile()
    assert.equal(engine.repairs, 1)
    await order.refresh()
    assert.equal(order.closeReason, 'stop_out')
    // A second pass finds nothing more to mend.
    await engine.reconcile()
    assert.equal(engine.repairs, 1)
  })

  test('a position the database closed without an event leaves the book at the next pass', async ({
    assert,
  }) => {
    const customer = await silverCustomer()
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    const order = await behindTheBack(wallet)
    await engine.start({ reconcile: false })
    assert.isTrue(engine.has(order.id))
    await Order.query().where('id', order.id).update({ deleted_at: new Date() })
    await engine.reconcile()
    assert.isFalse(engine.has(order.id))
    assert.isNull(engine.wallet(wallet.id))
    assert.equal(engine.repairs, 1)
  })

  test('each hook reads what it names and nothing else', async ({ assert }) => {
    const customer = await silverCustomer()
    const newcomer = await UserFactory.create()
    const [a1, a2] = await walletsOf(customer)
    const [b] = await walletsOf(newcomer)
    const orderA1 = await behindTheBack(a1)
    await behindTheBack(a2)
    const orderB = await behindTheBack(b)
    await engine.start({ reconcile: false })
    // Every open order in the database (other files' committed ones included), these three among them.
    const open = await Order.query().whereNull('close_time').whereNull('deleted_at').count('* as n')
    const loaded = Number(open[0].$extras.n)
    assert.equal(engine.size, loaded)
    for (const o of [orderA1, orderB]) assert.isTrue(engine.has(o.id))

    // orderOpened: this order only; the other new one stays unknown until its own event.
    const fresh = await behindTheBack(a1)
    const other = await behindTheBack(b)
    engine.orderOpened(fresh.id)
    await engine.idle()
    assert.isTrue(engine.has(fresh.id))
    assert.isFalse(engine.has(other.id))

    // walletChanged: this wallet's balance only.
    await Balance.query().whereIn('id', [a1.id, b.id]).update({ balance: '1234.5' })
    engine.walletChanged(a1.id)
    await engine.idle()
    assert.equal(engine.wallet(a1.id)!.balance, 1234.5)
    assert.notEqual(engine.wallet(b.id)!.balance, 1234.5)

    // orderChanged: this order's targets only.
    await Order.query().whereIn('id', [orderA1.id, orderB.id]).update({ loss: '1.00000' })
    engine.orderChanged(orderA1.id)
    await engine.idle()
    assert.equal(engine.wallet(a1.id)!.loss, 1)
    assert.equal(engine.wallet(b.id)!.loss, 0)

    // userPlanChanged: that user's wallets, no one else's.
    const strict = await PricingPlan.create({ name: 'Strict', price: '0', forexStopout: '90' })
    await User.query()
      .whereIn('id', [customer.id, newcomer.id])
      .update({ pricing_table_id: strict.id })
    engine.userPlanChanged(newcomer.id)
    await engine.idle()
    assert.equal(engine.wallet(b.id)!.planId, strict.id)
    assert.equal(engine.wallet(b.id)!.highestStopOut, 90)
    assert.notEqual(engine.wallet(a1.id)!.planId, strict.id)

    // planChanged: the wallets on that plan take its new stop-outs.
    await PricingPlan.query().where('id', strict.id).update({ forex_stopout: '70' })
    engine.planChanged(strict.id)
    await engine.idle()
    assert.equal(engine.wallet(b.id)!.highestStopOut, 70)
    assert.equal(engine.wallet(a2.id)!.highestStopOut, 40) // still Silver's

    // orderClosed: the position leaves; a wallet left with nothing leaves too.
    await Order.query().whereIn('id', [orderB.id]).update({ deleted_at: new Date() })
    engine.orderClosed(orderB.id, b.id)
    await engine.idle()
    assert.isFalse(engine.has(orderB.id))
    assert.isNull(engine.wallet(b.id))
    assert.equal(engine.size, loaded) // one opened (fresh), one closed (orderB)

    // The reconciler then finds what no event announced: the other order and customer's plan.
    await engine.reconcile()
    assert.isTrue(engine.has(other.id))
    assert.equal(engine.wallet(a1.id)!.planId, strict.id)
  })

  test('stop() stops the reconciler', async ({ assert }) => {
    await engine.start({ reconcile: { stepMs: 1 } })
    const reconciler = engine.reconciler!
    await until(() => reconciler.steps >= 3)
    await engine.stop()
    assert.isFalse(reconciler.running)
    const steps = reconciler.steps
    await sleep(50)
    assert.equal(reconciler.steps, steps)
  })
})
