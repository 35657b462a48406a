import { test } from '@japa/runner'
import User from '#models/user'
import { notifyUser } from '#services/notification_service'
import priceBook from '#services/market/price_book'
import { startSimulator } from '#services/market/simulator'
import { startPriceFanout } from '#services/market/price_fanout'
import candleAggregator from '#services/market/candle_aggregator'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openPosition } from '#tests/helpers/positions'
import { userChannelReady } from '#tests/helpers/live'

test.group('Browser: real-time notifications', (group) => {
  isolate(group)

  test('a notification created on the server toasts live and joins the list', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    const user = await User.findByOrFail('email', 'customer@demo.test')
    await userChannelReady(user.id)

    await notifyUser(user.id, {
      title: 'Deposit approved',
      description: 'Your deposit of $500.00 is credited.',
    })

    await page.assertTextContains('[data-toast]', 'Deposit approved')
    // Open the menu; a press landing while the bell's badge re-renders can be lost under load, so press again.
    const list = page.locator('ul[data-testid=notifications-list]')
    for (let attempt = 0; attempt < 3 && !(await list.isVisible()); attempt++) {
      await page.locator('[data-testid=notifications-button]').click()
      await list.waitFor({ timeout: 3000 }).catch(() => {})
    }
    await page.assertTextContains('ul[data-testid=notifications-list]', 'Deposit approved')
  })
})

test.group('Browser: live prices', (group) => {
  isolate(group)
  group.each.setup(() => () => priceBook.clear())

  test('the dashboard shows simulated prices moving in real time', async ({ visit, assert }) => {
    // Crypto trades around the clock, so it moves whatever day the test runs.
    const stopSimulator = await startSimulator({ random: () => 0.01 })
    const stopFanout = startPriceFanout()
    try {
      const page = await visit('/')
      await loginThroughForm(page, 'customer@demo.test')
      await page.getByRole('tab', { name: 'CRYPTO' }).click()
      const first = await page.locator('[data-testid=bid-BTC_USD]').innerText()
      await page.waitForFunction(
        (before) =>
          (globalThis as any).document.querySelector('[data-testid=bid-BTC_USD]')?.textContent !==
          before,
        first,
        { timeout: 15_000 }
      )
      // Falling prices (random 0.01 → steps down) show the red down arrow.
      await page.assertTextContains('[data-testid=bid-BTC_USD]', '▼')
      assert.notEqual(await page.locator('[data-testid=bid-BTC_USD]').innerText(), first)
    } finally {
      stopSimulator()
      stopFanout()
    }
  })
})

test.group('Browser: live account figures', (group) => {
  isolate(group)
  group.each.setup(() => () => priceBook.clear())

  test('the top bar recomputes P/L and equity as prices move', async ({ visit, assert }) => {
    const customer = await User.findByOrFail('email', 'customer@demo.test')
    await openPosition(customer, { instrument: 'BTC_USD', type: 'buy', amount: '2' })
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    // Margin: ask 67,256.00 × 2 ÷ leverage 5 = 26,902.40.
    await page.assertText('[data-testid=figure-usedMargin]', '$26,902.40')
    const before = await page.locator('[data-testid=figure-profitLoss]').innerText()

    // Falling prices: a long position loses. Waits are generous: with CI's two suites side by
    // side, the tab's first frames can take seconds to arrive.
    const stopSimulator = await startSimulator({ random: () => 0.01 })
    const stopFanout = startPriceFanout()
    try {
      await page.waitForFunction(
        (text) =>
          (globalThis as any).document.querySelector('[data-testid=figure-profitLoss]')
            ?.textContent !== text,
        before,
        { timeout: 15_000 }
      )
      await page.assertTextContains('[data-testid=figure-profitLoss]', '-')
      const equity = await page.locator('[data-testid=figure-equity]').innerText()
      assert.notEqual(equity, '$25,000.000')
    } finally {
      stopSimulator()
      stopFanout()
    }
  })
})

test.group('Browser: favorites', (group) => {
  isolate(group)

  test('starring an instrument pins it under Favorite Pairs; unstarring removes it', async ({
    visit,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.getByRole('tab', { name: 'CRYPTO' }).click()
    await page.getByRole('tabpanel').locator('[data-testid=star-ETH_USD]').click()
    await page.assertVisible('[data-toast]:has-text("Added to favorites")')
    await page.assertExists('[data-testid=favorite-pairs] [data-testid=instrument-ETH_USD]')

    await page.locator('[data-testid=favorite-pairs] [data-testid=star-ETH_USD]').click()
    await page.assertVisible('[data-toast]:has-text("Removed from favorites")')
    await page.assertNotExists('[data-testid=favorite-pairs] [data-testid=instrument-ETH_USD]')
  })
})

/** The instrument list's tabs (the positions panel below the chart has its own). */
const MARKET_TABS = '[role=tablist]:not([aria-label="Positions"]) [role=tab]'

test.group('Browser: instrument search', (group) => {
  isolate(group)

  test('a fuzzy search finds EUR_USD in a single Search Results tab', async ({ visit, assert }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    // Lower case and a misspelt alias both match at threshold 0.3.
    await page
      .locator('input[data-testid=instrument-search], [data-testid=instrument-search] input')
      .first()
      .fill('eur_usd')
    await page.assertVisible('[data-testid=search-results] [data-testid=instrument-EUR_USD]')
    const tabs = await page.locator(MARKET_TABS).allInnerTexts()
    assert.deepEqual(tabs, ['Search Results'])

    await page
      .locator('input[data-testid=instrument-search], [data-testid=instrument-search] input')
      .first()
      .fill('Euro / US Dolar')
    await page.assertVisible('[data-testid=search-results] [data-testid=instrument-EUR_USD]')

    await page
      .locator('input[data-testid=instrument-search], [data-testid=instrument-search] input')
      .first()
      .fill('')
    const categoryTabs = await page.locator(MARKET_TABS).allInnerTexts()
    assert.deepEqual(categoryTabs, ['FOREX', 'COMMODITIES', 'INDICES', 'STOCK', 'CRYPTO'])
  })
})

test.group('Browser: price chart', (group) => {
  isolate(group)
  group.each.setup(() => {
    candleAggregator.reset()
    return () => {
      candleAggregator.reset()
      priceBook.clear()
    }
  })

  test('the chart opens on USD_CNH and follows the instrument chosen in the list', async ({
    visit,
  }) => {
    const stop = candleAggregator.start()
    priceBook.put({
      name: 'BTC_USD',
      bids: '67000',
      asks: '67012',
      closeoutBid: '67000',
      closeoutAsk: '67012',
      at: Date.now() - 86_400_000,
    })
    priceBook.put({
      name: 'BTC_USD',
      bids: '67100',
      asks: '67112',
      closeoutBid: '67100',
      closeoutAsk: '67112',
      at: Date.now(),
    })
    await stop()

    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.assertText('[data-testid=chart-instrument]', 'USD_CNH')
    await page.assertExists('[data-testid=price-chart] canvas')

    await page.getByRole('tab', { name: 'CRYPTO' }).click()
    await page.getByRole('tabpanel').locator('[data-testid=select-BTC_USD]').click()
    await page.assertText('[data-testid=chart-instrument]', 'BTC_USD')
    await page.assertExists('[data-testid=price-chart] canvas')
  })
})
