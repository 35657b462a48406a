import { test } from '@japa/runner'
import Balance from '#models/balance'
import { isolate } from '#tests/helpers/isolation'
import { openMenuAt, signedInPage } from '#tests/helpers/browser'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'
import User from '#models/user'
import { freshRecoveryCode } from '#tests/helpers/two_factor'
import { money } from '#domain/money'

test.group('Browser: customers list and the edit customer page', (group) => {
  isolate(group)

  test('the admin opens a customer from the list, adds 100 to a balance and sees the card change', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const wallet = await Balance.findOrFail(customer.activeBalanceId!)
    const admin = await signedInPage(browser, DEMO.admin)
    cleanup(() => admin.context().close())

    // Searched for: earlier tests add customers, and the list shows the newest first.
    await admin.goto(`/admin/customers/all?search=${encodeURIComponent(DEMO.customer)}`)
    await admin.locator('main h1', { hasText: 'All Customers' }).waitFor()
    await admin.locator('[data-testid=customers]').getByText(DEMO.customer).waitFor()
    // The dot is shown; which colour depends on whether an earlier test's customer page is recent
    // (presence itself: tests/functional/tracking/).
    assert.include(
      ['yes', 'no'],
      (await admin
        .locator(`[data-testid=customer-online-${customer.id}]`)
        .getAttribute('data-online')) ?? ''
    )
    await admin.locator(`[data-testid=customer-edit-${customer.id}]`).click()
    await admin.waitForURL(`**/admin/customers/edit/${customer.id}`)
    await admin.locator('main h1', { hasText: 'Edit Customer' }).waitFor()
    // The five tabs sit on one row on a desktop (the walk found them stacked, one per row).
    const tabTops = await admin
      .locator('[data-testid=customer-tabs] [role=tab]')
      .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)))
    assert.lengthOf(tabTops, 5)
    assert.lengthOf(new Set(tabTops), 1, `the customer tabs share one row: ${tabTops}`)

    const card = admin.locator(`[data-testid=customer-balance-card-${wallet.id}]`)
    await card.waitFor()
    const before = money(wallet.balance)
    assert.equal(await card.textContent(), `$${formatThousands(before)}`)
    await admin.locator(`[data-testid=customer-balance-add-${wallet.id}]`).click()
    const form = admin.locator(`[data-testid=balance-adjust-${wallet.id}]`)
    await form.waitFor()
    await admin.locator(`[data-testid=balance-adjust-${wallet.id}-amount]`).fill('100')
    await admin.locator(`[data-testid=balance-adjust-${wallet.id}-submit]`).click()
    await admin
      .locator('[data-toast]', { hasText: 'Balance updated successfully' })
      .first()
      .waitFor()
    const after = `$${formatThousands(before.plus(100))}`
    await admin.waitForFunction(
      ([selector, text]) =>
        (globalThis as any).document.querySelector(selector)?.textContent === text,
      [`[data-testid=customer-balance-card-${wallet.id}]`, after] as const
    )
    assert.equal(
      money((await Balance.findOrFail(wallet.id)).balance).toFixed(2),
      before.plus(100).toFixed(2)
    )

    // The tabs: the customer's trades, deposits and withdraws, and the tracking list.
    for (const tab of ['trades', 'deposits', 'withdraws', 'tracking']) {
      await admin.locator(`[data-testid=customer-tab-${tab}]`).click()
    }
    await admin.locator('[data-testid=customer-tab-profile]').click()
    await admin.locator('[data-testid=customer-submit]').waitFor()
  })

  test('a retention agent sees the customer obscured, without Submit or balance buttons', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const retention = await demoUser(DEMO.retention)
    const { default: Lead } = await import('#models/lead')
    await Lead.create({
      email: customer.email,
      userId: customer.id,
      group: 'retentions',
      source: 'manual',
      retAgentId: retention.id,
    })
    const page = await signedInPage(browser, DEMO.retention)
    cleanup(() => page.context().close())
    await page.goto(`/admin/customers/edit/${customer.id}`)
    await page.locator('[data-testid=customer-email-masked]').waitFor()
    assert.equal(
      await page.locator('[data-testid=customer-email]').textContent(),
      'cu****er@demo.test'
    )
    assert.equal(await page.locator('[data-testid=customer-submit]').count(), 0)
    assert.equal(await page.locator('[data-testid^=customer-balance-add-]').count(), 0)
    assert.equal(await page.locator('[data-testid^=customer-balance-card-]').count(), 2)
  })

  test("Profile in the user menu opens the staff member's own page; a new e-mail needs the password and a code", async ({
    browser,
    cleanup,
    assert,
  }) => {
    const manager = await demoUser(DEMO.manager)
    const page = await signedInPage(browser, DEMO.manager)
    cleanup(() => page.context().close())
    await page.goto('/admin/customers/all')
    await (
      await openMenuAt(page, '[data-testid=staff-user-menu]', { role: 'menuitem', name: 'Profile' })
    ).click()
    await page.waitForURL(`**/admin/customers/edit/${manager.id}`)
    await page.locator('[data-testid=customer-name]', { hasText: manager.fullName }).waitFor()
    await page.locator('[data-testid=customer-submit]').waitFor()
    // A new e-mail needs the current password and a code (issue 21 item 6).
    await page.locator('input[name=email]').fill('manager.renamed@demo.test')
    await page.locator('[data-testid=customer-submit]').click()
    await page
      .locator('text=Enter your current password to change your password or email')
      .first()
      .waitFor()
    await page.locator('input[name=currentPassword]').fill(DEMO_PASSWORD)
    await page.locator('input[name=twoFactorCode]').fill(await freshRecoveryCode(manager))
    await page.locator('[data-testid=customer-submit]').click()
    await page.locator('[data-toast]', { hasText: 'User updated successfully' }).waitFor()
    assert.equal((await User.findOrFail(manager.id)).email, 'manager.renamed@demo.test')
  })
})

/** 25000.00 → 25,000.00 (the card's currency format). */
function formatThousands(value: ReturnType<typeof money>) {
  const [whole, cents] = value.toFixed(2).split('.')
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`
}
