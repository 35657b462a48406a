import { test } from '@japa/runner'
import { createServer, type Socket } from 'node:net'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import ResetPasswordNotification from '#mails/reset_password_notification'
import VerifyEmailNotification from '#mails/verify_email_notification'
import { holdDeferredWork, settleDeferred } from '#services/deferred'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { linkIn } from '#tests/helpers/mails'
import { behindProxies } from '#tests/helpers/client_address'
import { withoutWaitingForDeferredWork } from '#tests/helpers/deferred_work'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

type Client = Parameters<typeof api>[0]
const SAME_ANSWER =
  'If an account exists for this address, we have sent a link to reset the password.'
const RESET_THROTTLED =
  /^Too many password reset requests from your address\. Please try again in \d+ minutes?\.$/

function forgot(client: Client, email: string, from?: string) {
  const request = api(client, 'post', '/forgot-password', { email })
  return from ? request.header('X-Forwarded-For', from) : request
}

/** The SQL (without values) the app sends while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>) {
  const seen: string[] = []
  const knex = db.connection().getWriteClient()
  const record = (query: { sql: string }) => seen.push(query.sql)
  knex.on('query', record)
  try {
    await run()
  } finally {
    knex.off('query', record)
  }
  return seen
}

test.group('Password reset: limits per account and per address', (group) => {
  isolate(group)

  test('the issue probe: 12 requests for one account from one address send at most 3 mails', async ({
    client,
    assert,
  }) => {
    const { email } = await UserFactory.create()
    const { mails } = mail.fake()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const response = await forgot(client, email)
      statuses.push(response.status())
      if (response.status() === 200) assert.equal(response.body().message, SAME_ANSWER)
      else assert.match(response.body().message, RESET_THROTTLED)
    }
    assert.deepEqual(statuses, [...Array(10).fill(200), 429, 429])
    assert.lengthOf(
      mails.sent((m) => m instanceof ResetPasswordNotification),
      3
    )
  })

  test('12 requests for one account from 12 addresses: the same success every time, still 3 mails', async ({
    client,
    assert,
  }) => {
    const { email } = await UserFactory.create()
    const { mails } = mail.fake()
    await behindProxies('loopback', async () => {
      for (let i = 0; i < 12; i++) {
        const response = await forgot(client, email, `198.51.100.${i + 1}`)
        response.assertStatus(200)
        assert.equal(response.body().message, SAME_ANSWER)
      }
    })
    assert.lengthOf(
      mails.sent((m) => m instanceof ResetPasswordNotification),
      3
    )
  })

  test('over the account budget nothing is sent and the last mailed link keeps working', async ({
    client,
  }) => {
    const { email } = await UserFactory.create()
    const { mails } = mail.fake()
    for (let i = 0; i < 3; i++) (await forgot(client, email)).assertStatus(200)
    const last = mails.sent((m) => m instanceof ResetPasswordNotification).pop()!
    ;(await forgot(client, email)).assertStatus(200)
    const token = linkIn(last, '/reset-password/').pathname.split('/').pop()!
    ;(
      await api(client, 'put', '/forgot-password', { token, password: 'brand-new-pass' })
    ).assertStatus(200)
  })

  test('per address: 10 requests an hour, then 429 with a clear message; another address is not affected', async ({
    client,
    assert,
  }) => {
    await behindProxies('loopback', async () => {
      for (let i = 0; i < 10; i++)
        (await forgot(client, `nobody${i}@nowhere.test`, '198.51.100.1')).assertStatus(200)
      const refused = await forgot(client, 'nobody@nowhere.test', '198.51.100.1')
      refused.assertStatus(429)
      assert.match(refused.body().message, RESET_THROTTLED)
      assert.deepEqual(refused.body().errors, [])
      ;(await forgot(client, 'nobody@nowhere.test', '198.51.100.2')).assertStatus(200)
    })
  })

  test('invalid forms do not spend the address budget', async ({ client }) => {
    const { email } = await UserFactory.create()
    for (let i = 0; i < 12; i++) (await forgot(client, 'not-an-email')).assertStatus(422)
    ;(await forgot(client, email)).assertStatus(200)
  })
})

test.group('Password reset: a known and an unknown address are answered alike', (group) => {
  isolate(group)

  test('same answer, and the same queries before it: the account is looked up after the answer', async ({
    client,
    assert,
  }) => {
    const { email } = await UserFactory.create()
    const { mails } = mail.fake()
    ;(await forgot(client, 'warm-up@nowhere.test')).assertStatus(200) // loads the settings cache
    const release = holdDeferredWork()
    let known!: Awaited<ReturnType<typeof forgot>>
    let unknown!: Awaited<ReturnType<typeof forgot>>
    try {
      const knownQueries = await queriesDuring(async () => (known = await forgot(client, email)))
      const unknownQueries = await queriesDuring(
        async () => (unknown = await forgot(client, 'ghost@nowhere.test'))
      )
      // Both answers came while the deferred work was held: they did not wait for it.
      assert.deepEqual(knownQueries, unknownQueries)
      assert.notInclude(knownQueries.join('\n'), 'users')
      assert.equal(known.status(), unknown.status())
      assert.deepEqual(known.body(), unknown.body())
      assert.lengthOf(mails.sent(), 0)
    } finally {
      release()
    }
    const afterwards = await queriesDuring(() => settleDeferred())
    assert.isTrue(afterwards.some((sql) => sql.includes('users')))
    assert.isTrue(
      afterwards.some((sql) => sql.includes('insert into') && sql.includes('password_reset_tokens'))
    )
    mails.assertSent(ResetPasswordNotification, ({ message }) => message.hasTo(email))
    assert.lengthOf(mails.sent(), 1)
  })

  test('the answer does not wait for the mail server: one that holds the connection', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    // The real SMTP transport (isolate() fakes the mailer), towards a server that accepts and never speaks.
    mail.restore()
    const logged: unknown[] = []
    const logError = logger.error
    logger.error = ((...args: unknown[]) => logged.push(args.at(-1))) as typeof logger.error
    const sockets: Socket[] = []
    const holder = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) =>
      holder.listen(env.get('SMTP_PORT', 2526), '127.0.0.1', resolve)
    )
    try {
      const response = await withoutWaitingForDeferredWork(() => forgot(client, customer.email))
      response.assertStatus(200)
      assert.equal(response.body().message, SAME_ANSWER)
      // The delivery started after the answer and is still stuck on the held connection.
      for (let i = 0; i < 50 && sockets.length === 0; i++)
        await new Promise((r) => setTimeout(r, 100))
      assert.lengthOf(sockets, 1)
      assert.lengthOf(await PasswordResetToken.query().where('user_id', customer.id), 1)
    } finally {
      // The mail server goes away: the delivery fails, is logged, and nothing else happens.
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => holder.close(resolve))
      await settleDeferred()
      logger.error = logError
    }
    assert.deepEqual(logged, ['password reset e-mail not sent'])
    ;(
      await api(client, 'post', '/auth/login', {
        email: customer.email,
        password: FACTORY_PASSWORD,
      })
    ).assertStatus(200)
  }).timeout(20000)
})

test.group('Verification mail re-sends', (group) => {
  isolate(group)

  test('logging in to an unverified account re-sends at most 3 verification mails an hour', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const newcomer = await UserFactory.apply('unverified').create()
    for (let i = 0; i < 5; i++) {
      ;(
        await api(client, 'post', '/auth/login', {
          email: newcomer.email,
          password: FACTORY_PASSWORD,
        })
      ).assertStatus(403)
    }
    assert.lengthOf(
      mails.sent((m) => m instanceof VerifyEmailNotification),
      3
    )
    assert.isFalse((await User.findByOrFail('email', newcomer.email)).isEmailVerified)
  })
})
