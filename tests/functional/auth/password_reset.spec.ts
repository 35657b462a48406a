import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { hashToken } from '#domain/tokens'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { linkIn } from '#tests/helpers/mails'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

const SAME_ANSWER =
  'If an account exists for this address, we have sent a link to reset the password.'
const INVALID = 'This reset link is invalid or has expired'

/** Requests a reset for `email` and returns the token from the mailed link. */
async function mailedToken(client: Parameters<typeof api>[0], email: string) {
  const { mails } = mail.fake()
  ;(await api(client, 'post', '/forgot-password', { email })).assertStatus(200)
  const sent = mails.sent((m) => m instanceof ResetPasswordNotification)
  const link = linkIn(sent[sent.length - 1], '/reset-password/')
  return link.pathname.slice('/reset-password/'.length)
}

test.group('POST /forgot-password', (group) => {
  isolate(group)

  test('mails a single-use reset link to a known address', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const { mails } = mail.fake()
    const response = await api(client, 'post', '/forgot-password', { email: customer.email })
    response.assertStatus(200)
    response.assertBodyContains({ message: SAME_ANSWER })

    mails.assertSent(ResetPasswordNotification, ({ message }) => message.hasTo(customer.email))
    const link = linkIn(mails.sent()[0], '/reset-password/')
    assert.match(link.pathname, /^\/reset-password\/[A-Za-z0-9_-]{40,}$/)

    // Only a hash of the token is stored.
    const token = link.pathname.split('/').pop()!
    const rows = await PasswordResetToken.query().where('user_id', customer.id)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].tokenHash, hashToken(token))
    assert.notEqual(rows[0].tokenHash, token)
  })

  test('an unknown address gets the same answer and no mail', async ({ client }) => {
    const { mails } = mail.fake()
    const response = await api(client, 'post', '/forgot-password', { email: 'ghost@demo.test' })
    response.assertStatus(200)
    response.assertBodyContains({ message: SAME_ANSWER })
    mails.assertNoneSent()
  })

  test('a disabled account gets the same answer and no mail', async ({ client }) => {
    const { mails } = mail.fake()
    const customer = await UserFactory.apply('inactive').create()
    const response = await api(client, 'post', '/forgot-password', { email: customer.email })
    response.assertStatus(200)
    mails.assertNoneSent()
  })

  test('a new request makes the earlier link stop working', async ({ client }) => {
    const { email } = await UserFactory.create()
    const first = await mailedToken(client, email)
    const second = await mailedToken(client, email)
    ;(
      await api(client, 'put', '/forgot-password', { token: first, password: 'brand-new-pass' })
    ).assertStatus(422)
    ;(
      await api(client, 'put', '/forgot-password', { token: second, password: 'brand-new-pass' })
    ).assertStatus(200)
  })

  test('e-mail is required and must be valid', async ({ client, assert }) => {
    const missing = await api(client, 'post', '/forgot-password', {})
    missing.assertStatus(422)
    assert.equal(fieldErrors(missing.body()).email, 'Email is required')
    const invalid = await api(client, 'post', '/forgot-password', { email: 'nope' })
    invalid.assertStatus(422)
    assert.equal(fieldErrors(invalid.body()).email, 'Enter a valid email address')
  })
})

test.group('PUT /forgot-password', (group) => {
  isolate(group)

  test('sets the new password: the new one logs in, the old one does not', async ({
    client,
    assert,
  }) => {
    const { email } = await UserFactory.create()
    const token = await mailedToken(client, email)
    const response = await api(client, 'put', '/forgot-password', {
      token,
      password: 'brand-new-pass',
    })
    response.assertStatus(200)
    assert.match(response.body().message, /password has been updated/)

    ;(await api(client, 'post', '/auth/login', { email, password: 'brand-new-pass' })).assertStatus(
      200
    )
    ;(await api(client, 'post', '/auth/login', { email, password: FACTORY_PASSWORD })).assertStatus(
      400
    )
  })

  test('the reset signs out remembered devices', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    await User.rememberMeTokens.create(customer, '30 days')
    const token = await mailedToken(client, customer.email)
    ;(
      await api(client, 'put', '/forgot-password', { token, password: 'brand-new-pass' })
    ).assertStatus(200)
    assert.lengthOf(await User.rememberMeTokens.all(customer), 0)
  })

  test('a used link cannot be used again', async ({ client, assert }) => {
    const { email } = await UserFactory.create()
    const token = await mailedToken(client, email)
    ;(
      await api(client, 'put', '/forgot-password', { token, password: 'brand-new-pass' })
    ).assertStatus(200)
    const again = await api(client, 'put', '/forgot-password', {
      token,
      password: 'another-pass-9',
    })
    again.assertStatus(422)
    assert.equal(fieldErrors(again.body()).token, INVALID)
    ;(await api(client, 'post', '/auth/login', { email, password: 'brand-new-pass' })).assertStatus(
      200
    )
  })

  test('an expired link is refused and the password is unchanged', async ({ client, assert }) => {
    const { email } = await UserFactory.create()
    const token = await mailedToken(client, email)
    await db
      .from('password_reset_tokens')
      .where('token_hash', hashToken(token))
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toSQL({ includeOffset: false }) })
    const response = await api(client, 'put', '/forgot-password', {
      token,
      password: 'brand-new-pass',
    })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).token, INVALID)
    ;(await api(client, 'post', '/auth/login', { email, password: FACTORY_PASSWORD })).assertStatus(
      200
    )
  })

  test('an unknown or malformed token is refused', async ({ client, assert }) => {
    for (const token of ['x'.repeat(43), 'short', '']) {
      const response = await api(client, 'put', '/forgot-password', {
        token,
        password: 'brand-new-pass',
      })
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).token, INVALID, token)
    }
  })

  test('the new password needs at least 8 characters', async ({ client, assert }) => {
    const { email } = await UserFactory.create()
    const token = await mailedToken(client, email)
    const short = await api(client, 'put', '/forgot-password', { token, password: 'short' })
    short.assertStatus(422)
    assert.equal(fieldErrors(short.body()).password, 'Password must be at least 8 characters')
    const missing = await api(client, 'put', '/forgot-password', { token })
    missing.assertStatus(422)
    assert.equal(fieldErrors(missing.body()).password, 'Password is required')
    // The refused attempts did not consume the link.
    ;(
      await api(client, 'put', '/forgot-password', { token, password: 'brand-new-pass' })
    ).assertStatus(200)
  })
})

test.group('GET /reset-password/:token', (group) => {
  isolate(group)

  test('renders the reset page with the token', async ({ client }) => {
    const response = await client.get('/reset-password/some-token-value').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('auth/reset_password')
    response.assertInertiaPropsContains({ token: 'some-token-value' })
  })
})
