import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Withdrawal from '#models/withdrawal'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { auditRows, onlyAuditRow } from '#tests/helpers/audit'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { customerOf, loginAsSession } from '#tests/helpers/login_as'
import { withdrawPayload } from '#tests/helpers/withdrawals'
import { signedInBrowser } from '#tests/helpers/browser_session'
import {
  ALREADY_IMPERSONATING,
  EXPIRED_IMPERSONATION,
  INACTIVE_CUSTOMER,
  IMPERSONATION_MS,
  REFUSED_MONEY_WHILE_IMPERSONATING,
  REFUSED_WHILE_IMPERSONATING,
  ROUTES_REFUSED_WHILE_IMPERSONATING,
} from '#domain/impersonation'
import router from '@adonisjs/core/services/router'

const url = (id: number | string) => `/admin/customers/login-as/${id}`

test.group('POST /admin/customers/login-as/{id}: who may log in as whom', (group) => {
  isolate(group)

  test('an admin logs in as a customer: the session is the customer, held as a login-as session of the admin', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin)
    const before = Date.now()
    const response = await api(client, 'post', url(customer.id)).loginAs(admin)
    response.assertStatus(200)
    response.assertBodyContains({ redirect: '/', retAgent: false })
    response.assertSession('auth_web', customer.id)
    // The admin's completed sign-in stays: the way back needs no new login.
    response.assertSession('signInComplete', admin.id)
    const session = response.session()
    assert.containsSubset(session.impersonator, { staffId: admin.id, staffRoleId: 1 })
    assert.isAtLeast(session.impersonator.startedAt, before)
    assert.isAtMost(session.impersonator.startedAt, Date.now())
    assert.isString(session.impersonatorStamp)

    const row = await onlyAuditRow('login_as.start', customer.id)
    assert.containsSubset(row, { staff_id: admin.id, staff_role_id: 1, target_type: 'user' })
  })

  test('a manager logs in as a customer they manage; agents as the customers whose lead is theirs (retAgent for role 6)', async ({
    client,
    assert,
  }) => {
    for (const [role, retAgent] of [
      ['manager', false],
      ['agent', false],
      ['retention', true],
    ] as const) {
      const staff = await UserFactory.apply(role).create()
      const customer = await customerOf(staff)
      const response = await api(client, 'post', url(customer.id)).loginAs(staff)
      response.assertStatus(200)
      response.assertBodyContains({ redirect: '/', retAgent })
      response.assertSession('auth_web', customer.id)
      assert.equal(response.session().impersonator.staffId, staff.id, role)
      await onlyAuditRow('login_as.start', customer.id)
    }
  })

  test("another desk's customer: 404 for agents and managers, nothing written, the session unchanged", async ({
    client,
    assert,
  }) => {
    const [agent, retention, manager] = await Promise.all(
      (['agent', 'retention', 'manager'] as const).map((role) => UserFactory.apply(role).create())
    )
    const othersAgent = await UserFactory.apply('agent').create()
    const elsewhere = await customerOf(othersAgent)
    for (const staff of [agent, retention, manager]) {
      const response = await api(client, 'post', url(elsewhere.id)).loginAs(staff)
      response.assertStatus(404)
      response.assertSession('auth_web', staff.id)
      response.assertSessionMissing('impersonator')
    }
    assert.lengthOf(await auditRows({ action: 'login_as.start' }), 0)
  })

  test('a customer or an affiliate is refused (403); a visitor gets 401', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin)
    for (const user of [
      await UserFactory.create(),
      await UserFactory.apply('affiliate').create(),
    ]) {
      const response = await api(client, 'post', url(customer.id)).loginAs(user)
      response.assertStatus(403)
      response.assertSession('auth_web', user.id)
    }
    ;(await api(client, 'post', url(customer.id))).assertStatus(401)
  })

  test('bad ids, staff accounts and deleted customers: 404, never 500', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const gone = await customerOf(admin)
    gone.merge({ deletedAt: DateTime.now() })
    await gone.save()
    const ids = [
      'abc',
      '0',
      '-1',
      '1e3',
      '0x10',
      '1.5',
      '99999999',
      '9'.repeat(30),
      '%00',
      String(admin.id),
      String((await UserFactory.apply('agent').create()).id),
      String(gone.id),
    ]
    for (const id of ids) {
      const response = await api(client, 'post', url(id)).loginAs(admin)
      // Ids of no id shape match no route at all (404 before any session is read).
      assert.equal(response.status(), 404, `${id} → ${response.status()}`)
    }
    assert.lengthOf(await auditRows({ action: 'login_as.start' }), 0)
  })

  test('an inactive customer is refused with a clear message (409)', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin, { isActive: false })
    const response = await api(client, 'post', url(customer.id)).loginAs(admin)
    response.assertStatus(409)
    response.assertBodyContains({ message: INACTIVE_CUSTOMER })
    response.assertSession('auth_web', admin.id)
    assert.lengthOf(await auditRows({ action: 'login_as.start' }), 0)
  })

  test('login-as while already logged in as a customer is refused', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const [first, second] = [await customerOf(admin), await customerOf(admin)]
    const response = await api(client, 'post', url(second.id)).withSession(
      loginAsSession(first, admin)
    )
    // The session is the customer's: role 3 may not log in as anyone.
    response.assertStatus(403)
    response.assertSession('auth_web', first.id)
    assert.equal(response.session().impersonator.staffId, admin.id)
    assert.lengthOf(await auditRows({ action: 'login_as.start' }), 0)
  })

  test('a staff session that still carries a login-as record is refused too (409)', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin)
    const response = await api(client, 'post', url(customer.id)).withSession({
      ...loginAsSession(admin, admin),
    })
    response.assertStatus(409)
    response.assertBodyContains({ message: ALREADY_IMPERSONATING })
  })
})

test.group('Login as: the way back and the banner', (group) => {
  isolate(group)

  test('the page props name whose account is viewed, by whom and until when', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin, { fullName: 'Carla Viewed' })
    const startedAt = Date.now()
    const response = await client
      .get('/dashboard')
      .withInertia()
      .withSession(loginAsSession(customer, admin, startedAt))
    response.assertStatus(200)
    const session = response.inertiaProps.session as any
    assert.equal(session.user.id, customer.id)
    assert.isTrue(session.impersonating)
    assert.deepEqual(session.impersonation, {
      customerName: 'Carla Viewed',
      staffName: admin.fullName,
      endsAt: new Date(startedAt + IMPERSONATION_MS).toISOString(),
    })

    const own = await client.get('/dashboard').withInertia().loginAs(customer)
    assert.isNull((own.inertiaProps.session as any).impersonation)
  })

  test('the whole flow over real cookies: login as, the customer, Back To Admin, the admin again', async ({
    assert,
  }) => {
    const admin = await UserFactory.apply('admin', 'withSecondFactor').create()
    const customer = await customerOf(admin)
    const browser = await signedInBrowser(admin.email, FACTORY_PASSWORD)
    const adminCookie = browser.cookie('broker-session')

    const start = await browser.post(url(customer.id))
    assert.equal(start.status, 200, start.text)
    assert.equal(start.body.redirect, '/')
    assert.notEqual(browser.cookie('broker-session'), adminCookie, 'a new session id')
    const me = await browser.getJson('/auth/user')
    assert.equal(me.status, 200)
    assert.equal(me.body.user?.id ?? me.body.id, customer.id)
    // The site root sends the signed-in customer on to the dashboard.
    const root = await browser.get('/')
    assert.equal(root.status, 302)
    assert.equal(root.location, '/dashboard')
    assert.equal((await browser.get('/admin')).status, 403)

    const back = await browser.post('/authManager/back-to-admin')
    assert.equal(back.status, 200, back.text)
    assert.equal(back.body.redirect, '/admin')
    assert.equal((await browser.get('/admin')).status, 200)
    const end = await onlyAuditRow('login_as.end', customer.id)
    assert.containsSubset(end, { staff_id: admin.id, staff_role_id: 1 })
    assert.deepEqual(end.changes, {})
    await onlyAuditRow('login_as.start', customer.id)
  })
})

test.group('Login as: a logout inside it', (group) => {
  isolate(group)

  test('ends it signed out, with its end in the audit log (reason logout)', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin)
    const response = await api(client, 'post', '/auth/logout').withSession(
      loginAsSession(customer, admin)
    )
    response.assertStatus(200)
    response.assertSessionMissing('auth_web')
    response.assertSessionMissing('impersonator')
    const row = await onlyAuditRow('login_as.end', customer.id)
    assert.containsSubset(row, { staff_id: admin.id, staff_role_id: 1 })
    assert.deepEqual(row.changes, { reason: { before: null, after: 'logout' } })
  })
})

test.group('Login as: what a login-as session may not do', (group) => {
  isolate(group)

  async function session() {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    return { admin, customer, data: loginAsSession(customer, admin) }
  }

  function refused(response: any, message = REFUSED_WHILE_IMPERSONATING) {
    response.assertStatus(403)
    response.assertBodyContains({ message })
  }

  test('a withdrawal request', async ({ client, assert }) => {
    const { customer, data } = await session()
    const before = await Withdrawal.query().where('user_id', customer.id).count('* as n')
    refused(
      await api(client, 'post', '/withdraws/bank', await withdrawPayload(customer)).withSession(
        data
      ),
      REFUSED_MONEY_WHILE_IMPERSONATING
    )
    const after = await Withdrawal.query().where('user_id', customer.id).count('* as n')
    assert.equal(Number(after[0].$extras.n), Number(before[0].$extras.n))
  })

  test('a password change', async ({ client, assert }) => {
    const { customer, data } = await session()
    refused(
      await api(client, 'put', '/security/password', {
        currentPassword: FACTORY_PASSWORD,
        newPassword: 'another-password-1',
      }).withSession(data)
    )
    const row = await db.from('users').where('id', customer.id).select('password').first()
    assert.equal(row.password, customer.password)
  })

  test('an e-mail change (the profile form carrying an e-mail); the rest of the profile form is allowed', async ({
    client,
    assert,
  }) => {
    const { customer, data } = await session()
    refused(
      await api(client, 'put', '/profile/me', {
        fullName: 'Carla Customer',
        email: 'taken-over@evil.test',
      }).withSession(data)
    )
    assert.equal((await User.findOrFail(customer.id)).email, customer.email)
    const save = await api(client, 'put', '/profile/me', { fullName: 'Carla Changed' }).withSession(
      data
    )
    save.assertStatus(200)
  })

  test('second-factor changes: set up, confirm, new recovery codes, turn off', async ({
    client,
  }) => {
    const { data } = await session()
    for (const [method, path, body] of [
      ['post', '/security/two-factor/setup', { password: FACTORY_PASSWORD }],
      ['post', '/security/two-factor/confirm', { code: '123456' }],
      ['post', '/security/two-factor/recovery-codes', { password: FACTORY_PASSWORD }],
      ['delete', '/security/two-factor', { password: FACTORY_PASSWORD, code: '123456' }],
    ] as const) {
      refused(await api(client, method, path, body).withSession(data))
    }
  })

  test('every refused route name names a route of the router', ({ assert }) => {
    const names = new Set(
      Object.values(router.toJSON())
        .flat()
        .map((route) => route.name)
    )
    for (const name of [...ROUTES_REFUSED_WHILE_IMPERSONATING, 'profile.update'])
      assert.isTrue(names.has(name), name)
  })

  test("the customer's own session is not refused", async ({ client }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'put', '/profile/me', { fullName: 'Carla Own' }).loginAs(
      customer
    )
    response.assertStatus(200)
    const password = await api(client, 'put', '/security/password', {
      currentPassword: 'wrong-password',
      newPassword: 'another-password-1',
    }).loginAs(customer)
    // Reaches the password check (422), not the login-as refusal.
    password.assertStatus(422)
  })
})

test.group('Login as: 30 minutes at most', (group) => {
  isolate(group)

  const expired = () => Date.now() - IMPERSONATION_MS - 1000

  test('after 30 minutes a page visit ends it: back to the staff account on its home, audited', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin)
    const response = await client
      .get('/dashboard')
      .redirects(0)
      .withSession(loginAsSession(customer, admin, expired()))
    response.assertStatus(302)
    response.assertHeader('location', '/admin')
    response.assertSession('auth_web', admin.id)
    response.assertSession('signInComplete', admin.id)
    response.assertSessionMissing('impersonator')
    const row = await onlyAuditRow('login_as.end', customer.id)
    assert.containsSubset(row, { staff_id: admin.id })
    assert.deepEqual(row.changes, { reason: { before: null, after: 'expired' } })
  })

  test('a call after 30 minutes is not carried out (409) and the session is the staff member again', async ({
    client,
    assert,
  }) => {
    const agent = await UserFactory.apply('agent').create()
    const customer = await customerOf(agent, { fullName: 'Kept Name' })
    const response = await api(client, 'put', '/profile/me', {
      fullName: 'Changed Name',
    }).withSession(loginAsSession(customer, agent, expired()))
    response.assertStatus(409)
    response.assertBodyContains({ message: EXPIRED_IMPERSONATION })
    response.assertSession('auth_web', agent.id)
    assert.equal((await User.findOrFail(customer.id)).fullName, 'Kept Name')
    assert.equal((await User.findOrFail(agent.id)).fullName, agent.fullName)
    await onlyAuditRow('login_as.end', customer.id)
  })

  test('before 30 minutes nothing ends', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await customerOf(admin)
    const response = await client
      .get('/auth/user')
      .header('Accept', 'application/json')
      .withSession(loginAsSession(customer, admin, Date.now() - IMPERSONATION_MS + 60_000))
    response.assertStatus(200)
    response.assertSession('auth_web', customer.id)
    assert.lengthOf(await auditRows({ action: 'login_as.end' }), 0)
  })

  test('an expired login-as session of a staff account that is gone ends signed out', async ({
    client,
  }) => {
    const customer = await customerOf(await UserFactory.apply('admin').create())
    const other = await UserFactory.create()
    const response = await client
      .get('/dashboard')
      .redirects(0)
      .withSession({
        auth_web: customer.id,
        impersonator: { staffId: other.id, staffRoleId: 1, startedAt: expired() },
        signInComplete: other.id,
      })
    response.assertStatus(302)
    response.assertHeader('location', '/')
    response.assertSessionMissing('auth_web')
  })
})
