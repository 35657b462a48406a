import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import VerifyEmailNotification from '#mails/verify_email_notification'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { linkIn } from '#tests/helpers/mails'
import { settleDeferred } from '#services/deferred'
import { chooseFromAutocomplete, loginThroughForm } from '#tests/helpers/browser'

test.group('Browser: sign up, verify, log in', (group) => {
  isolate(group)

  test('a visitor signs up, verifies the e-mail, logs in and sees the shell', async ({
    visit,
    assert,
  }) => {
    const { mails } = mail.fake()
    const page = await visit('/signup')

    await page.locator('input[name=fullName]').fill('Bianca Browser')
    await page.locator('input[name=email]').fill('bianca@example.com')
    await page.locator('input[name=password]').fill('s3cret-pass')
    await page.locator('input[name=passwordConfirmation]').fill('s3cret-pass')
    await page.locator('input[name=phone]').fill('+44 20 7946 0958')
    await chooseFromAutocomplete(page, 'Country', 'United King', 'United Kingdom')
    await page.locator('input[name=city]').fill('London')
    await page.locator('input[name=address]').fill('221B Baker Street')
    await page.locator('input[name=postalCode]').fill('NW1 6XE')
    await page.getByRole('button', { name: 'Sign Up' }).click()

    await page.assertTextContains('section[role=dialog]', 'Account Created')
    await page.assertTextContains('section[role=dialog]', 'verification e-mail')

    // Not verified yet: the login is refused.
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.locator('input[name=email]').fill('bianca@example.com')
    await page.locator('input[name=password]').fill('s3cret-pass')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.assertTextContains('[data-toast]', 'verify your e-mail')
    assert.equal(new URL(page.url()).pathname, '/')

    await settleDeferred() // the mail goes out after the response
    const sent = mails.sent((m) => m instanceof VerifyEmailNotification)
    const link = linkIn(sent[sent.length - 1], '/verify-email/')
    await page.goto(link.toString())
    await page.assertTextContains('[data-testid=login-notice]', 'verified')

    await loginThroughForm(page, 'bianca@example.com', 's3cret-pass')
    await page.assertExists('[data-testid=account-figures]')
    await page.assertText('[data-testid=figure-balance]', '$10,000.00')
    await page.assertTextContains(
      '[data-testid=kyc-warning]',
      'Please verify KYC to enable trading'
    )
    // A new customer has no plan: the plan choice is open and cannot be dismissed.
    await page.assertVisible('[data-testid=plan-modal]')

    const user = await User.findByOrFail('email', 'bianca@example.com')
    assert.isTrue(user.isEmailVerified)
  })

  test('a failed login shows Invalid Credentials', async ({ visit }) => {
    const page = await visit('/')
    await page.locator('input[name=email]').fill('customer@demo.test')
    await page.locator('input[name=password]').fill('wrong-password')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.assertTextContains('[data-toast]', 'Invalid Credentials')
    await page.assertPath('/')
  })

  test('the Login button stays disabled until e-mail and password are filled', async ({
    visit,
  }) => {
    const page = await visit('/')
    await page.assertDisabled('button[type=submit]')
    await page.locator('input[name=email]').fill('customer@demo.test')
    await page.assertDisabled('button[type=submit]')
    await page.locator('input[name=password]').fill('x')
    await page.assertNotDisabled('button[type=submit]')
  })
})
