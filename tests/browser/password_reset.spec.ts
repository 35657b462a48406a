import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { isolate } from '#tests/helpers/isolation'
import { linkIn } from '#tests/helpers/mails'
import { settleDeferred } from '#services/deferred'
import { loginThroughForm } from '#tests/helpers/browser'

test.group('Browser: forgot and reset password', (group) => {
  isolate(group)

  test('forgot → reset → log in with the new password', async ({ visit }) => {
    const { mails } = mail.fake()
    const page = await visit('/forgot-password')
    await page.locator('input[name=email]').fill('customer@demo.test')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains('section[role=dialog]', 'Verification Email Sent')

    await settleDeferred() // the mail goes out after the response
    const sent = mails.sent((m) => m instanceof ResetPasswordNotification)
    const link = linkIn(sent[sent.length - 1], '/reset-password/')
    await page.goto(link.toString())
    await page.locator('input[name=password]').fill('short')
    await page.locator('input[name=password]').blur()
    await page.assertTextContains('form', 'Password must be at least 8 characters')
    await page.locator('input[name=password]').fill('brand-new-pass')
    await page.getByRole('button', { name: 'Submit' }).click()
    await page.assertTextContains('section[role=dialog]', 'Password Updated')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.waitForURL((url) => url.pathname === '/')

    await loginThroughForm(page, 'customer@demo.test', 'brand-new-pass')
    await page.assertExists('[data-testid=account-figures]')
  })
})
