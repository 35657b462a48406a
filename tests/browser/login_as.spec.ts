import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import type { Page } from 'playwright'
import PricingPlan from '#models/pricing_plan'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage, trackRequests } from '#tests/helpers/browser'
import { customerOf } from '#tests/helpers/login_as'
import { DEMO, demoUser } from '#tests/helpers/users'

/** The edit customer page comes from another part of issue 14: its test runs once that page is registered. */
function routeExists(pattern: string) {
  return Object.values(router.toJSON())
    .flat()
    .some((route) => route.pattern === pattern)
}

/** On the customer side of a login-as session: the banner, then Back To Admin back to /admin as the admin. */
async function bannerThenBackToAdmin(page: Page, customerName: string, adminName: string) {
  await page.waitForURL('**/dashboard')
  const banner = page.locator('[data-testid=impersonation-banner]')
  await banner.waitFor()
  await banner
    .getByText(`You are viewing the account of ${customerName} as ${adminName}.`)
    .waitFor()
  await page.locator('[data-testid=back-to-admin]').click()
  await page.waitForURL('**/admin')
  await page.locator('[data-testid=dashboard]').waitFor()
  await page.locator('[data-testid=impersonation-banner]').waitFor({ state: 'detached' })
}

/** A customer with a plan (a customer without one first meets the mandatory plan dialog). */
async function viewedCustomer(admin: { id: number; roleId: number }) {
  const basic = await PricingPlan.findByOrFail('name', 'Basic')
  return customerOf(admin, { fullName: 'Vera Viewed', pricingTableId: basic.id })
}

test.group('Browser: login as a customer', (group) => {
  isolate(group)

  test('from the edit customer page: Login as, the banner, Back To Admin lands on /admin as the admin', async ({
    browser,
    cleanup,
    assert,
  }) => {
    assert.isTrue(routeExists('/admin/customers/login-as/:id'))
    assert.isTrue(routeExists('/admin/customers/edit/:id'))
    const admin = await demoUser(DEMO.admin)
    const customer = await viewedCustomer(admin)
    const page = await signedInPage(browser, DEMO.admin)
    cleanup(() => page.context().close())
    const requests = trackRequests(page)
    await page.goto(`/admin/customers/edit/${customer.id}`)
    await page.locator('[data-testid=customer-login-as]').waitFor()
    await requests.quiet()
    await page.locator('[data-testid=customer-login-as]').click()
    await bannerThenBackToAdmin(page, 'Vera Viewed', admin.fullName)
    assert.isNull(
      await page.evaluate(() => (globalThis as any).localStorage.getItem('backToAdmin'))
    )
  })

  test('the login-as call from a staff page: the markers, the site root as the customer, the banner, Back To Admin', async ({
    browser,
    cleanup,
    assert,
  }) => {
    const admin = await demoUser(DEMO.admin)
    const customer = await viewedCustomer(admin)
    const page = await signedInPage(browser, DEMO.admin)
    cleanup(() => page.context().close())
    const requests = trackRequests(page)
    await page.goto('/admin')
    await page.locator('[data-testid=dashboard]').waitFor()
    // A start-up request answered after the login-as call would set the staff session's old cookie again.
    await requests.quiet()

    // What LoginAsButton does: the POST with the CSRF token, the spec's markers, then the site root.
    const answer: { status: number; body: { redirect: string } } = await page.evaluate(
      async (id) => {
        const token = decodeURIComponent(
          (globalThis as any).document.cookie.match(/XSRF-TOKEN=([^;]+)/)![1]
        )
        const response = await fetch(`/admin/customers/login-as/${id}`, {
          method: 'POST',
          headers: { 'Accept': 'application/json', 'X-XSRF-TOKEN': token },
        })
        const body = (await response.json()) as { redirect: string }
        const storage = (globalThis as any).localStorage
        storage.setItem('backToAdmin', 'enabled')
        return { status: response.status, body }
      },
      customer.id
    )
    assert.equal(answer.status, 200)
    assert.equal(answer.body.redirect, '/')
    await page.goto(answer.body.redirect)

    await bannerThenBackToAdmin(page, 'Vera Viewed', admin.fullName)
    assert.isNull(
      await page.evaluate(() => (globalThis as any).localStorage.getItem('backToAdmin'))
    )
  })
})
