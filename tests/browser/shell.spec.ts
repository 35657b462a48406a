import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, openMenuAt } from '#tests/helpers/browser'
import settings from '#services/settings_service'

test.group('Browser: the signed-in shell', (group) => {
  isolate(group)

  test('switching wallet reloads the page with the other wallet figures', async ({ visit }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.assertText('[data-testid=figure-balance]', '$25,000.00')
    await page.assertTextContains('[data-testid=wallet-switcher]', 'Real')

    await (
      await openMenuAt(page, '[data-testid=wallet-switcher]', {
        role: 'menuitemradio',
        name: /USD — \$10,000\.00/,
      })
    ).click()
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
    await page.locator('[data-testid=language-picker]').selectOption({ label: 'Español' })
    await page.assertTextContains('footer', 'Todos los derechos reservados.')
    await page.reload()
    await page.assertTextContains('footer', 'Todos los derechos reservados.')
    await page.assertTextContains('[data-testid=account-figures]', 'Saldo')
  })

  test('a staff member reaches their area from the footer role button', async ({
    visit,
    assert,
  }) => {
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

test.group('Browser: account navigation', (group) => {
  isolate(group)

  test('the top bar account menu lists the account pages and hides My Plan when plans are off', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await openMenuAt(page, '[data-testid=account-menu]', { role: 'menuitem', name: 'Security' })
    const items = await page.getByRole('menuitem').allInnerTexts()
    assert.includeMembers(items, [
      'Dashboard',
      'Deposits',
      'Withdraws',
      'Personal Information',
      'KYC',
      'Security',
      'Statements',
      'My Plan',
    ])
    await page.getByRole('menuitem', { name: 'Security' }).click()
    await page.waitForURL('**/security')
    await page.assertExists('[data-testid=account-sidebar] a[href="/pricing"]')

    await settings.put('pricingPlan', { value1: 'off' })
    await page.reload()
    await page.assertNotExists('[data-testid=account-sidebar] a[href="/pricing"]')
  })

  test('a top bar menu fetched on first use opens on the first press of a key, and the arrows move through it', async ({
    visit,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'customer@demo.test')
    await page.locator('[data-testid=account-menu]').focus()
    await page.keyboard.press('Enter')
    const first = page.getByRole('menuitem', { name: 'Dashboard' })
    await first.waitFor({ timeout: 5_000 })
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const focused = await page.locator(':focus').getAttribute('role')
    if (focused !== 'menuitem') throw new Error(`focus is on ${focused}, not a menu item`)
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'hidden', timeout: 5_000 })
  })

  test('staff are not offered the customer-only money, KYC and statement pages', async ({
    visit,
  }) => {
    const page = await visit('/')
    await loginThroughForm(page, 'manager@demo.test')
    await page.goto('/profile')
    await page.assertExists('[data-testid=account-sidebar] a[href="/security"]')
    for (const href of ['/deposits', '/withdraws', '/kyc', '/statements']) {
      await page.assertNotExists(`[data-testid=account-sidebar] a[href="${href}"]`)
    }
  })
})
