import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import { money, sum } from '#domain/money'
import { fillPendingOrder } from '#actions/pending_orders/fill_pending_order'
import { expirePendingOrder } from '#actions/pending_orders/expire_pending_order'
import { withSetting } from '#tests/helpers/database'
import { MARKETS_OPEN, quote } from '#tests/helpers/market'
import { freshCustomer, settled, signedIn, staffSignedIn } from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */

const CROSSED = { bid: '1.08400', ask: '1.08412', at: Date.now() }

type Outcome = { who: 'customer' | 'staff' | 'fill' | 'expiry'; won: boolean; status: number }

test.group('Pending orders under concurrent fills and cancels', (group) => {
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

  async function placeBuyLimits(browser: Awaited<ReturnType<typeof signedIn>>, count: number) {
    quote('EUR_USD', '1.08650', '1.08662')
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const placed = await browser.post('/dashboard/orders', {
        type: 'buy',
        instrument: 'EUR_USD',
        amount: '10000',
        execution: 'limit',
        price: '1.08500',
        expiresAt: '2026-11-18T21:00:00Z',
      })
      if (placed.status !== 201) throw new Error(placed.text)
      ids.push(JSON.parse(placed.text).order.id)
    }
    return ids
  }

  test('the market role, the customer and staff act at once: each order fills or cancels exactly once', async ({
    assert,
  }) => {
    const { user, wallet } = await freshCustomer('10000')
    const browser = await signedIn(user)
    const admin = await staffSignedIn(DEMO.admin)
    const ids = await placeBuyLimits(browser, 5)

    const outcomes = await Promise.all(
      ids.flatMap((id) => [
        ...Array.from({ length: 6 }, () =>
          browser
            .send('DELETE', `/dashboard/pending-orders/${id}`)
            .then((r): Outcome & { id: number } => ({
              id,
              who: 'customer',
              won: r.status === 200,
              status: r.status,
            }))
        ),
        ...Array.from({ length: 6 }, () =>
          admin.send('DELETE', `/admin/trades/pending/${id}`).then((r) => ({
            id,
            who: 'staff' as const,
            won: r.status === 200,
            status: r.status,
          }))
        ),
        ...Array.from({ length: 6 }, () =>
          fillPendingOrder(id, CROSSED).then((r) => ({
            id,
            who: 'fill' as const,
            won: r === 'filled',
            status: r === 'filled' ? 200 : r === 'gone' ? 409 : 500,
          }))
        ),
        ...Array.from({ length: 3 }, () =>
          expirePendingOrder(id, { now: DateTime.fromISO('2026-11-18T21:00:00Z') }).then((won) => ({
            id,
            who: 'expiry' as const,
            won,
            status: won ? 200 : 409,
          }))
        ),
      ])
    )

    // Losers are told it is no longer pending (409) — never a 500, never a second win.
    assert.deepEqual(
      outcomes.filter((o) => o.status !== 200 && o.status !== 409),
      []
    )
    const filledMargins: string[] = []
    for (const id of ids) {
      const winners = outcomes.filter((o) => o.id === id && o.won)
      assert.lengthOf(winners, 1, `order ${id}: ${JSON.stringify(winners)}`)
      const row = await PendingOrder.findOrFail(id)
      const expected = {
        customer: ['cancelled', 'customer'],
        staff: ['cancelled', 'staff'],
        fill: ['filled', null],
        expiry: ['expired', 'expired'],
      }[winners[0].who]
      assert.deepEqual([row.status, row.reason], expected, `order ${id}`)
      const positions = await Order.query()
        .where('user_id', user.id)
        .where('id', row.orderId ?? 0)
      assert.lengthOf(positions, row.status === 'filled' ? 1 : 0)
      if (row.status === 'filled') filledMargins.push(positions[0].marginUsed)
    }
    // Every position in the wallet came from exactly one fill; margin is reserved for those alone.
    const opened = await Order.query().where('balance_id', wallet.id)
    assert.lengthOf(opened, filledMargins.length)
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).toFixed(2), sum(filledMargins).toFixed(2))
    assert.equal(await settled(assert, wallet.id), '10000.00')
  }).timeout(60_000)

  test('many fills of one order at once open one position', async ({ assert }) => {
    const { user, wallet } = await freshCustomer('10000')
    const browser = await signedIn(user)
    const [id] = await placeBuyLimits(browser, 1)
    const results = await Promise.all(
      Array.from({ length: 40 }, () => fillPendingOrder(id, CROSSED))
    )
    assert.equal(results.filter((r) => r === 'filled').length, 1)
    assert.isTrue(results.every((r) => r === 'filled' || r === 'gone'))
    const positions = await Order.query().where('balance_id', wallet.id)
    assert.lengthOf(positions, 1)
    // The new customer's leverage is 100: 1.08412 × 10,000 ÷ 100 = 108.412 → 108.42, reserved once.
    assert.equal(money(positions[0].openRate).toFixed(), '1.08412')
    assert.equal(money(positions[0].marginUsed).toFixed(2), '108.42')
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(2), '108.42')
    assert.equal((await PendingOrder.findOrFail(id)).orderId, positions[0].id)
  }).timeout(60_000)
})
