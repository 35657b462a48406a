import { test } from '@japa/runner'
import type { Browser, BrowserContext } from 'playwright'
import { DateTime } from 'luxon'
import Profile from '#models/profile'
import settings from '#services/settings_service'
import heartbeatStore from '#services/market/heartbeat_store'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { openPosition } from '#tests/helpers/positions'
import { DEMO } from '#tests/helpers/users'

/** Contexts this file opened: closed at the end, or their live streams keep the test server busy. */
const opened: BrowserContext[] = []

async function adminPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
    viewport: { width: 1440, height: 900 },
  })
  opened.push(context)
  const page = await context.newPage()
  // The first page of a run may wait for the dev server to build the front end.
  await page.goto('/', { timeout: 90_000 })
  await loginThroughForm(page, DEMO.admin)
  return page
}

/** What the audit found on the staff side (issue 21 item 8), each checked where staff see it. */
test.group('Browser: staff-side fixes of issue 21 item 8', (group) => {
  isolate(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()))
    heartbeatStore.forget()
  })

  test('customers: birth date DD/MM/YYYY, no whitelist in Add User, Trades tab dates and money, balance amount 0', async ({
    browser,
    assert,
  }) => {
    const customer = await UserFactory.merge({ email: 'birthday@shellfixes.test' }).create()
    await Profile.query()
      .where('user_id', customer.id)
      .update({ birth_date: DateTime.fromISO('1985-06-30').toSQLDate() })
    await customer.refresh()
    const order = await openPosition(customer, {
      instrument: 'EUR_USD',
      type: 'buy',
      amount: '1000',
    })
    const page = await adminPage(browser)

    await page.goto('/admin/customers/all?search=shellfixes')
    await page.locator('[data-testid=customers] tbody tr', { hasText: '30/06/1985' }).waitFor()

    await page.locator('[data-testid=customer-add]').click()
    const modal = page.locator('[data-testid=customer-modal]')
    await modal.locator('input[name=email]').waitFor()
    assert.equal(await modal.locator('input[name=whitelist]').count(), 0)
    await page.keyboard.press('Escape')
    await modal.waitFor({ state: 'detached' })

    await page.goto(`/admin/customers/edit/${customer.id}`)
    await page.locator('[data-testid=customer-tab-trades]').click()
    const row = page.locator(`[data-testid=customer-trades] tr[data-key="${order.id}"]`)
    await row.waitFor()
    const cells = await row.locator('td').allTextContents()
    assert.isTrue(
      cells.some((c) => /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/.test(c.trim())),
      `a DD/MM/YYYY h:mm A date among ${JSON.stringify(cells)}`
    )
    // Margin used and profit/loss read alike: the symbol and 2 decimals.
    assert.isAtLeast(cells.filter((c) => /^-?\$[\d,]+\.\d{2}$/.test(c.trim())).length, 2)

    const wallet = customer.activeBalanceId!
    await page.locator(`[data-testid=customer-balance-add-${wallet}]`).click()
    const amount = page.locator(`[data-testid=balance-adjust-${wallet}-amount]`)
    await amount.waitFor()
    assert.equal(await amount.inputValue(), '0')
  }).timeout(180_000)

  test('staff shell language picker; CSV modal columns; API Disconnect; dashboard warns of a failing key', async ({
    browser,
    assert,
  }) => {
    await settings.put('voiso', { value1: 'cluster-shell', value2: 'VOISO-shell-secret' })
    const page = await adminPage(browser)

    // The dashboard warns of a saved key that cannot connect.
    heartbeatStore.remember({
      type: 'heartbeat',
      feeds: {
        polygonForex: { success: false, message: 'Unauthorized' },
        polygonCrypto: { success: false, message: 'Simulated market (no API key)' },
        eodStock: { success: false, message: 'Simulated market (no API key)' },
        oandaRest: { success: false, message: 'Not configured' },
      },
    })
    await page.goto('/admin')
    await page.locator('[data-testid=dashboard-feed-warning-polygonForex]').waitFor()
    assert.equal(await page.locator('[data-testid^=dashboard-feed-warning-]').count(), 1)

    // The CSV modal says which columns are required.
    await page.goto('/admin/crm/sales/all')
    await page.locator('[data-testid=leads-upload]').click()
    const columns = page.locator('[data-testid=lead-upload-columns]')
    await columns.waitFor()
    const text = (await columns.textContent()) ?? ''
    assert.include(text, 'email, phone')
    assert.include(text, 'leadSourceId')
    await page.keyboard.press('Escape')

    // Disconnect erases the Voiso card.
    await page.goto('/admin/apis')
    // OANDA holds only its default mode: nothing to disconnect, so no button (the walk, docs/WALKS.md).
    await page.locator('[data-testid=api-disconnect-voiso]').waitFor()
    assert.equal(await page.locator('[data-testid=api-disconnect-oandaAPI]').count(), 0)
    await page.locator('[data-testid=api-disconnect-voiso]').click()
    await page.locator('[data-testid=api-disconnect-confirm-voiso-confirm]').click()
    await page.locator('[data-toast]', { hasText: 'voiso disconnected' }).first().waitFor()
    await page.locator('[data-testid=api-disconnect-voiso]').waitFor({ state: 'detached' })
    settings.forget()
    assert.isNull((await settings.rows()).voiso ?? null)

    // The staff shell has the language picker: Spanish turns the menu Spanish.
    await page.locator('[data-testid=language-picker]').selectOption({ label: 'Español' })
    await page.locator('aside[data-testid=staff-menu]', { hasText: 'Panel' }).waitFor()
  }).timeout(180_000)
})
