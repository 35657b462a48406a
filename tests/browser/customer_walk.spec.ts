/*
| Findings of the customer walk (issue 21 item 8): the order dialog's
| estimate and messages, number fields that took letters, the chart after a
| window resize.
*/
import { test } from '@japa/runner'
import type { Browser, BrowserContext, Page } from 'playwright'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openMarkets, quote, withPriceFanout } from '#tests/helpers/market'
import { DEMO } from '#tests/helpers/users'

const opened: BrowserContext[] = []

async function customerPage(browser: Browser, lang: 'en' | 'es' = 'en'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
    viewport: { width: 1440, height: 900 },
  })
  opened.push(context)
  if (lang === 'es') {
    await context.addInitScript(() => (globalThis as any).localStorage.setItem('lang', 'es'))
  }
  const page = await context.newPage()
  // The first page of a run waits for the dev server to prepare the bundles.
  await page.goto('/', { timeout: 90_000 })
  await loginThroughForm(page, DEMO.customer)
  return page
}

async function openBuyDialog(page: Page) {
  await page.locator('[data-testid=instrument-search]').fill('eur usd')
  await page.locator('[data-testid=search-results] [data-testid=buy-EUR_USD]').click()
  const dialog = page.locator('[role=dialog]')
  await dialog.locator('[data-testid=order-price]').waitFor()
  return dialog
}

test.group('Browser: customer walk findings (issue 21 item 8)', (group) => {
  isolate(group)
  openMarkets(group)
  withPriceFanout(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()))
  })

  test('an invalid take-profit drives no estimate and says why in Spanish; letters never enter the fields', async ({
    browser,
    assert,
  }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await customerPage(browser, 'es')
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/translations/es'))
        posted.push(request.postData() ?? '')
    })
    const dialog = await openBuyDialog(page)

    await dialog.locator('[data-testid=order-profit-switch]').click()
    const profit = dialog.locator('input[data-testid=order-profit]')
    // Below the ask: a buy's take-profit on the wrong side (customer spec §5).
    // The rate field keeps only what can be a number.
    await profit.pressSequentially('1.0abc8')
    assert.equal(await profit.inputValue(), '1.08')
    await dialog
      .getByText('El take profit debe ser igual o superior al precio de compra', { exact: false })
      .waitFor()
    assert.equal(await dialog.getByText('Take profit must', { exact: false }).count(), 0)
    assert.equal(await dialog.getByText('G/P estimada', { exact: false }).count(), 0)

    // A valid one is estimated.
    await profit.fill('1.09662')
    await dialog.getByText('G/P estimada', { exact: false }).waitFor()

    // No blank key was ever reported as a missing translation.
    await page.waitForLoadState('networkidle')
    for (const body of posted) assert.notMatch(body, /"key":"\s*"/)
  }).timeout(90_000)

  test('the deposit amount refuses letters', async ({ browser, assert }) => {
    const page = await customerPage(browser)
    await page.goto('/deposits')
    await page.locator('[data-testid=gateway-bank]').click()
    const amount = page.locator('input[name=amount]')
    await amount.waitFor()
    await amount.pressSequentially('5e0x.5')
    assert.equal(await amount.inputValue(), '50.5')
  }).timeout(60_000)

  test('the chart follows the window when it is resized', async ({ browser, assert }) => {
    quote('EUR_USD', '1.08650', '1.08662')
    const page = await customerPage(browser)
    const chart = page.locator('[data-testid=price-chart]')
    await chart.locator('canvas').first().waitFor()

    const widths = async () =>
      chart.evaluate((el: any) => {
        // The library's own box: its panes and price scale, drawn at the size it was given.
        const drawing = el.querySelector('.tv-lightweight-charts') ?? el.firstElementChild
        const card = el.parentElement.getBoundingClientRect()
        return {
          chart: Math.round(el.getBoundingClientRect().width),
          canvas: Math.round(drawing.getBoundingClientRect().width),
          card: Math.round(card.width),
          page: (globalThis as any).document.documentElement.scrollWidth,
          viewport: (globalThis as any).innerWidth,
        }
      })
    const settle = async (width: number) => {
      await page.setViewportSize({ width, height: 900 })
      await page.waitForFunction((w) => (globalThis as any).innerWidth === w, width)
      await page.waitForTimeout(300)
      return widths()
    }

    const wide = await widths()
    const narrow = await settle(1100)
    const back = await settle(1440)
    const tablet = await settle(800)

    for (const [name, w] of Object.entries({ wide, narrow, back, tablet })) {
      // The drawing fills its box and its box stays inside the card and the window.
      assert.approximately(w.canvas, w.chart, 2, `${name}: ${JSON.stringify(w)}`)
      assert.isAtMost(w.chart, w.card, `${name}: ${JSON.stringify(w)}`)
      assert.isAtMost(w.page, w.viewport, `${name}: ${JSON.stringify(w)}`)
    }
    assert.isBelow(narrow.canvas, wide.canvas)
    assert.approximately(back.canvas, wide.canvas, 2)

    // The full-height chart page (customer spec §2 Price chart page): smaller and larger windows.
    await page.goto('/dashboard/chart/EUR_USD')
    await chart.locator('canvas').first().waitFor()
    const boxes = async (width: number, height: number) => {
      await page.setViewportSize({ width, height })
      await page.waitForFunction(
        ([w, h]) => (globalThis as any).innerWidth === w && (globalThis as any).innerHeight === h,
        [width, height]
      )
      await page.waitForTimeout(300)
      return chart.evaluate((el: any) => {
        const drawing = (
          el.querySelector('.tv-lightweight-charts') ?? el.firstElementChild
        ).getBoundingClientRect()
        const box = el.getBoundingClientRect()
        return {
          box: { width: Math.round(box.width), bottom: Math.round(box.bottom) },
          drawing: { width: Math.round(drawing.width), bottom: Math.round(drawing.bottom) },
          viewport: {
            width: (globalThis as any).innerWidth,
            height: (globalThis as any).innerHeight,
          },
        }
      })
    }
    for (const [width, height] of [
      [1440, 900],
      [700, 500],
      [390, 700],
      [1200, 1000],
    ]) {
      const b = await boxes(width, height)
      const where = JSON.stringify(b)
      assert.approximately(b.drawing.width, b.viewport.width, 2, where)
      assert.approximately(b.drawing.bottom, b.viewport.height, 2, where)
      assert.approximately(b.box.bottom, b.viewport.height, 2, where)
    }
  }).timeout(90_000)
})
