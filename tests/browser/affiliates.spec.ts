import { test } from '@japa/runner'
import env from '#start/env'
import Lead from '#models/lead'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'

test.group('Browser: affiliate API key and leads', (group) => {
  isolate(group)

  test('an affiliate generates a key, a lead posted with it over HTTP shows on their page, and they delete it', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const affiliate = await demoUser(DEMO.affiliate)
    const page = await signedInPage(browser, DEMO.affiliate)
    cleanup(() => page.context().close())
    await page.goto('/affiliate/api', { timeout: 90_000 })
    const field = page.locator('input[data-testid=api-key]')
    await field.waitFor()
    assert.equal(
      await page.locator('[data-testid=api-key-docs]').getAttribute('href'),
      '/api/v1/openapi.json'
    )
    await page.locator('[data-testid=api-key-generate]').click()
    await page
      .locator('[data-toast]', { hasText: 'API key generated successfully' })
      .first()
      .waitFor()
    // The full key shows once, right after Generate.
    // A function, not a string: a string predicate is re-evaluated with eval, which the CSP refuses.
    await page.waitForFunction(() =>
      /^ak_[A-Za-z0-9_-]{40}$/.test(
        (globalThis as any).document.querySelector('input[data-testid=api-key]')?.value ?? ''
      )
    )
    const key = await field.inputValue()

    // The affiliate's server posts a lead with the key (from the test, over HTTP).
    const email = `browser-api-${Date.now()}@leads.test`
    const response = await fetch(`http://localhost:${env.get('PORT')}/api/v1/leads`, {
      method: 'POST',
      headers: { 'Authorization': `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bruno', lastName: 'Browser', email, reference: 'BR-1' }),
    })
    assert.equal(response.status, 201)
    const lead = await Lead.findByOrFail('email', email)
    assert.equal(lead.affiliateId, affiliate.id)

    await page.goto('/affiliate', { timeout: 90_000 })
    const table = page.locator('[data-testid=affiliate-leads]')
    const row = table.locator('tr', { hasText: email })
    await row.waitFor()
    await row.getByText('BR-1').waitFor()

    // Add New: the desks' add form, attributed to the affiliate on the server.
    await page.locator('[data-testid=leads-add]').click()
    const form = page.locator('[data-testid=lead-form]')
    await form.locator('input[name=firstName]').fill('Fiona')
    await form.locator('input[name=email]').fill(`browser-form-${Date.now()}@leads.test`)
    await page.locator('[data-testid=lead-submit]').click()
    await table.getByText('Fiona').waitFor()
    const added = await Lead.findByOrFail('first_name', 'Fiona')
    assert.equal(added.affiliateId, affiliate.id)

    await page.locator(`[data-testid=affiliate-lead-delete-${lead.id}]`).click()
    const dialog = page.locator('[data-testid=affiliate-lead-delete-dialog]')
    await dialog.getByText('Are you sure to delete this lead?').waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await page.locator('[data-toast]', { hasText: 'Lead deleted successfully' }).first().waitFor()
    await row.waitFor({ state: 'detached' })
    assert.isNull(await Lead.find(lead.id))
  }).timeout(180_000)
})
