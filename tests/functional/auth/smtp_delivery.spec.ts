import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import { startMailCatcher, type CaughtMessage } from '../../../scripts/mail_catcher.js'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { DEMO } from '#tests/helpers/users'

test.group('Real SMTP delivery', (group) => {
  isolate(group)

  test('a reset request goes over SMTP to the catcher with a working link', async ({
    client,
    assert,
  }) => {
    // isolate() fakes the mailer; this test sends for real through the smtp transport.
    mail.restore()
    const dir = await mkdtemp(join(tmpdir(), 'mail-'))
    const received: CaughtMessage[] = []
    const catcher = await startMailCatcher({
      port: env.get('SMTP_PORT', 2526),
      dir,
      onMessage: (m) => {
        received.push(m)
      },
    })
    try {
      const response = await api(client, 'post', '/forgot-password', { email: DEMO.customer })
      response.assertStatus(200)
      for (let i = 0; i < 50 && received.length === 0; i++)
        await new Promise((r) => setTimeout(r, 100))

      assert.lengthOf(received, 1)
      const [message] = received
      assert.deepEqual(message.to, [DEMO.customer])
      assert.equal(message.subject, 'Reset your Broker password')
      assert.include(message.from ?? '', env.get('MAIL_FROM_ADDRESS', 'no-reply@broker.test'))
      const link = message.links.find((l) => l.includes('/reset-password/'))
      assert.isDefined(link)
      const page = await client.get(new URL(link!).pathname).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('auth/reset_password')
    } finally {
      await catcher.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
