import { test } from '@japa/runner'
import RestrictedCountry from '#models/restricted_country'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage } from '#tests/helpers/browser'
import { DEMO } from '#tests/helpers/users'

test.group('Browser: Restricted Countries (a list added from its declaration)', (group) => {
  isolate(group)

  test('the admin finds it in the menu, adds a country with a note, edits the note and removes it', async ({
    browser,
    cleanup,
    assert,
  }) => {
    const page = await signedInPage(browser, DEMO.admin)
    cleanup(() => page.context().close())
    await page.goto('/admin/restricted-countries')
    await page.locator('main h1', { hasText: 'Restricted Countries' }).waitFor()
    // The menu names it under KYC (from its screen's declaration).
    assert.isAbove(await page.locator('a[href="/admin/restricted-countries"]').count(), 0)
    const table = page.locator('[data-testid=restricted-countries]')
    await table.getByText('No data found').waitFor()

    await page.locator('[data-testid=restricted-country-add]').click()
    const form = page.locator('[data-testid=restricted-country-form]')
    await page.locator('[data-testid=restricted-country-submit]').click()
    await form.getByText('Country is required').waitFor()
    // The long list is chosen from by typing on the closed select (its type-ahead).
    await form.locator('button[data-slot=trigger]').first().focus()
    await page.keyboard.type('Cuba', { delay: 30 })
    await form.locator('button[data-slot=trigger]', { hasText: 'Cuba' }).waitFor()
    await form.locator('input[name=note]').fill('Sanctions')
    await page.locator('[data-testid=restricted-country-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'Restricted country added successfully' })
      .first()
      .waitFor()
    const row = table.locator('tbody tr', { hasText: 'Cuba' })
    await row.getByText('Sanctions').waitFor()
    const cuba = await RestrictedCountry.findByOrFail('country', 'Cuba')

    await page.locator(`[data-testid=restricted-country-edit-${cuba.id}]`).click()
    assert.equal(await form.locator('input[name=note]').inputValue(), 'Sanctions')
    await form.locator('input[name=note]').fill('')
    await page.locator('[data-testid=restricted-country-submit]').click()
    await page
      .locator('[data-toast]', { hasText: 'Restricted country updated successfully' })
      .first()
      .waitFor()
    await row.getByText('-', { exact: true }).waitFor()
    await cuba.refresh()
    assert.isNull(cuba.note)

    await page.locator(`[data-testid=restricted-country-delete-${cuba.id}]`).click()
    await page
      .locator('[data-testid=restricted-country-delete-dialog]')
      .getByText('Are you sure to remove this country from the list?')
      .waitFor()
    await page.locator('[data-testid=restricted-country-delete-dialog-confirm]').click()
    await table.getByText('No data found').waitFor()
    assert.isNull(await RestrictedCountry.find(cuba.id))
  })
})
