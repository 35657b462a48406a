import { test } from '@japa/runner'
import Instrument from '#models/instrument'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import SwapCharge from '#models/swap_charge'
import { applyRollover } from '#actions/swaps/apply_rollover'
import priceBook from '#services/market/price_book'
import { money } from '#domain/money'
import { freshCustomer, settled } from '#tests/helpers/race'
import { pastPosition, swapTerms } from './swap_fixtures.js'
import { swapOf } from '#tests/helpers/swaps'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts): each run has its own connections. */

// Tuesdays of 2024 no other test uses: only this file's positions were open then.
const DAYS = ['2024-03-12', '2024-03-19']

test.group('rollover: concurrent runs', (group) => {
  group.each.setup(async () => {
    priceBook.clear()
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const saved = {
      swap_long: eurUsd.swapLong,
      swap_short: eurUsd.swapShort,
      bids: eurUsd.bids,
      asks: eurUsd.asks,
    }
    await swapTerms('EUR_USD', { long: '-5', short: '-3', bid: '1.10000', ask: '1.10010' })
    return async () => {
      await Instrument.query().where('id', eurUsd.id).update(saved)
      priceBook.clear()
    }
  })

  test('two and three runs of the same day at once charge each position once', async ({
    assert,
  }) => {
    const customers = [await freshCustomer('10000'), await freshCustomer('10000')]
    const orders: Order[] = []
    for (let i = 0; i < 7; i++) {
      const { user } = customers[i % 2]
      orders.push(
        await pastPosition(
          user,
          { instrument: 'EUR_USD', type: i % 3 ? 'buy' : 'sell', amount: '10000' },
          { openedAt: '2024-03-01 12:00:00' }
        )
      )
    }

    for (const [date, runs] of [
      [DAYS[0], 2],
      [DAYS[1], 3],
    ] as const) {
      const results = await Promise.all(
        Array.from({ length: runs }, () => applyRollover(date, { batchSize: 3 }))
      )
      assert.equal(
        results.reduce((n, r) => n + r.charged, 0),
        orders.length,
        `${date}: ${results.map((r) => r.charged).join(' + ')}`
      )
    }

    for (const order of orders) {
      const entries = await LedgerEntry.query()
        .where('reference_type', 'order')
        .where('reference_id', order.id)
        .where('type', 'swap')
      assert.lengthOf(entries, 2)
      const charges = await SwapCharge.query().where('order_id', order.id)
      assert.lengthOf(charges, 2)
      // 10,000 × 1.1 × −5 / 36,000 = −1.53 (buy); 10,000 × 1.1001 × −3 / 36,000 = −0.92 (sell), twice
      const once = order.type === 'buy' ? '-1.53' : '-0.92'
      assert.equal(money(await swapOf(order.id)).toFixed(2), money(once).times(2).toFixed(2))
    }
    for (const { wallet } of customers) await settled(assert, wallet.id)
  })
})
