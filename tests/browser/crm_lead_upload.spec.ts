import { test } from '@japa/runner'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { isolate } from '#tests/helpers/isolation'
import { signedInPage } from '#tests/helpers/browser'
import { DEMO } from '#tests/helpers/users'

async function upload(page: Page, file: string) {
  await page.locator('[data-testid=leads-upload]').click()
  const modal = page.locator('[data-testid=lead-upload-modal]')
  await modal.locator('input[type=file]').setInputFiles(file)
  await modal.locator('[data-testid=lead-upload-submit]').click()
  const result = modal.locator('[data-testid=lead-upload-result]')
  await result.waitFor({ timeout: 20_000 })
  const text = await result.innerText()
  await modal.getByRole('button', { name: 'Close' }).first().click()
  await modal.waitFor({ state: 'detached' })
  return text
}

/** The 'Upload Leads' modal of the leads desk (CRM spec §2.4): the example file in, its leads on the desk. */
test.group('Browser: uploading leads', (group) => {
  isolate(group)

  test('an admin downloads the example CSV, uploads it and sees its leads; the same file again creates nothing', async ({
    browser,
    assert,
    cleanup,
  }) => {
    const page = await signedInPage(browser, DEMO.admin)
    cleanup(() => page.context().close())
    await page.goto('/admin/crm/sales/manual?search=john.smith', { timeout: 90_000 })
    await page.locator('[data-testid=leads-total]', { hasText: 'Total: 0' }).waitFor()

    // The example file, as the modal's link hands it out.
    await page.locator('[data-testid=leads-upload]').click()
    const download = page.waitForEvent('download')
    await page.locator('[data-testid=lead-upload-example]').click()
    const file = join(mkdtempSync(join(tmpdir(), 'leads-')), 'leads_example.csv')
    await (await download).saveAs(file)
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=lead-upload-modal]').waitFor({ state: 'detached' })

    const first = await upload(page, file)
    assert.match(first, /Created:\s*2/)
    await page.locator('[data-testid=leads-total]', { hasText: 'Total: 1' }).waitFor()
    await page.locator('[data-testid=leads]').getByText('john.smith@example.com').waitFor()

    const again = await upload(page, file)
    assert.match(again, /Created:\s*0/)
    assert.match(again, /Duplicates:\s*2/)
    await page.locator('[data-testid=leads-total]', { hasText: 'Total: 1' }).waitFor()
  }).timeout(150_000)
})
