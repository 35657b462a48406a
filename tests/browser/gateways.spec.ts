import { writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import ExternalPayment from '#models/external_payment'
import PaymentGateway from '#models/payment_gateway'
import { isolate } from '#tests/helpers/isolation'
import { loginThroughForm } from '#tests/helpers/browser'
import { configureGateway } from '#tests/helpers/deposits'
import { SAMPLE_PNG } from '#tests/helpers/kyc'
import {
  forgetPublicFile,
  publicFileExists,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'
import { DEMO } from '#tests/helpers/users'

test.group('Browser: gateways and external payments', (group) => {
  isolate(group)
  removePublicFilesAfterEach(group)
  group.each.setup(async () => {
    await ExternalPayment.query().delete()
  })

  test('the admin configures the bank gateway, then adds and deletes an external payment', async ({
    visit,
    assert,
  }) => {
    await configureGateway('bank', { key1: null, key2: null, key3: null, key4: null, key5: null })
    await configureGateway(
      'stripe',
      { key1: 'sk_test_browser_secret_value', key2: null },
      { active: false }
    )
    const logoPath = join(tmpdir(), `gateway-logo-${process.pid}-${Date.now()}.png`)
    await writeFile(logoPath, SAMPLE_PNG)

    try {
      const page = await visit('/')
      await loginThroughForm(page, DEMO.admin)

      // Automatic Gateways: a stored secret is never put in the page; its field is empty and says it is set.
      await page.goto('/admin/gateways')
      await page.locator('main h1', { hasText: 'Automatic Gateways' }).waitFor()
      assert.notInclude(await page.content(), 'sk_test_browser_secret_value')
      await page.locator('[data-testid=gateway-card-stripe]').click()
      const stripe = page.locator('[data-testid=gateway-form-stripe]')
      await stripe.waitFor()
      assert.equal(await stripe.locator('input[name=key1]').inputValue(), '')
      await stripe.getByText('A value is stored. Type a new one to replace it.').waitFor()
      await page.keyboard.press('Escape')
      await stripe.waitFor({ state: 'detached' })

      // Manual Gateways: the bank form, from the menu.
      await page.locator('a[href="/admin/gateways/manual"]').click()
      await page.waitForURL('**/admin/gateways/manual')
      await page.locator('main h1', { hasText: 'Manual Gateways' }).waitFor()
      await page.assertTextContains('[data-testid=gateway-state-bank]', 'Not configured')
      await page.locator('[data-testid=gateway-card-bank]').click()
      const form = page.locator('[data-testid=gateway-form-bank]')
      await form.waitFor()
      await form.locator('input[name=key1]').fill('Demo Bank AG')
      await form.locator('input[name=key2]').fill('Broker Ltd')
      await form.locator('input[name=key3]').fill('DE89370400440532013000')
      await form.locator('input[name=key4]').fill('COBADEFFXXX')
      await form.locator('input[name=key5]').fill('Germany')
      await page.locator('[data-testid=gateway-submit]').click()
      await page
        .locator('[data-toast]', { hasText: 'Bank Transfer updated successfully' })
        .waitFor()
      await form.waitFor({ state: 'detached' })
      await page.locator('[data-testid=gateway-state-bank]', { hasText: 'Configured' }).waitFor()
      const bank = await PaymentGateway.findByOrFail('value', 'bank')
      assert.deepEqual(
        [bank.key1, bank.key2, bank.key3, bank.key4, bank.key5],
        ['Demo Bank AG', 'Broker Ltd', 'DE89370400440532013000', 'COBADEFFXXX', 'Germany']
      )

      // External Payments: add one with a logo.
      await page.goto('/admin/externalPayments')
      await page.locator('main h1', { hasText: 'External Payments' }).waitFor()
      await page.locator('[data-testid=external-payments]').getByText('No data found').waitFor()
      await page.locator('[data-testid=external-payment-add]').click()
      const add = page.locator('[data-testid=external-payment-form]')
      await add.waitFor()
      await add.locator('input[name=name]').fill('Skrill')
      await add.locator('input[name=link]').fill('http://skrill.example.com')
      await add.locator('input[name=link]').press('Enter')
      await add.getByText('Link must be an absolute https:// address').waitFor()
      await add.getByText('Logo is required').waitFor()
      await add.locator('input[name=link]').fill('https://www.skrill.com/pay')
      await add.locator('input[name=customLabel]').fill('Merchant e-mail')
      await add.locator('input[name=customValue]').fill('pay@broker.example')
      await add.locator('input[type=file][name=logo]').setInputFiles(logoPath)
      await page.locator('[data-testid=external-payment-submit]').click()
      await page
        .locator('[data-toast]', { hasText: 'External payment added successfully' })
        .waitFor()
      await add.waitFor({ state: 'detached' })

      const payment = await ExternalPayment.findByOrFail('name', 'Skrill')
      forgetPublicFile(payment.logoPath)
      const row = page.locator('[data-testid=external-payments] tbody tr', { hasText: 'Skrill' })
      await row.waitFor()
      const text = await row.innerText()
      for (const expected of [
        String(payment.id),
        'https://www.skrill.com/pay',
        'Merchant e-mail',
        'pay@broker.example',
      ]) {
        assert.include(text, expected)
      }
      const logo = row.locator('img')
      await page.waitForFunction(
        (el) => (el as any).complete && (el as any).naturalWidth > 0,
        await logo.elementHandle()
      )

      // Edit it: the current logo shows, an empty file field keeps it.
      await page.locator(`[data-testid=external-payment-edit-${payment.id}]`).click()
      const edit = page.locator('[data-testid=external-payment-form]')
      await edit.getByText('leave empty to keep the current logo').waitFor()
      await edit.locator('img').waitFor()
      await edit.locator('input[name=customValue]').fill('desk@broker.example')
      await page.locator('[data-testid=external-payment-submit]').click()
      await page
        .locator('[data-toast]', { hasText: 'External payment updated successfully' })
        .waitFor()
      await edit.waitFor({ state: 'detached' })
      await row.getByText('desk@broker.example').waitFor()
      await payment.refresh()
      assert.equal(payment.customValue, 'desk@broker.example')
      assert.isTrue(await publicFileExists(payment.logoPath!))

      // Delete it through the confirmation.
      await page.locator(`[data-testid=external-payment-delete-${payment.id}]`).click()
      const dialog = page.locator('[data-testid=external-payment-delete-dialog]')
      await dialog.getByText('Are you sure to delete this payment?').waitFor()
      await page.locator('[data-testid=external-payment-delete-dialog-confirm]').click()
      await page.locator('[data-toast]', { hasText: 'Payment deleted successfully' }).waitFor()
      await row.waitFor({ state: 'detached' })
      await page.locator('[data-testid=external-payments]').getByText('No data found').waitFor()
      assert.isNull(await ExternalPayment.find(payment.id))
      assert.isFalse(await publicFileExists(payment.logoPath!))
    } finally {
      await rm(logoPath, { force: true })
    }
  })
})
