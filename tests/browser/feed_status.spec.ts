import { test } from '@japa/runner'
import type { Page } from 'playwright'
import feedManager from '#services/market/feeds/feed_manager'
import heartbeatStore from '#services/market/heartbeat_store'
import marketWatch from '#services/market/market_watch'
import { formatDateTime } from '#domain/formatting'
import { PolygonWsFake } from '#tests/fakes/polygon_ws_fake'
import { FAST, resetMarketState } from '#tests/helpers/market_feeds'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { DEMO } from '#tests/helpers/users'

const POLYGON_KEY = 'pk-browser-test-key'
const chip = (page: Page, feed: string) => page.locator(`[data-testid=feed-chip-${feed}]`)
const chipIs = (page: Page, feed: string, state: string) =>
  page.locator(`[data-testid=feed-chip-${feed}][data-state=${state}]`).waitFor({ timeout: 10_000 })

test.group('Browser: API status follows the feeds live', (group) => {
  isolate(group)
  let polygon: PolygonWsFake | null = null

  group.each.setup(async () => {
    resetMarketState()
    heartbeatStore.forget()
    polygon = await PolygonWsFake.start({ apiKey: POLYGON_KEY })
    return async () => {
      await feedManager.stop()
      await polygon?.close()
      resetMarketState()
    }
  })

  test('the Polygon chips turn Connected when the fake Polygon feed is configured and Disconnected when it stops', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    // The first page of a run may wait for the dev server to build the front end (slow on a busy machine).
    await page.goto('/', { timeout: 90_000 })
    await loginThroughForm(page, DEMO.admin)

    // No market role has reported yet: every chip starts at Checking, in the warning colour.
    await page.goto('/admin/status/api')
    await page.locator('main h1', { hasText: 'API Status' }).waitFor()
    for (const feed of ['polygonForex', 'polygonCrypto', 'eodStock', 'oandaRest'])
      await chipIs(page, feed, 'checking')
    assert.equal((await chip(page, 'polygonForex').innerText()).trim(), 'Checking')
    await page.locator('[data-testid=feed-row-currencyApi]').getByText('Remaining Quota').waitFor()

    // The market role starts (this process): no key, so the markets are simulated and say so.
    await feedManager.start({ ...FAST, heartbeatMs: 200, urls: { polygon: polygon!.url } })
    await chipIs(page, 'polygonForex', 'disconnected')
    await page
      .locator('[data-testid=feed-message-polygonForex]', {
        hasText: 'Simulated market (no API key)',
      })
      .waitFor()

    // The admin saves the Polygon key on the API Settings page, in another tab.
    const settingsTab = await page.context().newPage()
    await settingsTab.goto('/admin/apis')
    const card = settingsTab.locator('[data-testid=api-card-polygonAPI]')
    await settingsTab.getByText('Polygon Socket (Forex, Crypto, Hours)').waitFor()
    await card.locator('input[name=value1]').fill(POLYGON_KEY)
    await settingsTab.locator('[data-testid=api-card-polygonAPI-submit]').click()
    await settingsTab
      .locator('[data-toast]', { hasText: 'polygonAPI updated successfully' })
      .first()
      .waitFor()
    // The card stays open, the key masked: the field is empty and says a key is stored.
    await card.getByText('Set · leave blank to keep it').waitFor()
    assert.equal(await card.locator('input[name=value1]').inputValue(), '')
    assert.notInclude(await settingsTab.content(), POLYGON_KEY)

    // The status page, never reloaded, turns both Polygon chips Connected.
    await chipIs(page, 'polygonForex', 'connected')
    await chipIs(page, 'polygonCrypto', 'connected')
    assert.equal((await chip(page, 'polygonForex').innerText()).trim(), 'Connected')
    await chipIs(page, 'eodStock', 'disconnected')

    // The provider goes away: the chips turn Disconnected with the feed's message.
    await polygon!.close()
    polygon = null
    await chipIs(page, 'polygonForex', 'disconnected')
    await chipIs(page, 'polygonCrypto', 'disconnected')
    const message = await page.locator('[data-testid=feed-message-polygonForex]').innerText()
    assert.notInclude(['', 'Connected', 'Simulated market (no API key)'], message.trim())

    // A fresh visit starts from the last heartbeat, not from Checking.
    await page.reload()
    await chipIs(page, 'polygonForex', 'disconnected')
    // No request of these pages may outlive the test's database transaction.
    await settingsTab.close()
    await page.close()
  }).timeout(150_000)

  test('when the market role falls silent the chips say Down since when, live and on a fresh visit', async ({
    browserContext,
  }) => {
    heartbeatStore.forgetPulse()
    marketWatch.reset()
    const page = await browserContext.newPage()
    await page.goto('/', { timeout: 90_000 })
    await loginThroughForm(page, DEMO.admin)
    await page.goto('/admin/status/api')
    await chipIs(page, 'polygonForex', 'checking')

    // This web process's watch (driven by hand here): the role pulsed at t0, then nothing.
    const t0 = Date.now()
    heartbeatStore.pulse(t0)
    await marketWatch.check(t0)
    // The page subscribes once loaded: the watch tells it again every 5 s (of the hand clock).
    const down = page.locator('[data-testid=feed-chip-polygonForex][data-state=down]')
    for (let later = 10_000; later < 200_000 && !(await down.isVisible()); later += 5000) {
      await marketWatch.check(t0 + later)
      await page.waitForTimeout(250)
    }
    const since = `Down since ${formatDateTime(new Date(t0), 'display')}`
    for (const feed of ['polygonForex', 'polygonCrypto', 'eodStock', 'oandaRest'])
      await chipIs(page, feed, 'down')
    await page.locator('[data-testid=feed-message-eodStock]', { hasText: since }).waitFor()

    await page.reload()
    await chipIs(page, 'oandaRest', 'down')
    await page.locator('[data-testid=feed-message-oandaRest]', { hasText: since }).waitFor()

    // A holder's heartbeats: the chips follow them again.
    const back = page.locator('[data-testid=feed-chip-oandaRest][data-state=disconnected]')
    for (let attempt = 0; attempt < 40 && !(await back.isVisible()); attempt++) {
      feedManager.broadcastHeartbeat()
      await page.waitForTimeout(250)
    }
    await chipIs(page, 'oandaRest', 'disconnected')
    marketWatch.reset()
    heartbeatStore.forgetPulse()
    await page.close()
  }).timeout(150_000)
})
