import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'
import { appCode, unenrol } from '#tests/helpers/two_factor'

async function submitPassword(page: Page, email: string) {
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function signOut(page: Page) {
  await page.locator('[data-testid=profile-menu]').click()
  await page.locator('[data-testid=logout]').click()
  await page.waitForURL((url) => url.pathname === '/')
}

async function enterCode(page: Page, code: string) {
  await page.waitForURL('**/login/two-factor')
  await page.locator('input[name=code]').fill(code)
  await page.locator('[data-testid=two-factor-submit]').click()
  await page.waitForURL('**/dashboard')
}

test.group('Browser: two-factor login', (group) => {
  isolate(group)

  test('a staff member enrols, then signs in with a code, then with a recovery code', async ({
    visit,
    assert,
  }) => {
    await unenrol(await demoUser(DEMO.manager))
    const page = await visit('/')

    // First login since two-factor login shipped: the enrolment comes before anything else.
    await submitPassword(page, DEMO.manager)
    await page.waitForURL('**/login/two-factor/enrol')
    await page.assertExists('[data-testid=two-factor-qr]')
    const key = (await page.locator('[data-testid=manual-key]').innerText()).replaceAll(' ', '')
    assert.match(key, /^[A-Z2-7]{32}$/)
    await page.locator('input[name=code]').fill(appCode(key))
    await page.locator('[data-testid=two-factor-submit]').click()
    await page.assertExists('[data-testid=recovery-codes]')
    const codes = await page.locator('[data-testid=recovery-codes] li').allInnerTexts()
    assert.lengthOf(codes, 10)
    await page.locator('[data-testid=two-factor-continue]').click()
    await page.waitForURL('**/dashboard')
    await page.locator('[data-testid=role-button]').click()
    await page.waitForURL('**/admin/trades/all')
    await page.goto('/dashboard')
    await signOut(page)

    // The app's code: the next step's (one step of drift is accepted), as the enrolment used this one.
    await submitPassword(page, DEMO.manager)
    await enterCode(page, appCode(key, 1))
    await signOut(page)

    // A recovery code, once.
    await submitPassword(page, DEMO.manager)
    await enterCode(page, codes[0])
    await page.goto('/security')
    await page.assertText('[data-testid=recovery-codes-left]', '9 unused recovery codes left.')
    await signOut(page)

    await submitPassword(page, DEMO.manager)
    await page.waitForURL('**/login/two-factor')
    await page.locator('input[name=code]').fill(codes[0])
    await page.locator('[data-testid=two-factor-submit]').click()
    await page.assertTextContains('body', 'The code is invalid or was already used')
    assert.include(page.url(), '/login/two-factor')
  }).timeout(90_000)
})
