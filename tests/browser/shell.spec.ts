import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openPosition } from '#tests/helpers/positions'
import settings from '#services/settings_service'
import User from '#models/user'
import { notifyUser } from '#services/notification_service'
import priceBook from '#services/market/price_book'
import { startSimulator } from '#services/market/simulator'
import { startPriceFanout } from '#services/market/price_fanout'

test.group('Browser: the signed-in shell', (group) => {
  isolate(group)

  test('switching wallet reloads the page with the other wallet figures', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.assertText('[data-testid=figure-balance]', '$25,000.00')
    await page.assertTextContains('[data-testid=wallet-switcher]', 'Real')

    await page.locator('[data-testid=wallet-switcher]').click()
    await page.getByRole('menuitemradio', { name: /USD — \$10,000\.00/ }).click()
    await page.waitForLoadState('networkidle')
    await page.assertTextContains('[data-testid=wallet-switcher]', 'Demo')
    await page.assertText('[data-testid=figure-balance]', '$10,000.00')

    await page.reload()
    await page.assertTextContains('[data-testid=wallet-switcher]', 'Demo')
  })

  test('theme and language choices persist across reloads', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.assertExists('html.dark')

    await page.locator('[data-testid=theme-switch]').click()
    await page.assertExists('html.light')
    await page.reload()
    await page.assertExists('html.light')
    await page.assertNotExists('html.dark')

    await page.waitForLoadState('networkidle')
    await page.locator('[data-testid=language-picker]').click()
    await page.getByRole('option', { name: 'Español' }).click({ timeout: 10000 })
    await page.assertTextContains('footer', 'Todos los derechos reservados.')
    await page.reload()
    await page.assertTextContains('footer', 'Todos los derechos reservados.')
    await page.assertTextContains('[data-testid=account-figures]', 'Saldo')
  })

  test('a staff member reaches their area from the footer role button', async ({ visit, assert }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'manager@demo.test')
    await page.assertText('[data-testid=role-button]', 'Manager')
    await page.locator('[data-testid=role-button]').click()
    await page.waitForURL('**/admin/trades/all')
    await page.assertTextContains('main h1', 'All Trades')
    // The menu mirrors the server's role rules: transactions and trades, no site settings.
    await page.assertTextContains('[data-testid=staff-menu]', 'Transactions')
    await page.assertExists('[data-testid=staff-menu] a[href="/admin/trades/all"]')
    const menu = await page.locator('[data-testid=staff-menu]').innerText()
    assert.notInclude(menu, 'Site Management')
    assert.notInclude(menu, 'Server Management')
  })
})

test.group('Browser: real-time notifications', (group) => {
  isolate(group)

  test('a notification created on the server toasts live and joins the list', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    const user = await User.findByOrFail('email', 'customer@demo.test')
    // The page subscribes to its private channel once it has loaded.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(500)

    await notifyUser(user.id, { title: 'Deposit approved', description: 'Your deposit of $500.00 is credited.' })

    await page.assertTextContains('[data-toast]', 'Deposit approved')
    await page.locator('[data-testid=notifications-button]').click()
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
          (globalThis as any).document.querySelector('[data-testid=bid-BTC_USD]')?.textContent !== before,
        first,
        { timeout: 5000 }
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

    // Falling prices: a long position loses.
    const stopSimulator = await startSimulator({ random: () => 0.01 })
    const stopFanout = startPriceFanout()
    try {
      await page.waitForFunction(
        (text) => (globalThis as any).document.querySelector('[data-testid=figure-profitLoss]')?.textContent !== text,
        before,
        { timeout: 5000 }
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

test.group('Browser: account navigation', (group) => {
  isolate(group)

  test('the top bar account menu lists the account pages and hides My Plan when plans are off', async ({ visit, assert }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.locator('[data-testid=account-menu]').click()
    const items = await page.getByRole('menuitem').allInnerTexts()
    assert.includeMembers(items, ['Dashboard', 'Deposits', 'Withdraws', 'Personal Information', 'KYC', 'Security', 'Statements', 'My Plan'])
    await page.getByRole('menuitem', { name: 'Security' }).click()
    await page.waitForURL('**/security')
    await page.assertExists('[data-testid=account-sidebar] a[href="/pricing"]')

    await settings.put('pricingPlan', { value1: 'off' })
    await page.reload()
    await page.assertNotExists('[data-testid=account-sidebar] a[href="/pricing"]')
  })
})
