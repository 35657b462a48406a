/*
| A password reset link built from the request's Host header would point at
| whichever host the attacker names, and the victim's click would hand over
| the token. Links come from APP_URL (or the server's own HOST and PORT).
*/
import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { settleDeferred } from '#services/deferred'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { linkIn } from '#tests/helpers/mails'
import { DEMO } from '#tests/helpers/users'

test.group('Security · links are never built from the Host header', (group) => {
  isolate(group)

  test('a reset requested with a forged Host mails a link to APP_URL, or without it to this server', async ({
    client,
    assert,
    cleanup,
  }) => {
    const { mails } = mail.fake()
    const appUrl = env.get('APP_URL')
    cleanup(() => env.set('APP_URL', appUrl))
    const response = await api(client, 'post', '/forgot-password', { email: DEMO.customer })
      .header('Host', 'evil.example')
      .header('X-Forwarded-Host', 'evil.example')
    response.assertStatus(200)
    await settleDeferred()
    const [sent] = mails.sent((m) => m instanceof ResetPasswordNotification)
    assert.exists(sent)
    assert.equal(linkIn(sent, '/reset-password/').origin, new URL(appUrl!).origin)

    env.set('APP_URL', '')
    const again = await api(client, 'post', '/forgot-password', { email: DEMO.manager }).header(
      'Host',
      'evil.example'
    )
    again.assertStatus(200)
    await settleDeferred()
    const [second] = mails.sent((m) => m instanceof ResetPasswordNotification && m !== sent)
    assert.exists(second)
    assert.equal(
      linkIn(second, '/reset-password/').origin,
      `http://${env.get('HOST')}:${env.get('PORT')}`
    )
  })
})
