import { test } from '@japa/runner'
import PaymentGateway from '#models/payment_gateway'
import { broadcastStale } from '#services/market/stale_broadcast'
import { MarketWatch } from '#services/market/market_watch'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'
import { DEMO } from '#tests/helpers/users'

/** Issue 10 §4: what the market watch, the chart and the deposit page show. */
test.group('Browser: market watch and chart display', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)

  test('a search with no match says No data found', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.locator('[data-testid=instrument-search]').fill('zzqqxx')
    await page.assertText('[data-testid=search-empty]', 'No data found')
    await page.locator('[data-testid=instrument-search]').fill('eur usd')
    await page.assertNotExists('[data-testid=search-empty]')
    await page.assertExists('[data-testid=search-results] [data-testid=instrument-EUR_USD]')
  })

  test('the dot turns red while a price is stale and green again with a fresh one', async ({
    visit,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.waitForLoadState('networkidle')
    const dot = (tradable: boolean) =>
      page.locator(`[data-testid=dot-EUR_USD][data-tradable=${tradable}]`).first()
    // The page subscribes to the prices channel once loaded, later under load: broadcast again
    // until the watch shows the state rather than hope one broadcast lands after the subscription.
    const showsAfterBroadcasts = async (tradable: boolean) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        await broadcastStale()
        if (await dot(tradable).isVisible()) return
        await page.waitForTimeout(500)
      }
      await dot(tradable).waitFor()
    }
    await showsAfterBroadcasts(true)

    // Older than the server's 30 s limit: orders are refused, and the watch says so.
    quote('EUR_USD', '1.08650', '1.08662', Date.now() - 60_000)
    await showsAfterBroadcasts(false)
    await page.locator('[data-testid=buy-EUR_USD][disabled]').first().waitFor()

    quote('EUR_USD', '1.08651', '1.08663')
    await showsAfterBroadcasts(true)
  })

  test('when the market role falls silent every dot turns red and the buttons say why; back, they recover', async ({
    visit,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.waitForLoadState('networkidle')
    // This web process's watch (issue 22 §3), polled by hand; the role pulses while `alive`.
    let alive = true
    let pulse = Date.now()
    const watch = new MarketWatch({
      readPulse: async () => (alive ? (pulse = Date.now()) : pulse),
      silenceMs: 1000,
      resendMs: 0,
    })
    const dot = (tradable: boolean) =>
      page.locator(`[data-testid=dot-EUR_USD][data-tradable=${tradable}]`).first()
    const showsAfterChecks = async (tradable: boolean) => {
      for (let attempt = 0; attempt < 40; attempt++) {
        await watch.check()
        if (await dot(tradable).isVisible()) return
        await page.waitForTimeout(250)
      }
      await dot(tradable).waitFor()
    }
    await watch.check()
    await dot(true).waitFor()

    alive = false
    await showsAfterChecks(false)
    await page.assertText('[data-testid=prices-stopped]', 'Prices are not updating')
    await page
      .locator('[data-testid=buy-EUR_USD][disabled][title="Prices are not updating"]')
      .first()
      .waitFor()

    alive = true
    await showsAfterChecks(true)
    await page.assertNotExists('[data-testid=prices-stopped]')
  })

  test('the chart repaints for the light theme when the theme is switched', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.locator('[data-testid=price-chart][data-theme=dark]').waitFor()
    await page.locator('[data-testid=theme-switch]').click()
    await page.assertExists('html.light')
    await page.locator('[data-testid=price-chart][data-theme=light]').waitFor()
  })
})

test.group('Browser: deposit page gateways', (group) => {
  isolate(group)

  test('without online gateways there is no empty Payment Gateway heading; offline methods show once', async ({
    visit,
    assert,
  }) => {
    await PaymentGateway.query()
      .whereNotIn('value', ['bank', 'btc', 'usdt'])
      .update({ isActive: false })
    const page = await visit('/')
    await loginThroughForm(page, DEMO.customer)
    await page.goto('/deposits')
    await page.locator('[data-testid=gateway-picker]').waitFor()
    await page.assertNotExists('[data-testid=online-gateways-heading]')
    await page.assertText('[data-testid=offline-payments-heading]', 'Offline Payments')
    assert.equal(await page.locator('[data-testid=gateway-bank]').count(), 1)
    assert.equal(await page.getByText('Payment Gateway', { exact: true }).count(), 0)
  })
})
