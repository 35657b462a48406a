import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import User from '#models/user'
import VerifyEmailNotification from '#mails/verify_email_notification'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { BrowserSession } from '#tests/helpers/browser_session'
import { secondFactorCodeFor } from '#tests/helpers/two_factor'

test.group('POST /auth/login', (group) => {
  isolate(group)

  test('signs a customer in and answers with the dashboard as the next stop', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: false,
    })
    response.assertStatus(200)
    assert.equal(response.body().redirect, '/dashboard')
    response.assertSession('auth_web', customer.id)
    // Only the clearing cookie (empty, expired) may be sent; no token is stored.
    assert.isNotOk(response.cookie('remember_web')?.value)
    assert.lengthOf(await User.rememberMeTokens.all(customer), 0)
  })

  test('e-mail is matched case-insensitively and trimmed', async ({ client }) => {
    await UserFactory.merge({ email: 'case-check@factory.test' }).create()
    const response = await api(client, 'post', '/auth/login', {
      email: '  Case-Check@Factory.TEST ',
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(200)
  })

  test('remember me sets a remember-me cookie backed by a stored token', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    response.assertStatus(200)
    assert.isOk(response.cookie('remember_web')?.value)
    assert.isAbove(Number(response.cookie('remember_web')!.maxAge), 24 * 3600)
    const tokens = await User.rememberMeTokens.all(customer)
    assert.lengthOf(tokens, 1)
  })

  test('every role lands on the dashboard after login (staff after the two-factor code step)', async ({
    assert,
  }) => {
    for (const email of Object.values(DEMO)) {
      const browser = new BrowserSession()
      await browser.open()
      const code = await secondFactorCodeFor(email)
      const response = await browser.post('/auth/login', { email, password: DEMO_PASSWORD })
      assert.equal(response.status, 200, email)
      if (code) {
        assert.equal(response.body.redirect, '/login/two-factor', email)
        const step = await browser.post('/login/two-factor', { code })
        assert.equal(step.status, 200, email)
        assert.equal(step.body.redirect, '/dashboard', email)
      } else {
        assert.equal(response.body.redirect, '/dashboard', email)
      }
    }
  })

  test('the session cookie it sets opens the dashboard in the next request', async ({ assert }) => {
    const browser = new BrowserSession()
    await browser.open()
    const before = await browser.get('/dashboard')
    assert.equal(before.status, 302)
    assert.equal(before.location, '/')

    const customer = await UserFactory.create()
    const response = await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
    })
    assert.equal(response.status, 200, response.text)

    const dashboard = await browser.get('/dashboard')
    assert.equal(dashboard.status, 200)
    const me = await browser.getJson('/auth/user')
    assert.equal(me.status, 200)
    assert.equal(me.body.user.email, customer.email)
  })

  test('the remember-me cookie signs the browser back in after the session ends', async ({
    assert,
  }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    browser.dropCookie('broker-session')
    const me = await browser.getJson('/auth/user')
    assert.equal(me.status, 200)
    assert.equal(me.body.user.email, customer.email)
  })

  test('without remember me, a closed browser is signed out', async ({ assert }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: false,
    })
    browser.dropCookie('broker-session')
    assert.equal((await browser.getJson('/auth/user')).status, 401)
  })

  test('logging out revokes the remember-me token', async ({ assert }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    const remember = browser.cookie('remember_web')!
    ;(await browser.post('/auth/logout')).status
    const replay = await fetch(new URL('/auth/user', browser.baseUrl), {
      headers: { cookie: `remember_web=${remember}`, accept: 'application/json' },
    })
    assert.equal(replay.status, 401)
  })

  test('a password change signs out other remembered browsers', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const browser = new BrowserSession()
    await browser.open()
    await browser.post('/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: true,
    })
    ;(
      await api(client, 'put', '/security/password', {
        currentPassword: FACTORY_PASSWORD,
        newPassword: 'changed-pass-1',
      }).loginAs(customer)
    ).assertStatus(200)
    browser.dropCookie('broker-session')
    assert.equal((await browser.getJson('/auth/user')).status, 401)
  })

  test('a wrong password answers 400 Invalid Credentials', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: 'wrong-password',
    })
    response.assertStatus(400)
    assert.equal(response.body().message, 'Invalid Credentials')
    assert.deepEqual(response.body().errors, [])
    response.assertSessionMissing('auth_web')
  })

  test('an unknown e-mail answers exactly like a wrong password', async ({ client }) => {
    const response = await api(client, 'post', '/auth/login', {
      email: 'nobody-here@demo.test',
      password: DEMO_PASSWORD,
    })
    response.assertStatus(400)
    response.assertBody({ message: 'Invalid Credentials', errors: [] })
  })

  test('missing fields answer 422 with the form messages', async ({ client, assert }) => {
    const response = await api(client, 'post', '/auth/login', {})
    response.assertStatus(422)
    const errors = fieldErrors(response.body())
    assert.equal(errors.email, 'Email is required')
    assert.equal(errors.password, 'Password is required')
    assert.equal(response.body().message, 'Email is required')
  })

  test('a malformed e-mail answers 422', async ({ client, assert }) => {
    const response = await api(client, 'post', '/auth/login', {
      email: 'not-an-email',
      password: 'x',
    })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).email, 'Enter a valid email address')
  })

  test('a disabled account is refused even with the right password', async ({ client, assert }) => {
    const customer = await UserFactory.apply('inactive').create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(403)
    assert.match(response.body().message, /disabled/i)
    response.assertSessionMissing('auth_web')
  })

  test('a disabled account with a wrong password still only hears Invalid Credentials', async ({
    client,
  }) => {
    const customer = await UserFactory.apply('inactive').create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: 'nope-nope',
    })
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Invalid Credentials' })
  })

  test('with emailVerify on, an unverified user is refused with 403 and sent a new link', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const newcomer = await UserFactory.apply('unverified').create()

    const response = await api(client, 'post', '/auth/login', {
      email: newcomer.email,
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(403)
    assert.match(response.body().message, /verify your e-mail/i)
    response.assertSessionMissing('auth_web')
    mails.assertSent(VerifyEmailNotification, ({ message }) => message.hasTo(newcomer.email))
  })

  test('with emailVerify off, an unverified user may log in', async ({ client }) => {
    await settings.put('emailVerify', { value1: 'off' })
    const newcomer = await UserFactory.apply('unverified').create()
    const response = await api(client, 'post', '/auth/login', {
      email: newcomer.email,
      password: FACTORY_PASSWORD,
    })
    response.assertStatus(200)
  })

  test('an unverified user with a wrong password gets no mail', async ({ client }) => {
    const { mails } = mail.fake()
    const newcomer = await UserFactory.apply('unverified').create()
    const response = await api(client, 'post', '/auth/login', {
      email: newcomer.email,
      password: 'wrong-password',
    })
    response.assertStatus(400)
    mails.assertNoneSent()
  })
})

test.group('POST /auth/login throttling', (group) => {
  isolate(group)

  test('after 5 failures the e-mail is blocked with 429, even with the right password', async ({
    client,
    assert,
  }) => {
    const { email } = await UserFactory.apply('affiliate', 'withSecondFactor').create()
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    for (let i = 0; i < 5; i++) {
      const response = await api(client, 'post', '/auth/login', {
        email,
        password: `wrong-${i}-password`,
      })
      response.assertStatus(400)
    }
    const blocked = await api(client, 'post', '/auth/login', { email, password: FACTORY_PASSWORD })
    blocked.assertStatus(429)
    assert.match(
      blocked.body().message,
      /Too many failed login attempts\. Please try again in \d+ minutes?\./
    )
    assert.deepEqual(blocked.body().errors, [])
    blocked.assertSessionMissing('auth_web')

    // Another account from the same address is not affected.
    const other = await api(client, 'post', '/auth/login', {
      email: manager.email,
      password: FACTORY_PASSWORD,
    })
    other.assertStatus(200)
  })

  test('unknown e-mails are throttled too (no account enumeration through the limiter)', async ({
    client,
  }) => {
    const email = `throttle-${Date.now()}@nowhere.test`
    for (let i = 0; i < 5; i++) {
      ;(await api(client, 'post', '/auth/login', { email, password: 'whatever1' })).assertStatus(
        400
      )
    }
    ;(await api(client, 'post', '/auth/login', { email, password: 'whatever1' })).assertStatus(429)
  })

  test('the visitor forms allow 30 requests a minute per address, then answer 429', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    // Wrong logins for 30 different e-mails: no per-account limit is reached, only the form budget.
    for (let i = 0; i < 30; i++) {
      ;(
        await api(client, 'post', '/auth/login', {
          email: `nobody${i}@nowhere.test`,
          password: 'whatever1',
        })
      ).assertStatus(400)
    }
    const blocked = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
    })
    blocked.assertStatus(429)
    assert.isString(blocked.body().message)
    assert.deepEqual(blocked.body().errors, [])
    // The same budget covers the reset form and sign-up.
    ;(await api(client, 'post', '/forgot-password', { email: 'nobody@nowhere.test' })).assertStatus(
      429
    )
  })

  test('a success before the limit resets the failure count', async ({ client }) => {
    const { email } = await UserFactory.apply('retention', 'withSecondFactor').create()
    for (let i = 0; i < 4; i++) {
      ;(
        await api(client, 'post', '/auth/login', { email, password: 'wrong-password' })
      ).assertStatus(400)
    }
    ;(await api(client, 'post', '/auth/login', { email, password: FACTORY_PASSWORD })).assertStatus(
      200
    )
    for (let i = 0; i < 4; i++) {
      ;(
        await api(client, 'post', '/auth/login', { email, password: 'wrong-password' })
      ).assertStatus(400)
    }
    ;(await api(client, 'post', '/auth/login', { email, password: FACTORY_PASSWORD })).assertStatus(
      200
    )
  })
})
