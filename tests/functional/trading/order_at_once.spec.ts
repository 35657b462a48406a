import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { placeOrder } from '#actions/orders/place_order'
import { placeOrderAtOnce } from '#actions/orders/place_order_at_once'
import { updateTrade } from '#actions/trades/update_trade'
import { positionTerms } from '#actions/orders/open_position'
import { readOrderSnapshot } from '#queries/order_snapshot'
import { tradeQuoteFor } from '#services/market/trade_quote'
import { postEntry } from '#services/ledger_service'
import settings from '#services/settings_service'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { openMarkets, quote } from '#tests/helpers/market'

/*
| A market order on PostgreSQL (issue 25 item 2): decided on one read, written
| by one compare-and-set statement, and sent down the locking path whenever
| that write finds what it was decided on changed. AAPL at 100.00 flat, no
| plan: the instrument's leverage.
*/

const isPg = () => db.connection().dialect.name === 'postgres'
const PG_ONLY = 'PostgreSQL only (SQLite orders take the locking path)'

async function trader() {
  const user = await UserFactory.apply('funded').apply('kycApproved').create()
  user.pricingTableId = null
  await user.save()
  return { user, walletId: user.activeBalanceId! }
}

/** The snapshot and the terms an order of `amount` AAPL is decided on now. */
async function decided(user: User, amount = '10') {
  quote('AAPL', '100.00', '100.00')
  const snapshot = await readOrderSnapshot(user, 'AAPL')
  const instrument = snapshot.instrument!
  const wallet = { ...snapshot.account.wallet!, planId: null }
  const terms = await positionTerms({
    user,
    wallet,
    instrument,
    type: 'buy',
    amount,
    profit: null,
    loss: null,
    quote: tradeQuoteFor(instrument),
    plan: null,
    spreadSetting: null,
  })
  return { snapshot, wallet, terms }
}

/** A market buy of `amount` AAPL, without targets, through placeOrder. */
function buyAapl(user: User, amount: string) {
  return placeOrder({ user, type: 'buy', instrument: 'AAPL', amount, profit: null, loss: null })
}

async function ordersOf(walletId: number) {
  return Order.query().where('balance_id', walletId)
}

test.group('Market orders at once (PostgreSQL)', (group) => {
  isolate(group)
  openMarkets(group)

  test('an order is two statements: the snapshot and the compare-and-set write', async ({
    assert,
  }) => {
    const { user, walletId } = await trader()
    quote('AAPL', '100.00', '100.00')
    await settings.rows() // cached, as between a process's requests
    const statements: string[] = []
    const knex = db.connection().getWriteClient()
    const count = (q: { sql: string }) => statements.push(q.sql)
    knex.on('query', count)
    try {
      await buyAapl(user, '10')
    } finally {
      knex.off('query', count)
    }
    assert.lengthOf(statements, 2, statements.join('\n'))
    assert.match(statements[0], /^\s*select/i)
    assert.match(statements[1], /^\s*with instrument/i)
    const [order] = await ordersOf(walletId)
    const wallet = await Balance.findOrFail(walletId)
    assert.equal(money(wallet.margin).toFixed(), money(order.marginUsed).toFixed())
    assert.equal(wallet.version, 2, 'the funding entry, then this reservation')
  }).skip(!isPg(), PG_ONLY)

  test('the wallet moved after the snapshot: nothing is written; placeOrder decides again', async ({
    assert,
  }) => {
    const { user, walletId } = await trader()
    const { snapshot, wallet, terms } = await decided(user)
    // A withdrawal of almost everything lands between the read and the write.
    await db.transaction((trx) =>
      postEntry(trx, { balanceId: walletId, type: 'withdrawal', amount: '-24900' })
    )
    assert.isNull(await placeOrderAtOnce(terms, wallet, snapshot.positions))
    assert.lengthOf(await ordersOf(walletId), 0)
    assert.equal(money((await Balance.findOrFail(walletId)).margin).toFixed(), '0')

    // Decided again on the 100.00 left: 10 AAPL at leverage 5 need 200.00.
    await assert.rejects(() => buyAapl(user, '10'), 'Insufficient Balance!')
    const placed = await buyAapl(user, '5')
    assert.equal(money(placed.marginUsed).toFixed(), '100')
  }).skip(!isPg(), PG_ONLY)

  test('the instrument switched off, re-leveraged or limited after the snapshot: nothing is written', async ({
    assert,
  }) => {
    const { user, walletId } = await trader()
    const aapl = await Instrument.findByOrFail('name', 'AAPL')
    for (const change of [
      { tradable: false },
      { leverage: aapl.leverage + 1 },
      { exposure_limit: '1000000' },
    ]) {
      const { snapshot, wallet, terms } = await decided(user)
      await Instrument.query().where('id', aapl.id).update(change)
      assert.isNull(
        await placeOrderAtOnce(terms, wallet, snapshot.positions),
        JSON.stringify(change)
      )
      await Instrument.query()
        .where('id', aapl.id)
        .update({ tradable: true, leverage: aapl.leverage, exposure_limit: aapl.exposureLimit })
    }
    assert.lengthOf(await ordersOf(walletId), 0)
    const wallet = await Balance.findOrFail(walletId)
    assert.equal(money(wallet.margin).toFixed(), '0')
    assert.equal(wallet.version, 1, 'only the funding entry')
  }).skip(!isPg(), PG_ONLY)

  test('a staff correction of an open position after the snapshot: nothing is written', async ({
    assert,
  }) => {
    const { user, walletId } = await trader()
    quote('AAPL', '100.00', '100.00')
    const open = await buyAapl(user, '100')
    const { snapshot, wallet, terms } = await decided(user)
    // The open rate moves 100 → 101: the position's P/L (and the free margin) falls by 100.00.
    const admin = await UserFactory.apply('admin').create()
    await updateTrade({ orderId: open.id, openRate: '101', staff: admin })
    assert.isNull(await placeOrderAtOnce(terms, wallet, snapshot.positions))
    assert.lengthOf(await ordersOf(walletId), 1)
  }).skip(!isPg(), PG_ONLY)

  test('a real wallet on an instrument with an exposure limit takes the locking path', async ({
    assert,
  }) => {
    const { user } = await trader()
    await Instrument.query().where('name', 'AAPL').update({ exposure_limit: '100000000' })
    const { snapshot, wallet, terms } = await decided(user)
    assert.equal(await placeOrderAtOnce(terms, wallet, snapshot.positions), 'locking')
  }).skip(!isPg(), PG_ONLY)

  test('the snapshot holds the open positions, and the free margin counts them', async ({
    assert,
  }) => {
    const { user, walletId } = await trader()
    quote('AAPL', '100.00', '100.00')
    await buyAapl(user, '600')
    await buyAapl(user, '500')
    // The price falls 20.00: the 1,100 units lose 22,000.00 of the 25,000.00.
    quote('AAPL', '80.00', '80.00')
    const snapshot = await readOrderSnapshot(user, 'AAPL')
    assert.lengthOf(snapshot.positions, 2)
    assert.deepEqual(
      snapshot.positions.map((p) => [p.tradeAmount, p.openRate, money(p.currentRate).toFixed()]),
      [
        ['600', '100', '80'],
        ['500', '100', '80'],
      ]
    )
    // Used 22,000.00 (1,100 × 100 ÷ 5); free = 25,000 − 22,000 − 22,000 < 0: refused.
    await assert.rejects(() => buyAapl(user, '1'), 'Insufficient Free Margin!')
    assert.lengthOf(await ordersOf(walletId), 2)
    assert.equal(
      await LedgerEntry.query()
        .where('balance_id', walletId)
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
  }).skip(!isPg(), PG_ONLY)
})
