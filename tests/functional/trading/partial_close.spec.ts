import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Balance from '#models/balance'
import LedgerEntry from '#models/ledger_entry'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import Profile from '#models/profile'
import marketClock from '#services/market/market_clock'
import priceBook from '#services/market/price_book'
import { money, sum } from '#domain/money'
import { withSetting } from '#tests/helpers/database'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { MARKETS_OPEN, openMarkets, quote, WEEKEND } from '#tests/helpers/market'
import { DEMO, ledgerOf } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { onlyAuditRow } from '#tests/helpers/audit'
import { loginAsSession } from '#tests/helpers/login_as'
import { freshCustomer, settled, signedIn, staffSignedIn } from '#tests/helpers/race'
import { RiskEngine } from '#services/market/risk_engine'

/*
| Issue 23 item 3: POST /dashboard/orders/close with `amount` closes that part
| of a position at market as a closed row of its own (parent_order_id = the
| ticket); the ticket keeps the rest open.
*/

const EUR_USD = { bid: '1.08650', ask: '1.08662' }

/** A customer who may trade: funded, KYC approved (kycTrade is on), on the Silver plan (forex leverage 200). */
async function customerWallet() {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  const customer = await UserFactory.apply('funded', 'kycApproved')
    .merge({ pricingTableId: silver.id })
    .create()
  return { customer, wallet: await Balance.findOrFail(customer.activeBalanceId!) }
}

/** Everything a refused close must leave as it was: the customer's orders, ledger and wallets. */
async function tradingState(userId: number) {
  const orders = await db
    .from('orders')
    .where('user_id', userId)
    .orderBy('id')
    .select('id', 'trade_amount', 'margin_used', 'spread', 'close_time', 'pro_loss')
  const wallets = await db
    .from('balances')
    .where('user_id', userId)
    .orderBy('id')
    .select('id', 'balance', 'margin', 'version')
  const ledger = await db
    .from('ledger_entries')
    .whereIn(
      'balance_id',
      wallets.map((w: { id: number }) => w.id)
    )
    .count('* as n')
    .first()
  return JSON.stringify({ orders, wallets, ledger: Number(ledger.n) })
}

/**
 * The wallet's used margin is the sum of its open positions' margins; its
 * balance the sum of its ledger (unless a test set the balance by hand).
 */
async function assertConsistent(
  assert: { equal: (a: unknown, b: unknown, m?: string) => void; isFalse: (v: unknown) => void },
  walletId: number,
  ledger = true
) {
  const wallet = await Balance.findOrFail(walletId)
  const open = await Order.query()
    .where('balance_id', walletId)
    .whereNull('close_time')
    .whereNull('deleted_at')
  assert.equal(
    money(wallet.margin).toFixed(2),
    sum(open.map((o) => o.marginUsed)).toFixed(2),
    'wallet margin = open margins'
  )
  assert.isFalse(money(wallet.margin).isNegative())
  if (!ledger) return
  const { total } = await ledgerOf(walletId)
  assert.equal(money(wallet.balance).toFixed(2), total.toFixed(2), 'balance = ledger')
}

test.group('POST /dashboard/orders/close with an amount (partial close)', (group) => {
  isolate(group)
  openMarkets(group)

  test('the part closes at market as its own row; the ticket keeps the rest; the full close realizes only the rest', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    // A wallet of its own figures: its margin is then the sum of this test's open positions.
    await Balance.query().where('id', wallet.id).update({ margin: '0' })
    await Order.query().where('balance_id', wallet.id).whereNull('close_time').delete()
    const before = await Balance.findOrFail(wallet.id)
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '50000',
      loss: '1.08000',
    }).loginAs(customer)
    placed.assertStatus(201)
    const ticketId = placed.body().order.id
    const opened = await Order.findOrFail(ticketId)
    // 1.08662 × 50,000 ÷ 200 = 271.655 → 271.66; spread (1.08662 − 1.08650) × 50,000 = 6
    assert.equal(money(opened.marginUsed).toFixed(2), '271.66')
    assert.equal(money(opened.spread).toFixed(), '6')

    quote('EUR_USD', '1.08750', '1.08762')
    const response = await api(client, 'post', '/dashboard/orders/close', {
      orderId: ticketId,
      amount: '10000',
    }).loginAs(customer)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.message, 'Order Partially Closed Successfully')
    // The ticket: 40,000 open, margin 271.66 − 54.33, spread 6 − 1.2, its stop-loss kept.
    assert.containsSubset(body.order, {
      id: ticketId,
      status: 'OPENED',
      units: '40000',
      marginUsed: '217.33',
      spread: '4.8',
      stopLoss: '1.08',
      closeTime: null,
      profitLoss: null,
      parentOrderId: null,
    })
    // The part: 10,000 closed at the ask, P/L (10,000 × 0.001 − 1.2) ÷ 1 = 8.80; margin 271.66 × 0.2 = 54.332 → 54.33.
    assert.containsSubset(body.closed, {
      status: 'CLOSED',
      units: '10000',
      type: 'buy',
      instrument: 'EUR_USD',
      openRate: '1.08662',
      closeRate: '1.08762',
      profitLoss: '8.8',
      marginUsed: '54.33',
      spread: '1.2',
      exchangeRate: '1',
      closeReason: 'manual',
      parentOrderId: ticketId,
      openTime: body.order.openTime,
    })
    const partId = body.closed.id
    assert.notEqual(partId, ticketId)

    const entry = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', partId)
      .firstOrFail()
    assert.equal(entry.type, 'realized_pnl')
    assert.equal(money(entry.amount).toFixed(2), '8.80')
    assert.include(entry.description!, `#${ticketId}`)
    assert.include(entry.description!, `#${partId}`)
    assert.lengthOf(
      await LedgerEntry.query().where('reference_type', 'order').where('reference_id', ticketId),
      0
    )
    const mid = await Balance.findOrFail(wallet.id)
    assert.equal(money(mid.balance).minus(money(before.balance)).toFixed(2), '8.80')
    assert.equal(money(mid.margin).toFixed(2), '217.33')
    await assertConsistent(assert, wallet.id)

    // A second part, then the rest: (30,000 × 0.001 − 3.6) = 26.40 on the ticket.
    const second = await api(client, 'post', '/dashboard/orders/close', {
      orderId: ticketId,
      amount: '10000',
    }).loginAs(customer)
    second.assertStatus(200)
    assert.equal(second.body().order.units, '30000')
    assert.equal(second.body().closed.profitLoss, '8.8')
    const all = await api(client, 'post', '/dashboard/orders/close', {
      orderId: ticketId,
    }).loginAs(customer)
    all.assertStatus(200)
    assert.equal(all.body().message, 'Order Closed Successfully')
    assert.equal(all.body().order.units, '30000')
    assert.equal(all.body().order.profitLoss, '26.4')
    // 8.80 + 8.80 + 26.40 = 44.00, what one close of 50,000 realizes: 50,000 × 0.001 − 6.
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).minus(money(before.balance)).toFixed(2), '44.00')
    assert.equal(money(after.margin).toFixed(2), '0.00')
    await assertConsistent(assert, wallet.id)

    // Statements: each part is a row of its own, beside the ticket.
    const statement = await api(client, 'get', '/statements/history').loginAs(customer)
    statement.assertStatus(200)
    const rows = statement
      .body()
      .data.filter((r: { ticket: number }) =>
        [ticketId, partId, second.body().closed.id].includes(r.ticket)
      )
    assert.sameDeepMembers(
      rows.map((r: { ticket: number; units: string; status: string }) => [
        r.ticket,
        r.units,
        r.status,
      ]),
      [
        [ticketId, '30000', 'CLOSED'],
        [partId, '10000', 'CLOSED'],
        [second.body().closed.id, '10000', 'CLOSED'],
      ]
    )
    // Staff see the parts in the customer's trades.
    const admin = await UserFactory.apply('admin').create()
    const staffList = await api(client, 'get', `/admin/trades/api/all/${customer.id}`).loginAs(
      admin
    )
    staffList.assertStatus(200)
    const staffIds = staffList.body().data.map((r: { id: number }) => r.id)
    assert.includeMembers(staffIds, [ticketId, partId, second.body().closed.id])
    // And the customer's positions list.
    const positions = await api(client, 'get', '/dashboard/orders').loginAs(customer)
    const listed = positions.body().data.find((r: { id: number }) => r.id === partId)
    assert.equal(listed.parentOrderId, ticketId)
  })

  test('a sell in amount mode: an uneven part, a JSON number amount, the rest keeps its share', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    const before = await Balance.findOrFail(wallet.id)
    quote('AAPL', '100.00', '100.02')
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'sell',
      instrument: 'AAPL',
      amount: '3',
    }).loginAs(customer)
    placed.assertStatus(201)
    const ticket = await Order.findOrFail(placed.body().order.id)
    const margin = money(ticket.marginUsed)
    const spread = money(ticket.spread)
    quote('AAPL', '98.50', '98.52')
    // A sell's current rate is the bid (customer spec §4): 1 × (100.00 − 98.50) − spread ÷ 3.
    const response = await api(client, 'post', '/dashboard/orders/close', {
      orderId: ticket.id,
      amount: 1,
    }).loginAs(customer)
    response.assertStatus(200)
    const partSpread = spread.dividedBy(3).toDecimalPlaces(8)
    assert.equal(response.body().closed.closeRate, '98.5')
    assert.equal(response.body().closed.spread, partSpread.toFixed())
    assert.equal(
      response.body().closed.profitLoss,
      money('1.5').minus(partSpread).toDecimalPlaces(2).toFixed()
    )
    const partMargin = margin.dividedBy(3).toDecimalPlaces(2, 1)
    assert.equal(response.body().closed.marginUsed, partMargin.toFixed())
    assert.equal(response.body().order.marginUsed, margin.minus(partMargin).toFixed())
    assert.equal(response.body().order.units, '2')
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(
      money(after.margin).toFixed(2),
      money(before.margin).plus(margin).minus(partMargin).toFixed(2)
    )
    assert.isTrue(money(after.balance).minus(money(before.balance)).greaterThan(0))
    const { total } = await ledgerOf(wallet.id)
    assert.equal(total.toFixed(2), money(after.balance).toFixed(2))
  })

  test('bad amounts answer 422 under amount and write nothing', async ({ client, assert }) => {
    const { customer } = await customerWallet()
    quote('EUR_USD', EUR_USD.bid, EUR_USD.ask)
    quote('AAPL', '189.820', '189.860')
    const lots = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '50000',
    }).loginAs(customer)
    lots.assertStatus(201)
    const units = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '3',
    }).loginAs(customer)
    units.assertStatus(201)
    const eur = lots.body().order.id
    const aapl = units.body().order.id
    const FORMAT = 'Amount must be a positive number with at most 6 decimals'
    const cases: [number, unknown, string][] = [
      [
        eur,
        '50000',
        'Amount must be less than the open amount (50000); to close it all, close without an amount',
      ],
      [
        eur,
        '100000',
        'Amount must be less than the open amount (50000); to close it all, close without an amount',
      ],
      [eur, '12345', 'Choose one of the offered lot sizes'],
      [eur, '0', 'Amount must be greater than zero'],
      [eur, '-1000', FORMAT],
      [eur, '1e3', FORMAT],
      [eur, 'abc', FORMAT],
      [eur, '', FORMAT],
      [eur, null, FORMAT],
      [eur, ['1000'], FORMAT],
      [eur, { value: '1000' }, FORMAT],
      [
        aapl,
        '3',
        'Amount must be less than the open amount (3); to close it all, close without an amount',
      ],
      [aapl, '3.0000001', FORMAT],
      [aapl, '0.0000001', FORMAT],
      [aapl, '0.000000', 'Amount must be greater than zero'],
      [aapl, '1234567890', FORMAT],
    ]
    const state = await tradingState(customer.id)
    for (const [orderId, amount, message] of cases) {
      const response = await api(client, 'post', '/dashboard/orders/close', {
        orderId,
        amount,
      }).loginAs(customer)
      assert.equal(response.status(), 422, `${JSON.stringify(amount)}: ${response.text()}`)
      assert.equal(fieldErrors(response.body()).amount, message, JSON.stringify(amount))
    }
    assert.equal(await tradingState(customer.id), state)

    // A closed market refuses it like a full close, under the order.
    marketClock.pin(WEEKEND)
    const closed = await api(client, 'post', '/dashboard/orders/close', {
      orderId: aapl,
      amount: '1',
    }).loginAs(customer)
    closed.assertStatus(422)
    assert.equal(fieldErrors(closed.body()).orderId, 'Market is closed')
    assert.equal(await tradingState(customer.id), state)
  })

  test("another customer's order is a 404; an unknown one too; a closed one 409; nothing written", async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    quote('AAPL', '189.820', '189.860')
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '3',
    }).loginAs(customer)
    const orderId = placed.body().order.id
    const state = await tradingState(customer.id)
    const newcomer = await UserFactory.create()
    const theirs = await api(client, 'post', '/dashboard/orders/close', {
      orderId,
      amount: '1',
    }).loginAs(newcomer)
    theirs.assertStatus(404)
    // Even an amount the order would refuse: ownership is decided first, nothing about the order leaks.
    const theirsTooMuch = await api(client, 'post', '/dashboard/orders/close', {
      orderId,
      amount: '5',
    }).loginAs(newcomer)
    theirsTooMuch.assertStatus(404)
    const unknown = await api(client, 'post', '/dashboard/orders/close', {
      orderId: 2147483647,
      amount: '1',
    }).loginAs(customer)
    unknown.assertStatus(404)
    assert.equal(await tradingState(customer.id), state)

    await api(client, 'post', '/dashboard/orders/close', { orderId }).loginAs(customer)
    const done = await api(client, 'post', '/dashboard/orders/close', {
      orderId,
      amount: '1',
    }).loginAs(customer)
    done.assertStatus(409)
    assert.equal(done.body().message, 'This position is already closed')
  })

  test('in a login-as session the part is audited, its ledger entry naming the staff member and the row', async ({
    client,
    assert,
  }) => {
    const { customer } = await customerWallet()
    // The customer's manager: only a manager who manages them could have started this login-as.
    const manager = await UserFactory.apply('manager').create()
    await Profile.query().where('user_id', customer.id).update({ manager_id: manager.id })
    const session = loginAsSession(customer, manager)
    quote('AAPL', '189.820', '189.860')
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '3',
    }).loginAs(customer)
    const orderId = placed.body().order.id
    const part = await api(client, 'post', '/dashboard/orders/close', {
      orderId,
      amount: '1',
    }).withSession(session)
    part.assertStatus(200)
    const partId = part.body().closed.id
    const row = await onlyAuditRow('customer_session.order_close', customer.id)
    assert.equal(row.staff_id, manager.id)
    assert.deepEqual(row.changes.amount, { before: '3', after: '2' })
    assert.equal(row.changes.closedOrderId.after, partId)
    assert.equal(row.changes.closedAmount.after, '1')
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', partId)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].auditLogId, row.id)
    assert.equal(entries[0].createdById, manager.id)
  })

  test('a part whose loss exceeds the balance is written off to zero, like a full close', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    await Balance.query().where('id', wallet.id).update({ balance: '100', margin: '0' })
    await Order.query().where('balance_id', wallet.id).whereNull('close_time').delete()
    quote('AAPL', '100.00', '100.00')
    const open = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
    }).loginAs(customer)
    open.assertStatus(201)
    // A gap: 8 × (80 − 100) = −160 against a balance of 100.
    quote('AAPL', '80.00', '80.00')
    const part = await api(client, 'post', '/dashboard/orders/close', {
      orderId: open.body().order.id,
      amount: '8',
    }).loginAs(customer)
    part.assertStatus(200)
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .where('reference_id', part.body().closed.id)
      .orderBy('id')
    assert.deepEqual(
      entries.map((e) => [e.type, money(e.amount).toFixed(2)]),
      [
        ['realized_pnl', '-160.00'],
        ['write_off', '60.00'],
      ]
    )
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.balance).toFixed(2), '0.00')
    await assertConsistent(assert, wallet.id, false)
  })
})

test.group('Partial close and the risk engine', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine
  group.each.setup(async () => {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return () => engine.stop()
  })

  test('the engine reloads the ticket (order.changed): its book holds the rest, and a take-profit closes only the rest', async ({
    client,
    assert,
  }) => {
    const { customer, wallet } = await customerWallet()
    await Balance.query().where('id', wallet.id).update({ margin: '0' })
    await Order.query().where('balance_id', wallet.id).whereNull('close_time').delete()
    quote('AAPL', '100.00', '100.00')
    const placed = await api(client, 'post', '/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
      profit: '105',
    }).loginAs(customer)
    placed.assertStatus(201)
    const ticketId = placed.body().order.id
    await engine.idle()
    assert.equal(engine.wallet(wallet.id)?.amount, 10)

    quote('AAPL', '101.00', '101.00')
    const part = await api(client, 'post', '/dashboard/orders/close', {
      orderId: ticketId,
      amount: '4',
    }).loginAs(customer)
    part.assertStatus(200)
    await engine.idle()
    const book = engine.wallet(wallet.id)!
    assert.equal(book.count, 1)
    assert.equal(book.amount, 6)
    assert.equal(book.margin, Number((await Balance.findOrFail(wallet.id)).margin))

    // The take-profit fires on the rest: 6 × (105 − 100) = 30.00; the part kept its 4 × 1 = 4.00.
    quote('AAPL', '105.00', '105.00')
    await engine.idle()
    const ticket = await Order.findOrFail(ticketId)
    assert.equal(ticket.closeReason, 'take_profit')
    assert.equal(money(ticket.tradeAmount).toFixed(), '6')
    assert.equal(money(ticket.proLoss!).toFixed(2), '30.00')
    assert.equal(part.body().closed.profitLoss, '4')
    await assertConsistent(assert, wallet.id)
  })
})

/* The races run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */
test.group('Partial close under concurrent requests', (group) => {
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

  /** A fresh customer's buy of 10 AAPL at 100 (no spread), now at 101.50: +1.50 a unit. */
  async function openTen() {
    const { user, wallet } = await freshCustomer('10000')
    const browser = await signedIn(user)
    quote('AAPL', '100.00', '100.00')
    const placed = await browser.post('/dashboard/orders', {
      type: 'buy',
      instrument: 'AAPL',
      amount: '10',
    })
    if (placed.status !== 201) throw new Error(placed.text)
    quote('AAPL', '101.50', '101.50')
    return { user, wallet, browser, orderId: JSON.parse(placed.text).order.id as number }
  }

  /** Every row the ticket became: itself and its closed parts. */
  async function rowsOf(orderId: number) {
    return Order.query().where('id', orderId).orWhere('parent_order_id', orderId).orderBy('id')
  }

  test('20 partial closes of 3 out of 10 at once: exactly three close, never more than is open', async ({
    assert,
  }) => {
    const { wallet, browser, orderId } = await openTen()
    const reserved = money((await Order.findOrFail(orderId)).marginUsed)
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.post('/dashboard/orders/close', { orderId, amount: '3' })
      )
    )
    const statuses = responses.map((r) => r.status)
    assert.deepEqual(
      responses.filter((r) => ![200, 409, 422].includes(r.status)).map((r) => r.text),
      []
    )
    assert.equal(statuses.filter((s) => s === 200).length, 3, statuses.join(','))

    const rows = await rowsOf(orderId)
    const ticket = rows.find((o) => o.id === orderId)!
    const parts = rows.filter((o) => o.parentOrderId === orderId)
    assert.equal(money(ticket.tradeAmount).toFixed(), '1')
    assert.isNull(ticket.closeTime)
    assert.lengthOf(parts, 3)
    assert.isTrue(parts.every((p) => money(p.tradeAmount).equals(3) && p.closeTime !== null))
    // Each part realized 3 × 1.50 = 4.50, once.
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .whereIn(
        'reference_id',
        parts.map((p) => p.id)
      )
    assert.lengthOf(entries, 3)
    assert.isTrue(entries.every((e) => money(e.amount).toFixed(2) === '4.50'))
    assert.equal(await settled(assert, wallet.id), '10013.50')
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.margin).toFixed(2), money(ticket.marginUsed).toFixed(2))
    // The ticket's margin was split, never made or lost.
    assert.equal(sum(rows.map((o) => o.marginUsed)).toFixed(2), reserved.toFixed(2))
    // Sign-ups, sign-ins and 20 racing transactions: slow on a busy machine, never stuck.
  }).timeout(120_000)

  test('partial closes, full closes and staff closes at once: the ticket closes once, exactly 10 units in all', async ({
    assert,
  }) => {
    const { wallet, browser, orderId } = await openTen()
    const admin = await staffSignedIn(DEMO.admin)
    quote('AAPL', '101.50', '101.50') // fresh again after the staff sign-in
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, () =>
        browser.post('/dashboard/orders/close', { orderId, amount: '4' })
      ),
      ...Array.from({ length: 6 }, () => browser.post('/dashboard/orders/close', { orderId })),
      ...Array.from({ length: 6 }, () => admin.post('/admin/trades/close', { orderId })),
    ])
    assert.deepEqual(
      responses
        .filter((r) => ![200, 409, 422].includes(r.status))
        .map((r) => `${r.status} ${r.text}`),
      []
    )
    const rows = await rowsOf(orderId)
    const ticket = rows.find((o) => o.id === orderId)!
    assert.isNotNull(ticket.closeTime)
    const parts = rows.filter((o) => o.parentOrderId === orderId)
    assert.isAtMost(parts.length, 2)
    // Whatever won: the parts and the ticket's last amount add up to the 10 units opened.
    assert.equal(sum(rows.map((o) => o.tradeAmount)).toFixed(), '10')
    const wins = responses.filter((r) => r.status === 200).length
    assert.equal(wins, parts.length + 1)
    const entries = await LedgerEntry.query()
      .where('reference_type', 'order')
      .whereIn(
        'reference_id',
        rows.map((o) => o.id)
      )
    assert.lengthOf(entries, rows.length)
    // No spread: 10 × 1.50 = 15.00 realized however it was split.
    assert.equal(sum(entries.map((e) => e.amount)).toFixed(2), '15.00')
    assert.equal(await settled(assert, wallet.id), '10015.00')
    assert.equal(money((await Balance.findOrFail(wallet.id)).margin).toFixed(2), '0.00')
  }).timeout(120_000)
})
