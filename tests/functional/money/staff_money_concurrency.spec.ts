import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import { money } from '#domain/money'
import { closeOrder } from '#actions/orders/close_order'
import { withSetting } from '#tests/helpers/database'
import { MARKETS_OPEN, quote } from '#tests/helpers/market'
import { freshCustomer, settled, signedIn, staffSignedIn } from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'
import { auditRows } from '#tests/helpers/audit'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'

/*
| Staff money writes racing each other, the customer and the risk engine
| (issue 11 items 3 and 7). These tests run WITHOUT the shared rolled-back
| transaction (see tests/helpers/race.ts): every request has its own
| transaction and, on PostgreSQL, its own connection, so they really race.
| The ledger invariant (balance = sum of entries) is checked after each.
*/

type Outcome = { status: number; text: string }

/** The risk engine's close (no user), as an outcome like an HTTP answer. */
const engineClose = (orderId: number, bid: string) =>
  closeOrder({
    orderId,
    userId: null,
    reason: 'take_profit',
    quote: { bid, ask: bid, at: Date.now() },
  })
    .then((r): Outcome => ({ status: r ? 200 : 409, text: '' }))
    .catch((e): Outcome => ({ status: (e as { status?: number }).status ?? 500, text: String(e) }))

const unexpected = (responses: Outcome[], allowed: number[]) =>
  responses
    .filter((r) => !allowed.includes(r.status))
    .map((r) => `${r.status} ${r.text}`)
    .join('\n')

test.group('Staff money writes under concurrent requests', (group) => {
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

  test('an admin close racing the customer’s close and the risk engine realizes the P/L exactly once', async ({
    assert,
  }) => {
    const { user, wallet } = await freshCustomer('10000')
    const browser = await signedIn(user)
    const admin = await staffSignedIn(DEMO.admin)
    quote('AAPL', '100.00', '100.00')
    const placed = await browser.post('/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
    })
    assert.equal(placed.status, 201, placed.text)
    const orderId = JSON.parse(placed.text).order.id
    quote('AAPL', '101.50', '101.50') // +15.00

    const responses: Outcome[] = await Promise.all([
      ...Array.from({ length: 40 }, () =>
        admin.post('/admin/trades/close', { orderId, instrument: 'AAPL' })
      ),
      ...Array.from({ length: 40 }, () =>
        browser.post('/dashboard/orders/close', { orderId, instrument: 'AAPL' })
      ),
      ...Array.from({ length: 40 }, () => engineClose(orderId, '101.50')),
    ])
    assert.equal(
      responses.filter((r) => r.status === 200).length,
      1,
      unexpected(responses, [200, 409])
    )
    assert.equal(unexpected(responses, [200, 409]), '')

    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', orderId)
    assert.lengthOf(entries, 1)
    assert.equal(money(entries[0].amount).toFixed(2), '15.00')
    // One close wins, and an admin's win leaves exactly one audit row.
    assert.isAtMost((await auditRows({ action: 'order.close', targetId: orderId })).length, 1)
    assert.equal(await settled(assert, wallet.id), '10015.00')
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(2), '0.00')
  })

  test('deleting an open trade while it is closed and edited: one outcome, and the wallet ends where it started', async ({
    assert,
  }) => {
    const { user, wallet } = await freshCustomer('10000')
    const browser = await signedIn(user)
    const admin = await staffSignedIn(DEMO.admin)
    const manager = await staffSignedIn(DEMO.manager)
    quote('AAPL', '100.00', '100.00')
    const placed = await browser.post('/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
    })
    assert.equal(placed.status, 201, placed.text)
    const orderId = JSON.parse(placed.text).order.id
    quote('AAPL', '101.50', '101.50')

    const deletes = Array.from({ length: 15 }, () =>
      admin.send('DELETE', `/admin/trades/${orderId}`)
    )
    const closes = Array.from({ length: 15 }, () =>
      browser.post('/dashboard/orders/close', { orderId })
    )
    const staffCloses = Array.from({ length: 15 }, () =>
      manager.post('/admin/trades/close', { orderId })
    )
    const edits = Array.from({ length: 15 }, (_, i) =>
      manager.put(`/admin/trades/${orderId}`, { spread: String(i % 3) })
    )
    const [deleted, closed, staffClosed, edited] = await Promise.all([
      Promise.all(deletes),
      Promise.all(closes),
      Promise.all(staffCloses),
      Promise.all(edits),
    ])
    const all = [...deleted, ...closed, ...staffClosed, ...edited]
    assert.equal(unexpected(all, [200, 404, 409, 422]), '')
    assert.equal(deleted.filter((r) => r.status === 200).length, 1, unexpected(deleted, [409]))
    assert.isAtMost([...closed, ...staffClosed].filter((r) => r.status === 200).length, 1)

    const order = await Order.findOrFail(orderId)
    assert.isNotNull(order.deletedAt)
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', orderId)
    // Deleted while open: none. Closed first: the close's P/L, a correction per edit that landed
    // before the delete, and the delete's one reversal of their sum; they cancel out.
    assert.equal(entries.reduce((sum, e) => sum.plus(money(e.amount)), money(0)).toFixed(2), '0.00')
    assert.lengthOf(await auditRows({ action: 'order.delete', targetId: orderId }), 1)
    const ofType = (type: string) => entries.filter((e) => e.type === type).length
    if (entries.length > 0) {
      assert.equal(ofType('realized_pnl'), 1)
      assert.isAtMost(ofType('trade_reversal'), 1)
      assert.equal(
        ofType('realized_pnl') + ofType('trade_reversal'),
        entries.length - ofType('trade_correction')
      )
    }
    assert.equal(await settled(assert, wallet.id), '10000.00')
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(2), '0.00')
  })

  test('20 identical balance adjustments with one Idempotency-Key apply once and all get the first answer', async ({
    assert,
  }) => {
    const { wallet } = await freshCustomer('1000')
    const admin = await staffSignedIn(DEMO.admin)
    const key = `race-${Date.now()}`
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.send(
          'PUT',
          `/admin/balance/${wallet.id}`,
          { amount: '25.00', type: 'add', comment: 'Retry storm' },
          { 'Idempotency-Key': key }
        )
      )
    )
    assert.equal(unexpected(responses, [200]), '')
    const bodies = new Set(responses.map((r) => r.text))
    assert.equal(bodies.size, 1, [...bodies].join('\n'))
    const entries = await LedgerEntry.query()
      .where('balance_id', wallet.id)
      .where('type', 'admin_adjustment')
    assert.lengthOf(entries, 1)
    assert.lengthOf(await auditRows({ action: 'balance.adjust', targetId: wallet.id }), 1)
    assert.equal(await settled(assert, wallet.id), '1025.00')
  })

  test('concurrent subtractions with their own keys never take the free margin below zero', async ({
    assert,
  }) => {
    const { wallet } = await freshCustomer('100')
    const admin = await staffSignedIn(DEMO.admin)
    const manager = await staffSignedIn(DEMO.manager)
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? admin : manager).send(
          'PUT',
          `/admin/balance/${wallet.id}`,
          { amount: '10.00', type: 'subtract' },
          {
            'Idempotency-Key': `sub-${Date.now()}-${i}`,
          }
        )
      )
    )
    assert.equal(unexpected(responses, [200, 422]), '')
    assert.equal(responses.filter((r) => r.status === 200).length, 10)
    assert.equal(await settled(assert, wallet.id), '0.00')
  })
})
