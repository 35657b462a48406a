import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage, trackRequests } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'
import { REFUSED_MONEY_WHILE_IMPERSONATING } from '#domain/impersonation'

test.group('Browser: login as a customer without a plan (issue 21 items 3 and 4)', (group) => {
  isolate(group)

  test('no plan modal traps the staff member: a plan purchase is refused with the reason shown, and Back To Admin works', async ({
    browser,
    cleanup,
    assert,
  }) => {
    const newcomer = await demoUser(DEMO.newcomer)
    assert.isNull(newcomer.pricingTableId)
    const page = await signedInPage(browser, DEMO.admin)
    cleanup(() => page.context().close())
    const requests = trackRequests(page)
    await page.goto(`/admin/customers/edit/${newcomer.id}`)
    await page.locator('[data-testid=customer-login-as]').waitFor()
    await requests.quiet()
    await page.locator('[data-testid=customer-login-as]').click()
    await page.waitForURL('**/dashboard')
    await page.locator('[data-testid=impersonation-banner]').waitFor()
    await page.waitForLoadState('networkidle')
    assert.equal(await page.locator('[data-testid=plan-modal]').count(), 0)

    // Buying the customer a plan is refused, and the page says why.
    await page.goto('/pricing')
    await page
      .locator('[data-testid=pricing-grid] [data-testid^=plan-]', { hasText: 'Silver' })
      .getByRole('button', { name: 'Subscribe' })
      .click()
    await page
      .locator('[data-toast]', { hasText: REFUSED_MONEY_WHILE_IMPERSONATING })
      .first()
      .waitFor()
    assert.isTrue(page.url().endsWith('/pricing'))

    await page.locator('[data-testid=banner-back-to-admin]').click()
    await page.waitForURL('**/admin')
    await page.locator('[data-testid=dashboard]').waitFor()
    await page.locator('[data-testid=impersonation-banner]').waitFor({ state: 'detached' })
    assert.isNull((await demoUser(DEMO.newcomer)).pricingTableId)
  })
})
