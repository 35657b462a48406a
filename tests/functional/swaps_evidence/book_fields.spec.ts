import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Instrument from '#models/instrument'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { openPosition } from '#tests/helpers/positions'
import { closedOrder } from '#tests/helpers/closed_orders'
import { chargeSwap } from '#tests/helpers/swaps'
import { userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { marginCallLevelFrom, tripleDaysFrom } from '#domain/book_settings'
import { DEFAULT_TRIPLE_DAYS } from '#domain/swaps'

/** A new admin: these requests need only an admin's rights. */
const admin = () => UserFactory.apply('admin').create()

/** The evidence columns of a stop-loss close of a buy on Polygon's quote, and a swap it paid. */
async function withEvidence(order: Order, over: Partial<Order> = {}, swap = '-1.25') {
  order.merge({
    closeBid: '1.0841',
    closeAsk: '1.08422',
    closeSource: 'polygon',
    closeReason: 'stop_loss',
    ...over,
  })
  await order.save()
  if (swap !== '0') await chargeSwap(order, swap)
  // The quote's own time with its milliseconds, as the close stores it (TZ=UTC).
  await db
    .from('orders')
    .where('id', order.id)
    .update({ close_quoted_at: '2026-11-26 14:03:22.514' })
  return order
}

test.group('Order rows: swap, closeReason and closeEvidence (issue 24)', (group) => {
  isolate(group)

  test('GET /dashboard/orders: open, closed with evidence, closed before evidence was stored', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    const open = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    await chargeSwap(open, '-0.37')
    const evidenced = await withEvidence(
      await closedOrder(customer, { closedAt: '2026-11-26T14:03:23Z' })
    )
    const stoppedOut = await withEvidence(
      await closedOrder(customer, { closedAt: '2026-11-26T15:00:00Z', type: 'sell' }),
      {
        closeReason: 'stop_out',
        closeSource: 'simulator',
        closeEquity: '48.2',
        closeMargin: '1000',
        closeMarginLevel: '4.82',
      },
      '0'
    )
    const old = await closedOrder(customer, { closedAt: '2025-01-02T10:00:00Z' })

    const response = await api(client, 'get', '/dashboard/orders').loginAs(customer)
    response.assertStatus(200)
    const rows = response.body().data as Record<string, any>[]
    const row = (id: number) => rows.find((r) => r.id === id)!

    assert.equal(row(open.id).swap, '-0.37')
    assert.isNull(row(open.id).closeReason)
    assert.isNull(row(open.id).closeEvidence)

    assert.equal(row(evidenced.id).swap, '-1.25')
    assert.equal(row(evidenced.id).closeReason, 'stop_loss')
    assert.deepEqual(row(evidenced.id).closeEvidence, {
      bid: '1.0841',
      ask: '1.08422',
      quotedAt: '2026-11-26T14:03:22.514Z',
      source: 'polygon',
      equity: null,
      margin: null,
      marginLevel: null,
    })

    assert.equal(row(stoppedOut.id).closeReason, 'stop_out')
    assert.containsSubset(row(stoppedOut.id).closeEvidence, {
      source: 'simulator',
      equity: '48.2',
      margin: '1000',
      marginLevel: '4.82',
    })

    assert.equal(row(old.id).swap, '0')
    assert.equal(row(old.id).closeReason, 'manual')
    assert.isNull(row(old.id).closeEvidence)
  })

  test('the staff trades API carries the same fields', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded').create()
    const closed = await withEvidence(
      await closedOrder(customer, { closedAt: '2026-11-26T14:03:23Z' })
    )
    const old = await closedOrder(customer, { closedAt: '2025-01-02T10:00:00Z' })
    const response = await api(client, 'get', `/admin/trades/api/all/${customer.id}`).loginAs(
      await admin()
    )
    response.assertStatus(200)
    const rows = response.body().data as Record<string, any>[]
    const row = rows.find((r) => r.id === closed.id)!
    assert.equal(row.swap, '-1.25')
    assert.equal(row.closeReason, 'stop_loss')
    assert.deepEqual(row.closeEvidence, {
      bid: '1.0841',
      ask: '1.08422',
      quotedAt: '2026-11-26T14:03:22.514Z',
      source: 'polygon',
      equity: null,
      margin: null,
      marginLevel: null,
    })
    assert.isNull(rows.find((r) => r.id === old.id)!.closeEvidence)
  })

  test('the statement shows the swap, the net P/L and the evidence; the CSV one column each', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded').create()
    const closed = await withEvidence(
      await closedOrder(customer, { closedAt: '2026-11-26T14:03:23Z', proLoss: '10' })
    )
    const history = await api(
      client,
      'get',
      '/statements/history?dateStart=2026-11-26&dateEnd=2026-11-26'
    ).loginAs(customer)
    history.assertStatus(200)
    const row = history.body().data.find((r: any) => r.ticket === closed.id)
    // P/L 10 plus the swap -1.25 it paid.
    assert.equal(row.profitLoss, '8.75000')
    assert.equal(row.swap, '-1.25')
    assert.equal(row.closeEvidence.quotedAt, '2026-11-26T14:03:22.514Z')

    const csv = await client
      .get('/statements/export?dateStart=2026-11-26&dateEnd=2026-11-26')
      .loginAs(customer)
    csv.assertStatus(200)
    const [header, line] = csv.text().split('\r\n')
    const cells = Object.fromEntries(header.split(',').map((name, i) => [name, line.split(',')[i]]))
    assert.containsSubset(cells, {
      'Swap': '-1.25',
      'Profit/Loss': '8.75000',
      'Close Reason': 'stop_loss',
      'Bid': '1.0841',
      'Ask': '1.08422',
      'Quote Time': '2026-11-26T14:03:22.514Z',
      'Feed': 'Polygon',
      'Equity': '',
      'Margin': '',
      'Margin Level': '',
    })
    assert.include(
      csv.text(),
      'Closed by stop-loss at 1.08410 (bid), quote 14:03:22.514 UTC, feed Polygon'
    )
  })
})

/** The instrument form as the modal sends it, with changes. */
function formOf(i: Instrument, changes: Record<string, unknown> = {}) {
  return {
    name: i.name,
    base: i.base,
    quote: i.quote,
    category: i.category,
    tradingview: i.tradingview,
    alias: i.alias,
    leverage: i.leverage,
    tradable: i.tradable,
    swap: i.swap,
    ...changes,
  }
}

test.group('Instrument form: swap long/short and exposure limit (issue 24)', (group) => {
  isolate(group)

  test('stored, answered and audited before/after; empty clears them', async ({
    client,
    assert,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const set = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { swapLong: '-2.5', swapShort: 0.75, exposureLimit: '5000000' })
    ).loginAs(await admin())
    set.assertStatus(200)
    assert.containsSubset(set.body().instrument, {
      swapLong: '-2.5',
      swapShort: '0.75',
      exposureLimit: '5000000',
    })
    await eurUsd.refresh()
    assert.equal(eurUsd.swapLong, '-2.5')
    assert.equal(eurUsd.exposureLimit, '5000000')
    const audit = await onlyAuditRow('instrument.update', eurUsd.id)
    assert.deepEqual(audit.changes.exposureLimit, { before: null, after: '5000000' })
    assert.deepEqual(audit.changes.swapLong, { before: null, after: '-2.5' })
    assert.deepEqual(audit.changes.swapShort, { before: null, after: '0.75' })

    const cleared = await api(
      client,
      'put',
      `/admin/instruments/${eurUsd.id}`,
      formOf(eurUsd, { swapLong: null, swapShort: null, exposureLimit: null })
    ).loginAs(await admin())
    cleared.assertStatus(200)
    assert.containsSubset(cleared.body().instrument, {
      swapLong: null,
      swapShort: null,
      exposureLimit: null,
    })
    const list = await api(client, 'get', '/admin/instruments/api/forex?search=EUR_USD').loginAs(
      await admin()
    )
    assert.containsSubset(list.body().data[0], { swapLong: null, exposureLimit: null })
  })

  test('a new instrument takes them too', async ({ client, assert }) => {
    const response = await api(client, 'post', '/admin/instruments', {
      name: 'ADA_USD',
      base: 'ADA',
      quote: 'USD',
      category: 'crypto',
      tradingview: 'BINANCE',
      leverage: 5,
      tradable: true,
      swapLong: '-18',
      swapShort: '-12.5',
      exposureLimit: 250000.5,
    }).loginAs(await admin())
    response.assertStatus(201)
    assert.containsSubset(response.body().instrument, {
      swap: '0',
      swapLong: '-18',
      swapShort: '-12.5',
      exposureLimit: '250000.5',
    })
    const audit = await onlyAuditRow('instrument.create', response.body().instrument.id)
    assert.deepEqual(audit.changes.exposureLimit, { before: null, after: '250000.5' })
  })

  test('bad values: 422 under the field, nothing written, never a 500', async ({
    client,
    assert,
  }) => {
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const audits = await auditCount()
    const swapMessage = (side: string) =>
      `Swap ${side} must be a percentage from -100 to 100 with at most 4 decimals`
    const limitMessage =
      'Exposure limit must be an amount in USD above 0 with at most 2 decimals, or empty for none'
    const cases: [string, unknown, string][] = [
      ['swapLong', '100.5', swapMessage('long')],
      ['swapLong', '-101', swapMessage('long')],
      ['swapLong', '1.23456', swapMessage('long')],
      ['swapLong', 'abc', swapMessage('long')],
      ['swapLong', true, swapMessage('long')],
      ['swapShort', '1e2', swapMessage('short')],
      ['swapShort', [1], swapMessage('short')],
      ['exposureLimit', '0', limitMessage],
      ['exposureLimit', '-5', limitMessage],
      ['exposureLimit', '1.005', limitMessage],
      ['exposureLimit', '99999999999999', limitMessage],
      ['exposureLimit', 'lots', limitMessage],
      ['exposureLimit', { a: 1 }, limitMessage],
    ]
    for (const [field, value, message] of cases) {
      const response = await api(
        client,
        'put',
        `/admin/instruments/${eurUsd.id}`,
        formOf(eurUsd, { [field]: value })
      ).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, `${field}=${String(value)}`)
    }
    await eurUsd.refresh()
    assert.isNull(eurUsd.swapLong)
    assert.isNull(eurUsd.exposureLimit)
    assert.equal(await auditCount(), audits)
  })
})

test.group('Pricing plan: the swap-free switch (issue 24)', (group) => {
  isolate(group)

  test('stored, listed, shown on the plan cards and audited; off by default', async ({
    client,
    assert,
  }) => {
    const created = await api(client, 'post', '/admin/pricing', {
      name: 'Islamic',
      price: '0',
      swapFree: true,
    }).loginAs(await admin())
    created.assertStatus(201)
    const id = created.body().plan.id
    assert.isTrue(created.body().plan.swapFree)
    assert.isTrue((await PricingPlan.findOrFail(id)).swapFree)
    assert.deepEqual((await onlyAuditRow('pricing_plan.create', id)).changes.swapFree, {
      before: null,
      after: true,
    })

    const off = await api(client, 'put', `/admin/pricing/${id}`, {
      name: 'Islamic',
      price: '0',
      swapFree: false,
    }).loginAs(await admin())
    off.assertStatus(200)
    assert.isFalse((await PricingPlan.findOrFail(id)).swapFree)
    assert.deepEqual((await onlyAuditRow('pricing_plan.update', id)).changes.swapFree, {
      before: true,
      after: false,
    })

    const plain = await api(client, 'post', '/admin/pricing', { name: 'Plain' }).loginAs(
      await admin()
    )
    assert.isFalse(plain.body().plan.swapFree)

    await PricingPlan.query().where('id', id).update({ swap_free: true })
    const list = await api(client, 'get', '/dashboard/pricing').loginAs(await admin())
    assert.isTrue(list.body().data.find((p: any) => p.id === id).swapFree)
    const page = await client
      .get('/pricing')
      .loginAs(await UserFactory.create())
      .withInertia()
    page.assertStatus(200)
    const cards = JSON.stringify(page.inertiaProps)
    assert.include(cards, '"swapFree":true')
  })

  test('a switch that is not on or off: 422, nothing written', async ({ client, assert }) => {
    const audits = await auditCount()
    const planCount = async () => Number((await db.from('pricing_plans').count('* as n').first()).n)
    const plans = await planCount()
    for (const value of ['yes', 1, 'true', 'on']) {
      const response = await api(client, 'post', '/admin/pricing', {
        name: 'Bad',
        swapFree: value,
      }).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).swapFree, 'Swap-free must be on or off')
    }
    assert.equal(await planCount(), plans)
    assert.equal(await auditCount(), audits)
  })
})

const SWAP_FORM = {
  swapTripleDay_forex: 'wednesday',
  swapTripleDay_commodity: 'thursday',
  swapTripleDay_index: 'wednesday',
  swapTripleDay_crypto: 'none',
  swapTripleDay_stock: 'friday',
  marginCallLevel: '120',
}

test.group('Swap and margin-call settings (issue 24)', (group) => {
  isolate(group)

  test('the Spread Settings page carries the form with its defaults', async ({
    client,
    assert,
  }) => {
    const page = await client
      .get('/admin/spreads')
      .loginAs(await admin())
      .withInertia()
    page.assertStatus(200)
    assert.deepEqual(page.inertiaProps.swapValues, {
      swapTripleDay_forex: 'wednesday',
      swapTripleDay_commodity: 'wednesday',
      swapTripleDay_index: 'wednesday',
      swapTripleDay_crypto: 'none',
      swapTripleDay_stock: 'friday',
      marginCallLevel: '100',
    })
  })

  test('saved to the rows the swap and margin-call code reads, audited', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/swapSettings', SWAP_FORM).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Swap settings updated successfully')
    const rows = await settings.rows()
    assert.deepEqual(tripleDaysFrom(rows), {
      ...DEFAULT_TRIPLE_DAYS,
      commodity: 'thursday',
    })
    assert.equal(marginCallLevelFrom(rows), '120')
    const audit = await onlyAuditRow('settings.update', 'swaps')
    assert.deepEqual(audit.changes.swapTripleDay_commodity, { before: null, after: 'thursday' })
    assert.deepEqual(audit.changes.marginCallLevel, { before: null, after: '120' })
  })

  test('bad values: 422 under the field, nothing written; other roles 403', async ({
    client,
    assert,
  }) => {
    const audits = await auditCount()
    const cases: [string, unknown, string][] = [
      ['swapTripleDay_forex', 'funday', 'Forex triple swap day must be a weekday or none'],
      ['swapTripleDay_stock', '', 'Stock triple swap day must be a weekday or none'],
      ['marginCallLevel', '0', 'Margin call level must be a whole percentage from 1 to 1000'],
      ['marginCallLevel', '1001', 'Margin call level must be a whole percentage from 1 to 1000'],
      ['marginCallLevel', '99.5', 'Margin call level must be a whole percentage from 1 to 1000'],
      ['marginCallLevel', { n: 1 }, 'Margin call level must be a whole percentage from 1 to 1000'],
      ['marginCallLevel', null, 'Margin call level is required'],
    ]
    for (const [field, value, message] of cases) {
      const response = await api(client, 'post', '/admin/swapSettings', {
        ...SWAP_FORM,
        [field]: value,
      }).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, `${field}=${String(value)}`)
    }
    const stored = await db
      .from('settings')
      .whereIn('key', ['swapTripleDays', 'marginCallLevel'])
      .count('* as n')
    assert.equal(Number(stored[0].n), 0)
    assert.equal(await auditCount(), audits)
    const manager = await userOfRole(2)
    ;(await api(client, 'post', '/admin/swapSettings', SWAP_FORM).loginAs(manager)).assertStatus(
      403
    )
  })
})
