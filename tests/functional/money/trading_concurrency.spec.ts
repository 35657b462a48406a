import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import { money } from '#domain/money'
import { closeOrder } from '#actions/orders/close_order'
import { placeOrderUnqueued } from '#actions/orders/place_order'
import { withSetting } from '#tests/helpers/database'
import { MARKETS_OPEN, quote } from '#tests/helpers/market'
import { freshCustomer, settled, signedIn } from '#tests/helpers/race'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */

test.group('Trading under concurrent requests', (group) => {
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

  test('200 concurrent closes of one position realize its P/L exactly once', async ({ assert }) => {
    const { user, wallet } = await freshCustomer('10000')
    const browser = await signedIn(user)
    quote('AAPL', '100.00', '100.00')
    const placed = await browser.post('/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
    })
    assert.equal(placed.status, 201, placed.text)
    const orderId = JSON.parse(placed.text).order.id
    quote('AAPL', '101.50', '101.50') // +15.00

    const responses = await Promise.all([
      ...Array.from({ length: 150 }, () =>
        browser.post('/dashboard/orders/close', { orderId, instrument: 'AAPL' })
      ),
      // The risk engine's path (no user) races the browser's.
      ...Array.from({ length: 50 }, () =>
        closeOrder({
          orderId,
          userId: null,
          reason: 'take_profit',
          quote: { bid: '101.50', ask: '101.50', at: Date.now() },
        })
          .then((r) => ({ status: r ? 200 : 409, text: '' }))
          .catch((e) => ({ status: (e as { status?: number }).status ?? 500, text: String(e) }))
      ),
    ])
    const ok = responses.filter((r) => r.status === 200).length
    assert.equal(
      ok,
      1,
      responses
        .filter((r) => ![200, 409].includes(r.status))
        .map((r) => `${r.status} ${r.text}`)
        .join('\n')
    )
    assert.isTrue(responses.every((r) => r.status === 200 || r.status === 409))

    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', orderId)
    assert.lengthOf(entries, 1)
    assert.equal(money(entries[0].amount).toFixed(2), '15.00')
    assert.equal(await settled(assert, wallet.id), '10015.00')
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(2), '0.00')
  })

  test('concurrent orders cannot push free margin below zero', async ({ assert }) => {
    const { user, wallet } = await freshCustomer('1000')
    user.pricingTableId = null
    await user.save()
    const browser = await signedIn(user)
    quote('AAPL', '100.00', '100.00')
    // Instrument leverage 5: each order of 10 units needs 100 × 10 ÷ 5 = 200; 1,000 carries exactly 5.
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        browser.post('/dashboard/orders', { type: 'buy', instrument: 'AAPL', amount: '10' })
      )
    )
    const accepted = responses.filter((r) => r.status === 201).length
    assert.equal(accepted, 5, responses.map((r) => r.status).join(','))
    assert.isTrue(responses.every((r) => r.status === 201 || r.status === 422 || r.status === 409))
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).toFixed(2), '1000.00')
    assert.equal(
      await Order.query()
        .where('balance_id', wallet.id)
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      5
    )
    assert.equal(await settled(assert, wallet.id), '1000.00')
  })
  test('concurrent orders from several processes (no turn-taking) cannot push free margin below zero', async ({
    assert,
  }) => {
    const { user, wallet } = await freshCustomer('1000')
    user.pricingTableId = null
    await user.save()
    quote('AAPL', '100.00', '100.00')
    // As the HTTP test above, but every order at once on its own connection, as web processes would.
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        placeOrderUnqueued({
          user,
          type: 'buy',
          instrument: 'AAPL',
          amount: '10',
          profit: null,
          loss: null,
        }).then(
          () => 'placed',
          (error: Error) => error.message
        )
      )
    )
    assert.equal(outcomes.filter((o) => o === 'placed').length, 5, outcomes.join(','))
    for (const o of outcomes) {
      assert.include(['placed', 'Insufficient Balance!', 'Insufficient Free Margin!'], o)
    }
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).toFixed(2), '1000.00')
    assert.equal(await settled(assert, wallet.id), '1000.00')
  })
})
