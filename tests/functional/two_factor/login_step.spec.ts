import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { recoveryCodeHash } from '#services/two_factor_secrets'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, DEMO_PASSWORD } from '#tests/helpers/users'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { appCode, freshRecoveryCode, steadyStep } from '#tests/helpers/two_factor'
import { afterPassword, pendingLoginSession } from '#tests/helpers/two_factor_flow'

const INVALID = 'The code is invalid or was already used'

type StaffState = 'admin' | 'manager' | 'affiliate' | 'agent' | 'retention'

/** A staff member with the second factor on (FACTORY_TOTP_KEY, so `appCode()` answers), as every staff account has it. */
const staffMember = (role: StaffState) => UserFactory.apply(role, 'withSecondFactor').create()

/** A browser past the password step as that user. */
const pastPassword = (user: User, remember = false) =>
  afterPassword(user.email, remember, FACTORY_PASSWORD)

test.group('Two-factor login: the password step', (group) => {
  isolate(group)

  test('a staff password signs nobody in: the session holds a pending login for the code page', async ({
    client,
  }) => {
    // The seeded staff accounts, one of each role, as they are seeded.
    for (const email of [DEMO.admin, DEMO.manager, DEMO.affiliate, DEMO.agent, DEMO.retention]) {
      const response = await api(client, 'post', '/auth/login', { email, password: DEMO_PASSWORD })
      response.assertStatus(200)
      response.assertBodyContains({ redirect: '/login/two-factor' })
      response.assertSessionMissing('auth_web')
    }
  })

  test('after the password, staff routes and the shell send the visitor to the code page', async ({
    assert,
  }) => {
    const { browser } = await pastPassword(await staffMember('admin'))
    const page = await browser.get('/admin')
    assert.equal(page.status, 302)
    assert.equal(page.location, '/login/two-factor')
    assert.equal((await browser.get('/dashboard')).location, '/login/two-factor')
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    assert.equal((await browser.getJson('/admin/audit/api')).status, 401)
    assert.equal((await browser.get('/login/two-factor')).status, 200)
  })

  test('a customer without a second factor signs in with the password alone', async ({
    client,
  }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
    })
    response.assertBodyContains({ redirect: '/dashboard' })
    response.assertSession('auth_web', customer.id)
    response.assertSession('signInComplete', customer.id)
  })

  test('a customer who turned it on takes the code step too', async ({ client }) => {
    const customer = await UserFactory.apply('withSecondFactor').create()
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
    })
    response.assertBodyContains({ redirect: '/login/two-factor' })
    response.assertSessionMissing('auth_web')
  })
})

test.group('Two-factor login: the code step', (group) => {
  isolate(group)

  test('the right app code signs in under a new session id, complete', async ({ assert }) => {
    const admin = await staffMember('admin')
    const { browser } = await pastPassword(admin)
    const before = browser.cookie('broker-session')
    const step = await browser.post('/login/two-factor', { code: appCode() })
    assert.equal(step.status, 200, step.text)
    assert.equal(step.body.redirect, '/dashboard')
    assert.notEqual(browser.cookie('broker-session'), before)
    const me = await browser.getJson('/auth/user')
    assert.equal(me.status, 200)
    assert.equal(me.body.user.id, admin.id)
    assert.equal((await browser.get('/admin')).status, 200)
  })

  test('one step of clock drift either way is accepted; two are not', async ({ assert }) => {
    const manager = await staffMember('manager')
    for (const steps of [-1, 1]) {
      const { browser } = await pastPassword(manager)
      await steadyStep()
      const step = await browser.post('/login/two-factor', { code: appCode(undefined, steps) })
      assert.equal(step.status, 200, `${steps}: ${step.text}`)
      await db.from('two_factor_credentials').update({ last_used_step: null })
    }
    for (const steps of [-2, 2]) {
      const { browser } = await pastPassword(manager)
      await steadyStep()
      const step = await browser.post('/login/two-factor', { code: appCode(undefined, steps) })
      assert.equal(step.status, 422, `${steps}`)
      assert.equal(fieldErrors(step.body).code, INVALID)
    }
  })

  test('a code is never accepted twice, nor one older than the last used', async ({ assert }) => {
    const agent = await staffMember('agent')
    const retention = await staffMember('retention')
    const code = appCode()
    const first = await pastPassword(agent)
    assert.equal((await first.browser.post('/login/two-factor', { code })).status, 200)
    const second = await pastPassword(agent)
    const replay = await second.browser.post('/login/two-factor', { code })
    assert.equal(replay.status, 422)
    assert.equal(fieldErrors(replay.body).code, INVALID)
    assert.equal((await second.browser.getJson('/auth/user')).status, 401)

    // After the next step's code (drift +1), the current one is stale too.
    const third = await pastPassword(retention)
    assert.equal(
      (await third.browser.post('/login/two-factor', { code: appCode(undefined, 1) })).status,
      200
    )
    const fourth = await pastPassword(retention)
    assert.equal((await fourth.browser.post('/login/two-factor', { code: appCode() })).status, 422)
  })

  test('a recovery code works once, typed in any case, with or without dashes', async ({
    assert,
  }) => {
    const admin = await staffMember('admin')
    const code = await freshRecoveryCode(admin)
    const { browser } = await pastPassword(admin)
    const typed = code.replaceAll('-', '').toUpperCase()
    const step = await browser.post('/login/two-factor', { code: typed })
    assert.equal(step.status, 200, step.text)
    assert.equal(step.body.method, 'recovery')
    const again = await pastPassword(admin)
    const reused = await again.browser.post('/login/two-factor', { code })
    assert.equal(reused.status, 422)
    const row = await db
      .from('two_factor_recovery_codes')
      .where('user_id', admin.id)
      .where('code_hash', recoveryCodeHash(code))
      .firstOrFail()
    assert.isNotNull(row.used_at)
  })

  test("another account's recovery code does not open this one", async ({ assert }) => {
    const code = await freshRecoveryCode(await staffMember('manager'))
    const { browser } = await pastPassword(await staffMember('admin'))
    assert.equal((await browser.post('/login/two-factor', { code })).status, 422)
  })

  test('bad input: 422 under the field, nobody signed in', async ({ assert }) => {
    const { browser } = await pastPassword(await staffMember('admin'))
    for (const [body, message] of [
      [{}, 'Code is required'],
      [{ code: '' }, 'Code is required'],
      [{ code: 12 }, 'Code is required'],
      [{ code: ['123456'] }, 'Code is required'],
      [{ code: 'abc' }, INVALID],
      [{ code: '12345' }, INVALID],
      [{ code: '1'.repeat(65) }, INVALID],
    ] as const) {
      const response = await browser.post('/login/two-factor', body)
      assert.equal(response.status, 422, JSON.stringify(body))
      assert.equal(fieldErrors(response.body).code, message, JSON.stringify(body))
    }
    assert.equal((await browser.getJson('/auth/user')).status, 401)
  })

  test('remember me asked at the password step is honoured after the code', async ({ assert }) => {
    const { browser } = await pastPassword(await staffMember('admin'), true)
    assert.isUndefined(browser.cookie('remember_web'))
    await browser.post('/login/two-factor', { code: appCode() })
    assert.isString(browser.cookie('remember_web'))
  })
})

test.group('Two-factor login: the pending login', (group) => {
  isolate(group)

  test('without a pending login the code page goes back to the login form and a post gets 400', async ({
    client,
  }) => {
    const page = await client.get('/login/two-factor').redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/')
    ;(await client.get('/login/two-factor/enrol').redirects(0)).assertHeader('location', '/')
    const post = await api(client, 'post', '/login/two-factor', { code: '123456' })
    post.assertStatus(400)
    post.assertBodyContains({ message: 'Your sign-in has expired. Please log in again.' })
  })

  test('it expires after a few minutes', async ({ client }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const live = await api(client, 'post', '/login/two-factor', { code: appCode() }).withSession(
      pendingLoginSession(admin)
    )
    live.assertStatus(200)
    live.assertSession('auth_web', admin.id)
    await db.from('two_factor_credentials').update({ last_used_step: null })

    const expired = await api(client, 'post', '/login/two-factor', {
      code: appCode(),
    }).withSession(pendingLoginSession(admin, { expiresAt: Date.now() - 1 }))
    expired.assertStatus(400)
    expired.assertSessionMissing('auth_web')
  })

  test('it ends when the password changes or the sessions are ended in between', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const session = pendingLoginSession(admin)
    await User.endSessions(admin.id)
    const response = await api(client, 'post', '/login/two-factor', {
      code: appCode(),
    }).withSession(session)
    response.assertStatus(400)
    response.assertSessionMissing('auth_web')
  })

  test('it ends when the account is deactivated in between', async ({ client }) => {
    const manager = await UserFactory.apply('manager', 'withSecondFactor').create()
    const session = pendingLoginSession(manager)
    await db.from('users').where('id', manager.id).update({ is_active: false })
    const response = await api(client, 'post', '/login/two-factor', {
      code: appCode(),
    }).withSession(session)
    response.assertStatus(400)
  })

  test('a signed-in user asking for the code page goes to the dashboard', async ({ client }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const response = await client.get('/login/two-factor').loginAs(admin).redirects(0)
    response.assertHeader('location', '/dashboard')
  })
})

test.group('Two-factor login: throttling', (group) => {
  isolate(group)

  test('5 wrong codes for an account block it for 15 minutes, the right code included', async ({
    assert,
  }) => {
    const { browser } = await pastPassword(await staffMember('admin'))
    for (let i = 0; i < 5; i++) {
      assert.equal((await browser.post('/login/two-factor', { code: '000000' })).status, 422)
    }
    const blocked = await browser.post('/login/two-factor', { code: appCode() })
    assert.equal(blocked.status, 429)
    assert.match(blocked.body.message, /Too many wrong codes\. Please wait \d+ min and try again\./)
    assert.equal((await browser.getJson('/auth/user')).status, 401)
    // Another account from the same address still gets its turn.
    const other = await pastPassword(await staffMember('manager'))
    assert.equal((await other.browser.post('/login/two-factor', { code: appCode() })).status, 200)
  })

  test('20 wrong codes from one address block it for every account', async ({ assert }) => {
    const roles: StaffState[] = ['admin', 'manager', 'affiliate', 'agent', 'retention']
    for (const role of roles) {
      const { browser } = await pastPassword(await staffMember(role))
      for (let i = 0; i < 4; i++) {
        assert.equal((await browser.post('/login/two-factor', { code: '000000' })).status, 422)
      }
    }
    const { browser } = await pastPassword(await UserFactory.apply('withSecondFactor').create())
    assert.equal((await browser.post('/login/two-factor', { code: appCode() })).status, 429)
  })
})
