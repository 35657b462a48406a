import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import LedgerEntry from '#models/ledger_entry'
import SwapCharge from '#models/swap_charge'
import settings from '#services/settings_service'
import { applyRollover } from '#actions/swaps/apply_rollover'
import {
  dropPriceList,
  openPriceList,
  writeDatabaseBatch,
} from '#actions/swaps/rollover_in_database'
import { RolloverPricing } from '#actions/swaps/rollover_pricing'
import { tripleDaysFrom } from '#domain/book_settings'
import { money } from '#domain/money'
import { rolloverInstant } from '#domain/swaps'
import { isolate } from '#tests/helpers/isolation'
import { openMarkets } from '#tests/helpers/market'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { assertWalletChained, pastPosition, swapTerms, walletIn } from './swap_fixtures.js'

/*
 * The rollover's PostgreSQL path (rollover_in_database.ts): sizes priced once into the run's
 * price list, batches written by the database in lanes.
 */

const TUESDAY = '2025-01-14'
const isPg = () => db.connection().dialect.name === 'postgres'
const PG_ONLY = 'PostgreSQL only (SQLite batches are priced and written by the process)'

/** A price-list row of another run, stamped `hours` ago by the app's clock. */
function listRowStamped(run: string, hours: number) {
  return db.table('rollover_prices').insert({
    run,
    instrument: 'EUR_USD',
    kind: 'forex',
    type: 'buy',
    currency: 'USD',
    units: '1',
    outcome: 'none',
    created_at: DateTime.now().minus({ hours }).toSQL({ includeOffset: false }),
  })
}

async function priceList() {
  const pricing = await RolloverPricing.load(TUESDAY, tripleDaysFrom(await settings.rows()))
  const instant = rolloverInstant(TUESDAY).toSQL({ includeOffset: false })!
  return openPriceList(TUESDAY, instant, pricing)
}

test.group('rollover on PostgreSQL: the price list', (group) => {
  isolate(group)
  openMarkets(group)

  test('a size the list has not seen (changed since it was made) is priced and charged in its batch', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '-5', bid: '1.10000', ask: '1.10010' })
    const order = await pastPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '100000',
    })
    await db.rawQuery(
      `INSERT INTO rollovers (rollover_date, positions, started_at) VALUES (?, 0, now())`,
      [TUESDAY]
    )
    const list = await priceList()
    // A partial close after the list was made: the position is now 36,000 units.
    await db.from('orders').where('id', order.id).update({ trade_amount: '36000' })

    const { charged } = await writeDatabaseBatch(list, { index: 0, count: 1 }, order.id - 1, 10)

    // 36,000 × 1.10000 × −5 / 100 / 360 = −5.50
    const claim = await SwapCharge.findByOrFail('order_id', order.id)
    assert.equal(money(claim.amount).toFixed(2), '-5.50')
    assert.equal(money(claim.notional).toFixed(2), '39600.00')
    const entry = await LedgerEntry.findOrFail(claim.ledgerEntryId)
    assert.equal(money(entry.amount).toFixed(2), '-5.50')
    assert.equal(entry.description, `Swap EUR_USD ${TUESDAY}`)
    assert.include(charged.walletIds, order.balanceId)
    assert.include(charged.userIds, customer.id)
    assert.isAtLeast(charged.positions, 1)
    const priced = await db
      .from('rollover_prices')
      .where('run', list.run)
      .where('units', '36000')
      .first()
    assert.equal(priced.outcome, 'charge')
    assert.isTrue(await balanceMatchesLedger(order.balanceId))

    await dropPriceList(list)
    assert.lengthOf(await db.from('rollover_prices').where('run', list.run), 0)
  }).skip(!isPg(), PG_ONLY)

  test('a size that owes nothing is listed with why; a run leaves no list behind and clears dead runs', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '0', bid: '1.10000', ask: '1.10010' })
    await pastPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '1000' })
    await pastPosition(customer, { instrument: 'EUR_USD', type: 'sell', amount: '1000' })
    // A run killed two days ago left its list.
    await listRowStamped('dead-run', 48)

    const list = await priceList()
    const outcomes = await db
      .from('rollover_prices')
      .where('run', list.run)
      .where('instrument', 'EUR_USD')
      .where('units', '1000')
      .orderBy('type')
      .select('type', 'outcome')
    assert.deepEqual(
      outcomes.map((r) => [r.type, r.outcome]),
      [
        ['buy', 'charge'],
        ['sell', 'none'],
      ]
    )
    assert.lengthOf(await db.from('rollover_prices').where('run', 'dead-run'), 0)
    await dropPriceList(list)

    const result = await applyRollover(TUESDAY)
    assert.equal(result.charged, 1)
    assert.lengthOf(await db.from('rollover_prices'), 0)
  }).skip(!isPg(), PG_ONLY)

  test("a run's list is dead a day after the app's clock stamped it, not before", async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '2', bid: '1.10000', ask: '1.10010' })
    await pastPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '1000' })
    await listRowStamped('dead-run', 25)
    await listRowStamped('recent-run', 23)

    const list = await priceList()
    assert.lengthOf(await db.from('rollover_prices').where('run', 'dead-run'), 0)
    assert.lengthOf(await db.from('rollover_prices').where('run', 'recent-run'), 1)
    await dropPriceList(list)
  }).skip(!isPg(), PG_ONLY)

  test('lanes share the wallets out: each position charged once what the process prices it at, every wallet chained', async ({
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    const newcomer = await UserFactory.apply('funded').create()
    await swapTerms('EUR_USD', { long: '-5', short: '2', bid: '1.10000', ask: '1.10010' })
    const orders = []
    let eurWallet = null
    // The customer's USD wallet, the newcomer's, then the customer's EUR wallet.
    for (const user of [customer, newcomer, customer]) {
      if (orders.length === 8) eurWallet = await walletIn(customer, 'EUR', '5000')
      for (let i = 0; i < 4; i++)
        orders.push(
          await pastPosition(user, {
            instrument: 'EUR_USD',
            type: i % 2 ? 'sell' : 'buy',
            amount: String(1000 * (i + 1)),
          })
        )
    }
    const wallets = new Set(orders.map((o) => o.balanceId))
    assert.equal(wallets.size, 3)

    // What the process would charge, position by position (a dry run prices each one itself).
    const planned = new Map<number, string>()
    await applyRollover(TUESDAY, {
      dryRun: true,
      onCharge: (c) => planned.set(c.orderId, c.stored.amount),
    })

    const result = await applyRollover(TUESDAY, { batchSize: 2, lanes: 3 })

    assert.equal(result.charged, orders.length)
    let usd = money(0)
    let eur = money(0)
    for (const order of orders) {
      const claims = await SwapCharge.query()
        .where('order_id', order.id)
        .where('rollover_date', TUESDAY)
      assert.lengthOf(claims, 1)
      assert.equal(money(claims[0].amount).toFixed(), money(planned.get(order.id)!).toFixed())
      if (order.balanceId === eurWallet!.id) eur = eur.plus(claims[0].amount)
      else usd = usd.plus(claims[0].amount)
    }
    assert.deepEqual(result.totals, { USD: usd.toFixed(), EUR: eur.toFixed() })
    for (const walletId of wallets) await assertWalletChained(assert, walletId)
    assert.equal((await applyRollover(TUESDAY, { batchSize: 2, lanes: 3 })).charged, 0)
  }).skip(!isPg(), PG_ONLY)
})
