import { writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import KycDocument from '#models/kyc_document'
import PricingPlan from '#models/pricing_plan'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { DEMO, demoUser } from '#tests/helpers/users'
import { forgetFilesOf, removeKycFilesAfterEach, SAMPLE_PNG } from '#tests/helpers/kyc'

/** Fills the KYC form: document type, then the same small PNG for the three uploads. */
async function fillKycForm(page: Page, type: string, pngPath: string) {
  await page.locator('[data-testid=kyc-form] button[data-slot=trigger]').click()
  await page.getByRole('option', { name: type, exact: true }).click()
  for (const side of ['front', 'back', 'address']) {
    await page.locator(`input[type=file][name=${side}]`).setInputFiles(pngPath)
  }
}

test.group('Browser: KYC', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('submit, decline with a reason, resubmit, approve: the dashboard stops asking for KYC and deposits unlock', async ({
    visit,
    browser,
    assert,
  }) => {
    const newcomer = await demoUser(DEMO.newcomer)
    // A plan, so the mandatory plan modal stays away.
    newcomer.pricingTableId = (await PricingPlan.findByOrFail('name', 'Basic')).id
    await newcomer.save()
    const pngPath = join(tmpdir(), `kyc-browser-${process.pid}-${Date.now()}.png`)
    await writeFile(pngPath, SAMPLE_PNG)
    const adminContext = await browser.newContext({
      baseURL: `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`,
    })

    try {
      // The customer follows the dashboard's warning to the KYC page.
      const page = await visit('/')
      await loginThroughForm(page, DEMO.newcomer)
      await page.assertTextContains(
        '[data-testid=kyc-warning]',
        'Please verify KYC to enable trading'
      )
      // The deposit form is locked until KYC is approved (an Inertia visit there and back).
      await page.locator('[data-testid=deposit-button]').click()
      await page.waitForURL('**/deposits')
      await page.assertTextContains(
        '[data-testid=kyc-warning]',
        'Please verify KYC to enable deposit'
      )
      await page.assertDisabled('[data-testid=deposit-submit]')
      await page.goBack()
      await page.waitForURL('**/dashboard')
      await page
        .locator('[data-testid=kyc-warning]')
        .getByRole('link', { name: 'Click here' })
        .click()
      await page.waitForURL('**/kyc')
      await page.assertTextContains('main h1', 'KYC')
      await page.assertExists('[data-testid=account-sidebar] a[href="/kyc"]')

      // The one client rule: the document type.
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.assertTextContains('[data-testid=kyc-form]', 'Document type is required')

      await fillKycForm(page, 'Passport', pngPath)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.assertTextContains('[data-toast]', 'KYC submitted successfully')
      await page.assertTextContains('[data-testid=kyc-status-card]', 'KYC Submitted')
      await page.assertTextContains(
        '[data-testid=kyc-status-card]',
        'Your KYC has been submitted successfully'
      )
      await page.assertText('[data-testid=kyc-status]', 'Pending')
      await page.assertNotExists('[data-testid=kyc-resubmit]')
      const first = await KycDocument.query().where('user_id', newcomer.id).firstOrFail()
      forgetFilesOf(first)

      // The admin views the three images and declines with a reason.
      const admin = await adminContext.newPage()
      await admin.goto('/')
      await loginThroughForm(admin, DEMO.admin)
      await admin.goto('/admin/kyc')
      await admin.locator('main h1', { hasText: 'KYC Documents' }).waitFor()
      const row = admin.locator('[data-testid=kyc-table] tbody tr', { hasText: DEMO.newcomer })
      await row.waitFor()
      const rowText = await row.innerText()
      for (const expected of ['Passport', newcomer.fullName, 'Pending'])
        assert.include(rowText, expected)
      assert.match(rowText, /\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/)

      await admin.locator(`[data-testid=kyc-view-${first.id}]`).click()
      const modal = admin.locator('[data-testid=kyc-view-modal]')
      for (const side of ['front', 'back', 'address']) {
        const image = modal.locator(`[data-testid=kyc-file-${side}] img`)
        await image.waitFor()
        await admin.waitForFunction(
          (el) => (el as any).complete && (el as any).naturalWidth > 0,
          await image.elementHandle()
        )
      }
      await admin.keyboard.press('Escape')
      await modal.waitFor({ state: 'detached' })

      await admin.locator(`[data-testid=kyc-decline-${first.id}]`).click()
      const decline = admin.locator('[data-testid=kyc-decline-dialog]')
      await decline.getByText('Are you sure to decline this document?').waitFor()
      await admin.locator('[data-testid=kyc-decline-dialog-reason]').fill('The photo is too dark')
      await admin.locator('[data-testid=kyc-decline-dialog-confirm]').click()
      await admin.locator('[data-toast]', { hasText: 'KYC declined successfully' }).waitFor()
      await row.getByText('Declined').waitFor()
      await row.getByText('The photo is too dark').waitFor()

      // The customer is told live, sees the reason and resubmits.
      await page.assertTextContains('[data-toast]', 'KYC declined')
      await page.reload()
      await page.assertText('[data-testid=kyc-status]', 'Declined')
      await page.assertTextContains(
        '[data-testid=kyc-decline-reason]',
        'Reason: The photo is too dark'
      )
      await page.locator('[data-testid=kyc-resubmit]').click()
      await fillKycForm(page, 'National ID', pngPath)
      await page.getByRole('button', { name: 'Submit' }).click()
      await page.assertText('[data-testid=kyc-status]', 'Pending')
      const second = await KycDocument.query()
        .where('user_id', newcomer.id)
        .orderBy('id', 'desc')
        .firstOrFail()
      forgetFilesOf(second)
      assert.notEqual(second.id, first.id)
      assert.equal(second.type, 'national_id')

      // The admin approves the new submission.
      await admin.reload()
      await admin.locator(`[data-testid=kyc-approve-${second.id}]`).click()
      const approve = admin.locator('[data-testid=kyc-approve-dialog]')
      await approve.getByText('Are you sure to approve this document?').waitFor()
      await admin.locator('[data-testid=kyc-approve-dialog-confirm]').click()
      await admin.locator('[data-toast]', { hasText: 'Document approved successfully' }).waitFor()
      await admin
        .locator(`[data-testid=kyc-status-${second.id}]`, { hasText: 'Approved' })
        .waitFor()
      // Approve is no longer offered on it; Decline still is.
      await admin.locator(`[data-testid=kyc-approve-${second.id}]`).waitFor({ state: 'detached' })
      assert.equal(await admin.locator(`[data-testid=kyc-decline-${second.id}]`).count(), 1)

      // The first submission is replaced by the second: deciding it fails with the spec's toast and the reason.
      await admin.locator(`[data-testid=kyc-approve-${first.id}]`).click()
      await admin.locator('[data-testid=kyc-approve-dialog-confirm]').click()
      const failure = admin.locator('[data-toast]', { hasText: 'Something went wrong' })
      await failure.waitFor()
      assert.include(
        await failure.innerText(),
        'A newer KYC submission of this customer replaces this document'
      )
      await admin.locator('[data-testid=kyc-approve-dialog]').waitFor({ state: 'detached' })

      // The customer is verified: no more warning on the dashboard.
      await page.goto('/dashboard')
      await page.locator('[data-testid=account-figures]').waitFor()
      await page.assertNotExists('[data-testid=kyc-warning]')
      assert.notInclude(
        await page.locator('main').innerText(),
        'Please verify KYC to enable trading'
      )
      await page.goto('/kyc')
      await page.assertText('[data-testid=kyc-status]', 'Approved')
      // …and the deposit form is unlocked.
      await page.goto('/deposits')
      await page.locator('[data-testid=deposit-form]').waitFor()
      await page.assertNotExists('[data-testid=kyc-warning]')
      assert.isTrue(await page.locator('[data-testid=deposit-submit]').isEnabled())
    } finally {
      await adminContext.close()
      await rm(pngPath, { force: true })
      for (const document of await KycDocument.query().where('user_id', newcomer.id))
        forgetFilesOf(document)
    }
  })
})
