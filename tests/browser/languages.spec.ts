import { test } from '@japa/runner'
import type { Browser, BrowserContext, Page } from 'playwright'
import Language from '#models/language'
import Translation from '#models/translation'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'

/** Contexts this test opened: closed at the end, or their live streams keep the test server from stopping. */
const opened: BrowserContext[] = []

async function signedIn(browser: Browser, email: string, lang?: string) {
  const context = await browser.newContext({
    baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
    viewport: { width: 1440, height: 900 },
  })
  opened.push(context)
  if (lang)
    await context.addInitScript(
      (code) => (globalThis as any).localStorage.setItem('lang', code),
      lang
    )
  const page = await context.newPage()
  // The first page of a run may wait for the dev server to build the front end (slow on a busy machine).
  await page.goto('/', { timeout: 90_000 })
  if (lang) {
    await page.locator('input[name=email]').fill(email)
    await page.locator('input[name=password]').fill(DEMO_PASSWORD)
    await page.locator('input[name=password]').press('Enter')
    await page.waitForURL('**/dashboard')
  } else {
    await loginThroughForm(page, email)
  }
  return page
}

async function translationsReady(page: Page) {
  await page.waitForFunction(
    () => (globalThis as any).document.documentElement.dataset.translations === 'ready'
  )
}

test.group('Browser: languages and translations', (group) => {
  isolate(group)
  group.each.teardown(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()))
  })

  test('a translation edit reaches a signed-in customer live, without a reload or a restart', async ({
    browser,
    assert,
  }) => {
    const customer = await signedIn(browser, DEMO.customer, 'es')
    await translationsReady(customer)
    const figures = customer.locator('[data-testid=account-figures]')
    await figures.getByText('Patrimonio', { exact: true }).waitFor()
    // Marks this page load: a reload would lose it.
    await customer.evaluate(() => ((globalThis as any).sameLoad = true))

    const admin = await signedIn(browser, DEMO.admin)
    const equity = await Translation.query()
      .where('code', 'es')
      .where('key', 'Equity')
      .firstOrFail()
    await admin.goto('/admin/languages/es')
    await admin.locator('h1', { hasText: 'es' }).waitFor()
    await admin.locator('[data-testid=translations-search]').fill('Equity')
    await admin.locator(`[data-testid=translation-edit-${equity.id}]`).click()
    const form = admin.locator('[data-testid=translation-form]')
    await form.locator('input[name=value]').fill('Capital propio')
    await admin.locator('[data-testid=translation-submit]').click()
    await admin.locator('[data-toast]', { hasText: 'Translation updated successfully' }).waitFor()

    // The customer's open page re-reads its dictionary on the live frame.
    await figures.getByText('Capital propio', { exact: true }).waitFor({ timeout: 10_000 })
    assert.isTrue(await customer.evaluate(() => (globalThis as any).sameLoad === true))
    assert.equal(await figures.getByText('Patrimonio', { exact: true }).count(), 0)
    // And any page loaded later reads the new text too.
    await customer.reload()
    await translationsReady(customer)
    await figures.getByText('Capital propio', { exact: true }).waitFor()
  }).timeout(90_000)

  test('a key a visitor reported shows first as untranslated, and staff fill it', async ({
    browser,
    assert,
  }) => {
    const reported = await Translation.create({ code: 'es', key: 'A reported key', value: null })
    const admin = await signedIn(browser, DEMO.admin)
    await admin.goto('/admin/languages/es')
    const firstRow = admin.locator('[data-testid=translations] tbody tr').first()
    await firstRow.getByText('A reported key').waitFor()
    await firstRow.locator(`[data-testid=untranslated-${reported.id}]`).waitFor()

    await admin.locator(`[data-testid=translation-edit-${reported.id}]`).click()
    // Value is required: the message shows under the field.
    await admin.locator('[data-testid=translation-submit]').click()
    await admin.locator('[data-testid=translation-form]').getByText('Value is required').waitFor()
    await admin.locator('[data-testid=translation-form] input[name=value]').fill('Una clave')
    await admin.locator('[data-testid=translation-submit]').click()
    await admin.locator('[data-toast]', { hasText: 'Translation updated successfully' }).waitFor()
    await admin.locator(`[data-testid=untranslated-${reported.id}]`).waitFor({ state: 'detached' })
    await reported.refresh()
    assert.equal(reported.value, 'Una clave')
  }).timeout(90_000)

  test('the status filter shows only the keys waiting for a text; English says why it has no add', async ({
    browser,
    assert,
  }) => {
    const reported = await Translation.create({ code: 'es', key: 'A key to fill', value: null })
    const admin = await signedIn(browser, DEMO.admin)
    await admin.goto('/admin/languages/es')
    const rows = admin.locator('[data-testid=translations] tbody tr')
    await rows.first().locator(`[data-testid=untranslated-${reported.id}]`).waitFor()
    await admin.locator('[data-testid=translations-filter-status]').click()
    await admin.getByRole('option', { name: 'Untranslated', exact: true }).click()
    await admin.waitForURL(/status=untranslated/)
    await admin.waitForFunction(
      () =>
        (globalThis as any).document.querySelectorAll('[data-testid=translations] tbody tr')
          .length === 1
    )
    assert.include(await rows.first().innerText(), 'A key to fill')
    assert.isTrue(await admin.locator('[data-testid=translation-add]').isVisible())

    await admin.goto('/admin/languages/en')
    await admin
      .getByText('English is the language of the keys: its texts need no translation.')
      .waitFor()
    assert.equal(await admin.locator('[data-testid=translation-add]').count(), 0)
  }).timeout(90_000)

  test('the list: a language added and saved; removing one with translations asks first', async ({
    browser,
    assert,
  }) => {
    const admin = await signedIn(browser, DEMO.admin)
    await admin.goto('/admin/languages')
    // English has no remove button.
    await admin.locator('[data-testid=language-entry-0]').waitFor()
    assert.equal(await admin.locator('[data-testid=language-remove-0]').count(), 0)

    await admin.locator('[data-testid=language-add]').click()
    await admin.locator('[data-testid=language-name-2]').fill('Deutsch')
    await admin.locator('[data-testid=language-code-2]').fill('de')
    await admin.locator('[data-testid=languages-submit]').click()
    await admin.locator('[data-toast]', { hasText: 'Languages updated successfully' }).waitFor()
    assert.isOk(await Language.findBy('code', 'de'))

    // Removing Spanish: the server counts its rows, the page asks; cancelled, nothing changes.
    const rows = await Translation.query().where('code', 'es').count('* as n')
    await admin.locator('[data-testid=language-remove-1]').click()
    await admin.locator('[data-testid=languages-submit]').click()
    const dialog = admin.locator('[role=dialog]')
    await dialog
      .getByText(`Removing Español (es) will delete ${rows[0].$extras.n} translations`)
      .waitFor()
    await admin.locator('[data-testid=languages-confirm-cancel]').click()
    assert.isOk(await Language.findBy('code', 'es'))

    // Confirmed, the language and its rows go.
    await admin.locator('[data-testid=languages-submit]').click()
    await admin.locator('[data-testid=languages-confirm-confirm]').click()
    await admin
      .locator('[data-toast]', { hasText: 'Languages updated successfully' })
      .last()
      .waitFor()
    // The dialog closes once the confirmed save has answered.
    await admin.locator('[data-testid=languages-confirm-confirm]').waitFor({ state: 'detached' })
    assert.isNull(await Language.findBy('code', 'es'))
    assert.isNull(await Translation.query().where('code', 'es').first())

    // The edit button leads to the language's translations, under the Languages link.
    await admin.locator('[data-testid=language-edit-1]').click()
    await admin.waitForURL('**/admin/languages/de')
    await admin.locator('h1', { hasText: 'de' }).waitFor()
  }).timeout(90_000)
})
