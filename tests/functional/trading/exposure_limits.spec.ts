import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import Notification from '#models/notification'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'
import { fillPendingOrder } from '#actions/pending_orders/fill_pending_order'
import { netRealUnits } from '#queries/net_exposure'
import { money, type Money } from '#domain/money'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { MARKETS_OPEN, openMarkets, quote } from '#tests/helpers/market'
import { at, pendingFor } from '#tests/helpers/pending_orders'
import { freshRealCustomer, signedIn } from '#tests/helpers/race'
import { UserFactory } from '#database/factories/user_factory'

/*
| Exposure limits (issue 24 item 4) on AAPL quoted at 100.00 flat: one unit
| is worth 100 USD. Other tests leave real positions open in the shared
| database, so each test measures the customers' net first and orders in its
| direction (away from zero), setting the limit around it.
*/

const LIMIT_MESSAGE = (limit: string) =>
  `This order would take the broker's net exposure on AAPL beyond its limit of ${limit} USD`

async function aapl() {
  return Instrument.findByOrFail('name', 'AAPL')
}

/** The customers' net on AAPL now and the side that grows it. */
async function book() {
  const net = await netRealUnits(db.connection(), await aapl())
  const grow: 'buy' | 'sell' = net.isNegative() ? 'sell' : 'buy'
  return { net, grow, shrink: grow === 'buy' ? ('sell' as const) : ('buy' as const) }
}

/** A limit of (|net| + extra units) × 100 USD, written as the form would store it. */
async function limitAt(net: Money, extraUnits: number) {
  const limit = net.abs().plus(extraUnits).times(100)
  await Instrument.query()
    .where('name', 'AAPL')
    .update({ exposure_limit: limit.toFixed(2) })
  return limit
}

/** A customer of the test's own trading from their real wallet (the factory's active one), funded. */
async function realCustomer() {
  const customer = await UserFactory.create()
  const wallet = await Balance.findOrFail(customer.activeBalanceId!)
  await Balance.query().where('id', wallet.id).update({ balance: '1000000', margin: '0' })
  return { customer, wallet }
}

const placeAapl = (client: any, customer: any, type: 'buy' | 'sell', amount: string) =>
  api(client, 'post', '/dashboard/orders', { type, instrument: 'AAPL', amount }).loginAs(customer)

test.group('Exposure limits: market orders and pending fills', (group) => {
  isolate(group)
  openMarkets(group)
  group.each.setup(async () => withSetting('kycTrade', 'off'))

  test('within the limit opens; beyond it is refused with the message under the amount, nothing written', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await realCustomer()
    quote('AAPL', '100.00', '100.00')
    const { net, grow } = await book()
    const limit = await limitAt(net, 15)

    const first = await placeAapl(client, customer, grow, '10')
    first.assertStatus(201)

    const before = await Order.query().where('balance_id', wallet.id).count('* as n')
    const walletBefore = await Balance.findOrFail(wallet.id)
    const second = await placeAapl(client, customer, grow, '10')
    second.assertStatus(422)
    assert.equal(
      fieldErrors(second.body()).amount,
      LIMIT_MESSAGE(limit.toNumber().toLocaleString('en-US'))
    )
    const after = await Order.query().where('balance_id', wallet.id).count('* as n')
    assert.equal(Number(after[0].$extras.n), Number(before[0].$extras.n))
    const walletAfter = await Balance.findOrFail(wallet.id)
    assert.equal(walletAfter.version, walletBefore.version)
    assert.equal(money(walletAfter.margin).toFixed(), money(walletBefore.margin).toFixed())
    // Exactly at the limit is still within it.
    const atLimit = await placeAapl(client, customer, grow, '5')
    atLimit.assertStatus(201)
  })

  test('an order that reduces the net is allowed even when the book is above the limit', async ({
    client,
    assert,
  }) => {
    const { customer } = await realCustomer()
    quote('AAPL', '100.00', '100.00')
    const { grow, shrink } = await book()
    ;(await placeAapl(client, customer, grow, '10')).assertStatus(201)
    // The limit lowered to 1 USD, far below the book.
    await Instrument.query().where('name', 'AAPL').update({ exposure_limit: '1.00' })
    ;(await placeAapl(client, customer, grow, '1')).assertStatus(422)
    const reducing = await placeAapl(client, customer, shrink, '5')
    reducing.assertStatus(201)
    assert.equal((await Order.findOrFail(reducing.body().order.id)).type, shrink)
  })

  test('demo wallets are not limited: demo money is not the house book', async ({ client }) => {
    const customer = await UserFactory.create()
    const demo = await Balance.query()
      .where('user_id', customer.id)
      .where('mode', 'demo')
      .firstOrFail()
    await Balance.query().where('id', demo.id).update({ balance: '1000000', margin: '0' })
    customer.activeBalanceId = demo.id
    await customer.save()
    quote('AAPL', '100.00', '100.00')
    await Instrument.query().where('name', 'AAPL').update({ exposure_limit: '1.00' })
    ;(await placeAapl(client, customer, 'buy', '10')).assertStatus(201)
    ;(await placeAapl(client, customer, 'sell', '30')).assertStatus(201)
  })

  test('a pending fill beyond the limit is cancelled with the reason and the customer notified', async ({
    assert,
  }) => {
    const { customer, wallet } = await realCustomer()
    const { grow } = await book()
    await Instrument.query().where('name', 'AAPL').update({ exposure_limit: '1.00' })
    const pending = await pendingFor(customer, {
      instrument: 'AAPL',
      type: grow,
      execution: 'limit',
      price: '100.00',
      amount: '10',
      balanceId: wallet.id,
    })
    assert.equal(await fillPendingOrder(pending.id, at('100.00', '100.00')), 'cancelled')
    const row = await PendingOrder.findOrFail(pending.id)
    assert.equal(row.status, 'cancelled')
    assert.equal(row.reason, 'exposure_limit')
    assert.isNull(row.orderId)
    const note = await Notification.query()
      .where('user_id', customer.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(note.title, 'Pending order cancelled')
    const label = grow === 'buy' ? 'Buy Limit' : 'Sell Limit'
    assert.equal(
      note.description,
      `${label} #${pending.id} AAPL: The broker's exposure limit on the instrument was reached.`
    )
  })

  test('without a limit nothing is checked', async ({ client }) => {
    const { customer } = await realCustomer()
    quote('AAPL', '100.00', '100.00')
    await Instrument.query().where('name', 'AAPL').update({ exposure_limit: null })
    ;(await placeAapl(client, customer, 'buy', '500')).assertStatus(201)
  })
})

test.group('Exposure limits under concurrent orders', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
    marketClock.pin(MARKETS_OPEN)
    priceBook.clear()
    const restoreKyc = await withSetting('kycTrade', 'off')
    return async () => {
      await Instrument.query().where('name', 'AAPL').update({ exposure_limit: null })
      await restoreKyc()
      marketClock.unpin()
      priceBook.clear()
    }
  })

  test('two orders each within the limit but together beyond it: exactly one opens', async ({
    assert,
  }) => {
    const a = await freshRealCustomer('100000')
    const b = await freshRealCustomer('100000')
    const [browserA, browserB] = [await signedIn(a.user), await signedIn(b.user)]
    quote('AAPL', '100.00', '100.00')
    const { net, grow } = await book()
    const limit = await limitAt(net, 15)
    const responses = await Promise.all([
      browserA.post('/dashboard/orders', { type: grow, instrument: 'AAPL', amount: '10' }),
      browserB.post('/dashboard/orders', { type: grow, instrument: 'AAPL', amount: '10' }),
    ])
    const statuses = responses.map((r) => r.status).sort()
    assert.deepEqual(statuses, [201, 422], responses.map((r) => r.text).join('\n'))
    const refused = responses.find((r) => r.status === 422)!
    assert.include(refused.text, 'beyond its limit of')
    const opened = await Order.query()
      .whereIn('balance_id', [a.wallet.id, b.wallet.id])
      .whereNull('close_time')
    assert.lengthOf(opened, 1)
    const after = await book()
    assert.isTrue(after.net.abs().times(100).lessThanOrEqualTo(limit))
  }).timeout(120_000)
})
