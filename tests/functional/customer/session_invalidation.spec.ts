import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { isolate } from '#tests/helpers/isolation'
import { linkIn } from '#tests/helpers/mails'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'
import { BrowserSession, signedInBrowser } from '#tests/helpers/browser_session'

test.group('A password change signs out the other devices', (group) => {
  isolate(group)

  test('changing the password keeps this device and ends the other sessions', async ({
    assert,
  }) => {
    const laptop = await signedInBrowser(DEMO.customer)
    const phone = await signedInBrowser(DEMO.customer)
    assert.equal((await phone.getJson('/auth/user')).status, 200)

    const change = await laptop.put('/security/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'another-pass-123',
    })
    assert.equal(change.status, 200, change.text)

    assert.equal((await laptop.getJson('/auth/user')).status, 200)
    assert.equal((await phone.getJson('/auth/user')).status, 401)
    const page = await phone.get('/dashboard')
    assert.equal(page.status, 302)
    assert.equal(page.location, '/')
  })

  test('resetting the password ends every open session', async ({ assert }) => {
    const { mails } = mail.fake()
    const open = await signedInBrowser(DEMO.customer)
    const visitor = new BrowserSession()
    await visitor.open()
    await visitor.post('/forgot-password', { email: DEMO.customer })
    const sent = mails.sent((m) => m instanceof ResetPasswordNotification)
    const token = linkIn(sent[sent.length - 1], '/reset-password/')
      .pathname.split('/')
      .pop()
    const reset = await visitor.put('/forgot-password', { token, password: 'reset-pass-4567' })
    assert.equal(reset.status, 200, reset.text)

    assert.equal((await open.getJson('/auth/user')).status, 401)
  })
})
