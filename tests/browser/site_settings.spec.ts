import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm, signedInPage } from '#tests/helpers/browser'
import { SAMPLE_PNG } from '#tests/helpers/kyc'
import { forgetPublicFile, removePublicFilesAfterEach } from '#tests/helpers/public_files'
import { stored } from '#tests/helpers/site_settings'
import { DEMO } from '#tests/helpers/users'

test.group('Browser: site settings', (group) => {
  isolate(group)
  removePublicFilesAfterEach(group)

  test('a branding change (name, logo, theme) is seen by a signed-in customer on their next page, without a restart', async ({
    browser,
    visit,
    assert,
    cleanup,
  }) => {
    // The staff member signs in first (this also warms the page bundle).
    const admin = await visit('/')
    await loginThroughForm(admin, DEMO.admin)

    // The customer is signed in and looking at the dashboard in a browser of their own.
    const customer = await signedInPage(browser, DEMO.customer)
    cleanup(async () => {
      await customer.context().close()
    })
    const topLogo = customer.locator('a[href="/"] img').first()
    await topLogo.waitFor()
    assert.equal(await topLogo.getAttribute('alt'), 'Broker')
    assert.equal(await topLogo.getAttribute('src'), '/logo.svg')
    assert.include(await customer.locator('html').getAttribute('class'), 'dark')

    // The admin renames the app, uploads a logo and switches the dark theme off.
    await admin.goto('/admin/settings')
    const name = admin.locator('input[name=appName]')
    await name.fill('')
    await name.blur()
    await admin.getByText('required', { exact: true }).first().waitFor()
    await name.fill('Orion Markets')
    await admin.locator('input[name=appLogo]').setInputFiles({
      name: 'orion.png',
      mimeType: 'image/png',
      buffer: SAMPLE_PNG,
    })
    await admin.locator('[data-testid=switch-theme]').click()
    await admin.locator('[data-testid=site-settings-form-submit]').click()
    await admin
      .locator('[data-toast]', { hasText: 'Settings updated successfully' })
      .first()
      .waitFor()
    const key = (await stored('appLogo'))!
    forgetPublicFile(key)
    // The admin's own page shows the stored logo once it re-reads its props.
    await admin.locator('[data-testid=setting-current-appLogo]').waitFor()

    // The customer's next page (an Inertia visit, no reload of the app) carries the new branding.
    // (The navbar's right-hand list overlaps the logo at this window size: the click is dispatched to the link.)
    await customer.locator('a[href="/"]').first().dispatchEvent('click')
    await customer.waitForURL('**/dashboard')
    await customer.locator(`a[href="/"] img[src="/uploads/${key}"]`).first().waitFor()
    assert.equal(await topLogo.getAttribute('alt'), 'Orion Markets')
    await customer.locator('html.light').waitFor({ state: 'attached' })
    assert.notInclude(await customer.locator('html').getAttribute('class'), 'dark')
    // The icon link follows too, and the logo file itself loads.
    await customer
      .locator(`link[rel=icon][href="/favicon.svg"]`)
      .first()
      .waitFor({ state: 'attached' })
    const logo = await customer.request.get(`/uploads/${key}`)
    assert.equal(logo.status(), 200)
    assert.equal(logo.headers()['content-type'], 'image/png')
  }).timeout(180_000)
})
