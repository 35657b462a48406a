import { test } from '@japa/runner'
import type { BrowserContext } from 'playwright'
import { DateTime } from 'luxon'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import Order from '#models/order'
import { RiskEngine } from '#services/market/risk_engine'
import exposureSnapshots from '#services/market/exposure_snapshots'
import marketEvents from '#services/market/market_events'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openMarkets, quote } from '#tests/helpers/market'
import { openPosition } from '#tests/helpers/positions'
import { DEMO, demoUser } from '#tests/helpers/users'

const opened: BrowserContext[] = []

/**
 * The dealing desk's exposure screen (issue 24 item 3): live rows from the
 * market role's snapshots, a new position shows within a beat, and without a
 * market role the screen says so.
 */
test.group('Browser: exposure screen', (group) => {
  isolate(group)
  openMarkets(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()))
    exposureSnapshots.forget()
  })

  test('the screen shows live rows and updates when a position opens', async ({
    browser,
    assert,
  }) => {
    await Order.query()
      .where('instrument', 'EUR_USD')
      .whereNull('close_time')
      .update({ deletedAt: DateTime.now().toSQL({ includeOffset: false }) })
    await Instrument.query().where('name', 'EUR_USD').update({ bids: '1.10000', asks: '1.10020' })
    quote('EUR_USD', '1.10100', '1.10120')
    const customer = await demoUser(DEMO.customer)
    await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '10000' })
    const engine = new RiskEngine()
    await engine.start({ reconcile: false })
    const stopSnapshots = exposureSnapshots.start(engine, 250)
    try {
      const context = await browser.newContext({
        baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
        viewport: { width: 1440, height: 900 },
      })
      opened.push(context)
      const page = await context.newPage()
      await page.goto('/', { timeout: 90_000 })
      await loginThroughForm(page, DEMO.admin)
      const wallet = await Balance.findOrFail(customer.activeBalanceId!)
      await page.goto(`/admin/risk?mode=${wallet.mode}`)
      const positions = page.locator('[data-testid=exposure-positions-EUR_USD]')
      await positions.waitFor({ timeout: 15_000 })
      assert.equal(await positions.textContent(), '1')
      assert.equal(
        await page.locator('[data-testid=exposure-live]').getAttribute('data-state'),
        'live'
      )
      await page.locator('[data-testid=chart-net-exposure]').waitFor()

      // A position opened meanwhile (its commit announced as the order engine does) shows within a beat.
      const second = await openPosition(customer, {
        instrument: 'EUR_USD',
        type: 'sell',
        amount: '4000',
      })
      marketEvents.publish({ type: 'order.opened', orderId: second.id })
      await page.waitForFunction(
        () =>
          (globalThis as any).document.querySelector('[data-testid=exposure-positions-EUR_USD]')
            ?.textContent === '2',
        undefined,
        { timeout: 15_000 }
      )
      assert.include(
        await page.locator('[data-testid=exposure-notional-EUR_USD]').textContent(),
        '6,606.60'
      )

      // A click drills down to the instrument's open positions.
      await page.locator('[data-testid=exposure-open-EUR_USD]').click()
      await page.locator('[data-testid=exposure-drill-table] tbody tr').nth(1).waitFor()
      assert.equal(await page.locator('[data-testid=exposure-drill-table] tbody tr').count(), 2)
    } finally {
      stopSnapshots()
      await engine.stop()
    }
  }).timeout(120_000)

  test('without a market role the screen says so', async ({ browser, assert }) => {
    exposureSnapshots.forget()
    const context = await browser.newContext({
      baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
      viewport: { width: 390, height: 844 },
    })
    opened.push(context)
    const page = await context.newPage()
    await page.goto('/', { timeout: 90_000 })
    await loginThroughForm(page, DEMO.manager)
    await page.goto('/admin/risk')
    await page.locator('[data-testid=exposure-down]').waitFor()
    assert.equal(
      await page.locator('[data-testid=exposure-live]').getAttribute('data-state'),
      'down'
    )
  }).timeout(120_000)
})
