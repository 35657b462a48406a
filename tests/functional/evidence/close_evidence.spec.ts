import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Instrument from '#models/instrument'
import Order from '#models/order'
import PendingOrder from '#models/pending_order'
import PricingPlan from '#models/pricing_plan'
import type User from '#models/user'
import priceBook from '#services/market/price_book'
import { RiskEngine } from '#services/market/risk_engine'
import { fillPendingOrder } from '#actions/pending_orders/fill_pending_order'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { openMarkets, quote } from '#tests/helpers/market'
import { pendingFor } from '#tests/helpers/pending_orders'
import { onlyAuditRow } from '#tests/helpers/audit'
import { fund } from '#tests/helpers/withdrawals'
import { UserFactory } from '#database/factories/user_factory'
import { money } from '#domain/money'
import mail from '@adonisjs/mail/services/main'
import { settleDeferred } from '#services/deferred'
import StopOutNotification from '#mails/stop_out_notification'
import { sentTo } from '#tests/helpers/mails'

/*
| Issue 24 item 2: every close and every pending fill stores the quote it used
| (bid, ask, the quote's own time to the millisecond, the feed) and a stop-out
| the account at its trigger. Asserted on the database columns.
*/

/** A quote time with milliseconds that a second-precision column would lose. */
const stamp = () => Math.floor(Date.now() / 1000) * 1000 - 2000 + 514

interface EvidenceRow {
  close_bid: string | number | null
  close_ask: string | number | null
  close_quoted_at: unknown
  close_source: string | null
  close_equity: string | number | null
  close_margin: string | number | null
  close_margin_level: string | number | null
  close_reason: string | null
}

async function evidenceOf(id: number) {
  const row: EvidenceRow = await db.from('orders').where('id', id).firstOrFail()
  const order = await Order.findOrFail(id)
  const num = (v: string | number | null) => (v === null ? null : money(String(v)).toFixed())
  return {
    reason: row.close_reason,
    bid: num(row.close_bid),
    ask: num(row.close_ask),
    // Read through the model: both databases hand back the milliseconds.
    quotedAt: order.closeQuotedAt?.toMillis() ?? null,
    source: row.close_source,
    equity: num(row.close_equity),
    margin: num(row.close_margin),
    marginLevel:
      row.close_margin_level === null ? null : money(String(row.close_margin_level)).toFixed(2),
  }
}

async function place(client: ApiClient, user: User, body: Record<string, unknown>) {
  const response = await api(client, 'post', '/dashboard/orders', body).loginAs(user)
  if (response.status() !== 201) throw new Error(`order refused: ${response.text()}`)
  return response.body().order.id as number
}

/** A customer who may trade: funded and KYC approved (kycTrade is on). */
const trader = () => UserFactory.apply('funded', 'kycApproved').create()

/** A customer who may trade with `amount` USD and nothing open (Silver plan: stock stop-out 40). */
async function smallAccount(amount = '1000') {
  const silver = await PricingPlan.findByOrFail('name', 'Silver')
  const customer = await UserFactory.apply('kycApproved')
    .merge({ pricingTableId: silver.id })
    .create()
  await fund(customer.activeBalanceId!, amount)
  return customer
}

test.group('execution evidence of closes and fills', (group) => {
  isolate(group)
  openMarkets(group)
  let engine: RiskEngine | null = null
  group.each.setup(() => async () => {
    await engine?.stop()
    engine = null
  })
  async function startEngine() {
    engine = new RiskEngine()
    await engine.start({ reconcile: false })
    return engine
  }

  test('a customer close stores the live quote, its own time to the millisecond and its feed', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    const at = stamp()
    priceBook.put({
      name: 'EUR_USD',
      bids: '1.08700',
      asks: '1.08712',
      closeoutBid: '1.08700',
      closeoutAsk: '1.08712',
      at,
      feed: 'polygonForex',
    })
    const response = await api(client, 'post', '/dashboard/orders/close', { orderId: id }).loginAs(
      customer
    )
    response.assertStatus(200)
    assert.deepEqual(await evidenceOf(id), {
      reason: 'manual',
      bid: '1.087',
      ask: '1.08712',
      quotedAt: at,
      source: 'polygon',
      equity: null,
      margin: null,
      marginLevel: null,
    })
  })

  test('a close on the stored price says so, with the stored price time', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'sell',
      instrument: 'EUR_USD',
      amount: '1000',
    })
    priceBook.clear()
    const updated = DateTime.fromMillis(stamp())
    await db
      .from('instruments')
      .where('name', 'EUR_USD')
      .update({
        bids: '1.08600',
        asks: '1.08612',
        updated_at: updated.toSQL({ includeOffset: false }),
      })
    const response = await api(client, 'post', '/dashboard/orders/close', { orderId: id }).loginAs(
      customer
    )
    response.assertStatus(200)
    const evidence = await evidenceOf(id)
    assert.equal(evidence.source, 'stored')
    assert.equal(evidence.ask, '1.08612')
    assert.equal(evidence.bid, '1.086')
    const instrument = await Instrument.findByOrFail('name', 'EUR_USD')
    assert.equal(evidence.quotedAt, instrument.updatedAt!.toMillis())
  })

  test('a staff close stores the quote and its audit row carries it', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    const admin = await UserFactory.apply('admin').create()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, { type: 'buy', instrument: 'EUR_USD', amount: '1000' })
    const at = stamp()
    quote('EUR_USD', '1.08750', '1.08762', at)
    const response = await api(client, 'post', '/admin/trades/close', { orderId: id }).loginAs(
      admin
    )
    response.assertStatus(200)
    const evidence = await evidenceOf(id)
    assert.deepInclude(evidence, {
      reason: 'admin',
      bid: '1.0875',
      ask: '1.08762',
      quotedAt: at,
      source: 'simulator',
    })
    const audit = await onlyAuditRow('order.close', id)
    assert.deepEqual(audit.changes.evidence.after, {
      bid: '1.0875',
      ask: '1.08762',
      quotedAt: new Date(at).toISOString(),
      source: 'simulator',
    })
  })

  test('take-profit, stop-loss and trailing stop each store the quote that triggered them', async ({
    client,
    assert,
  }) => {
    const customer = await trader()
    await startEngine()
    quote('EUR_USD', '1.08650', '1.08662')
    const tp = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
      profit: '1.09000',
    })
    const sl = await place(client, customer, {
      type: 'sell',
      instrument: 'EUR_USD',
      amount: '1000',
      loss: '1.09000',
    })
    const trailed = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '1000',
    })
    const trail = await api(client, 'put', `/dashboard/orders/${trailed}`, {
      trailing: '0.00150',
    }).loginAs(customer)
    trail.assertStatus(200)
    await engine!.idle()

    // Up: the trail follows (stop 1.08850), the take-profit and the sell's stop-loss fire on this quote.
    const up = stamp()
    quote('EUR_USD', '1.09000', '1.09012', up)
    await engine!.idle()
    for (const [id, reason] of [
      [tp, 'take_profit'],
      [sl, 'stop_loss'],
    ] as const) {
      assert.deepInclude(await evidenceOf(id), {
        reason,
        bid: '1.09',
        ask: '1.09012',
        quotedAt: up,
        source: 'simulator',
        equity: null,
      })
    }
    assert.isNull((await Order.findOrFail(trailed)).closeTime)

    // Back down through the trailed stop: a trailing stop's close, with the quote that crossed it.
    const down = up + 1
    quote('EUR_USD', '1.08800', '1.08812', down)
    await engine!.idle()
    assert.deepInclude(await evidenceOf(trailed), {
      reason: 'trailing_stop',
      bid: '1.088',
      ask: '1.08812',
      quotedAt: down,
      source: 'simulator',
    })
  })

  test('a stop-out stores the quote and the account at the trigger', async ({ client, assert }) => {
    const customer = await smallAccount()
    await startEngine()
    quote('AAPL', '100.00', '100.00')
    quote('MSFT', '100.00', '100.00')
    const aapl = await place(client, customer, { type: 'buy', instrument: 'AAPL', amount: '40' })
    await place(client, customer, { type: 'buy', instrument: 'MSFT', amount: '40' })
    quote('MSFT', '99.00', '99.00')
    await engine!.idle()
    // AAPL at 83: equity 1,000 − 680 − 40 = 280; used margin 800; level 35 % ≤ 40 %
    const at = stamp()
    quote('AAPL', '83.00', '83.00', at)
    await engine!.idle()
    assert.deepEqual(await evidenceOf(aapl), {
      reason: 'stop_out',
      bid: '83',
      ask: '83',
      quotedAt: at,
      source: 'simulator',
      equity: '280',
      margin: '800',
      marginLevel: '35.00',
    })
  })

  test('a partial close stores the quote on the closed part', async ({ client, assert }) => {
    const customer = await trader()
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '50000',
    })
    const at = stamp()
    quote('EUR_USD', '1.08750', '1.08762', at)
    const response = await api(client, 'post', '/dashboard/orders/close', {
      orderId: id,
      amount: '10000',
    }).loginAs(customer)
    response.assertStatus(200)
    const part = await Order.query().where('parent_order_id', id).firstOrFail()
    assert.deepInclude(await evidenceOf(part.id), {
      reason: 'manual',
      bid: '1.0875',
      ask: '1.08762',
      quotedAt: at,
      source: 'simulator',
    })
    // The ticket stays open, without evidence.
    assert.isNull((await evidenceOf(id)).bid)
  })

  test('a pending fill stores the quote it filled on', async ({ assert }) => {
    const customer = await trader()
    const pending = await pendingFor(customer, {
      type: 'buy',
      execution: 'limit',
      price: '1.08500',
      amount: '10000',
    })
    const at = stamp()
    const outcome = await fillPendingOrder(pending.id, {
      bid: '1.08400',
      ask: '1.08412',
      at,
      source: 'oanda',
    })
    assert.equal(outcome, 'filled')
    const row = await PendingOrder.findOrFail(pending.id)
    assert.equal(money(row.fillBid!).toFixed(), '1.084')
    assert.equal(money(row.fillAsk!).toFixed(), '1.08412')
    assert.equal(row.fillQuotedAt!.toMillis(), at)
    assert.equal(row.fillSource, 'oanda')
  })

  test('a stop-out a staff correction causes stores its evidence and e-mails the customer once', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const customer = await smallAccount('100.00')
    const admin = await UserFactory.apply('admin').create()
    // A plan whose forex stop-out (150 %) sits above what the free-margin rule keeps (100 %).
    await db
      .from('pricing_plans')
      .where('id', customer.pricingTableId!)
      .update({ forex_stopout: '150' })
    quote('EUR_USD', '1.08650', '1.08662')
    const id = await place(client, customer, {
      type: 'buy',
      instrument: 'EUR_USD',
      amount: '10000',
    })
    const at = stamp()
    quote('EUR_USD', '1.08650', '1.08662', at)
    // Open rate 1.08850: equity 100 − 20 = 80.00 is 147 % of the margin 54.34, at or below 150 %.
    const response = await api(client, 'put', `/admin/trades/${id}`, {
      openRate: '1.08850',
    }).loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(response.body().stoppedOut, [id])
    const evidence = await evidenceOf(id)
    assert.deepInclude(evidence, {
      reason: 'stop_out',
      bid: '1.0865',
      ask: '1.08662',
      quotedAt: at,
      source: 'simulator',
      equity: '80',
      margin: '54.34',
    })
    assert.equal(evidence.marginLevel, '147.22')
    await settleDeferred()
    assert.equal(sentTo(mails, StopOutNotification, customer.email), 1)
  })
})
