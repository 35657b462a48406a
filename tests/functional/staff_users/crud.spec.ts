import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { staffUserFormOf as formOf } from '#tests/helpers/staff_users'
import { DEMO, demoUser } from '#tests/helpers/users'
import { behindProxies } from '#tests/helpers/client_address'
import { createUser } from '#actions/staff_users/create_user'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { enrol } from '#tests/helpers/two_factor'

/**
 * The acting admin, made by the test; named so that no search of the seeded staff
 * below ('max man', 'carla') can match it.
 */
const admin = () => UserFactory.apply('admin').merge({ fullName: 'Ines Admin' }).create()

/** An account whose e-mail is taken, to refuse another account with it. */
const takenEmail = async () => (await UserFactory.apply('manager').create()).email

/** The form as the modal sends it. */
const FORM = {
  fullName: 'Nora New',
  email: 'nora.new@broker.test',
  password: 'a-long-password',
  roleId: 2,
  isEmailVerified: true,
  isActive: true,
  whitelist: null as string | null,
}

const userCount = async () => Number((await db.from('users').count('* as n').first()).n)
const whitelistRow = (userId: number) => db.from('whitelists').where('user_id', userId).first()

test.group('Admin & Staffs: page and list', (group) => {
  isolate(group)

  test('GET /admin/users renders the page in the back-office shell', async ({ client }) => {
    const response = await client
      .get('/admin/users')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/users/index')
  })

  test('the list holds staff accounts only, newest first, with the spec columns and no password', async ({
    client,
    assert,
  }) => {
    const as = await admin() // before the agent, which must be the newest row
    const agent = await UserFactory.apply('agent').create()
    await db.table('whitelists').insert({
      user_id: agent.id,
      ip_address: '203.0.113.7',
      created_at: new Date(),
    })
    const response = await api(client, 'get', '/admin/users/api?limit=50').loginAs(as)
    response.assertStatus(200)
    const rows = response.body().data as any[]
    assert.isTrue(rows.every((r) => [1, 2, 4, 5, 6].includes(r.roleId)))
    assert.notInclude(
      rows.map((r) => r.email),
      DEMO.customer
    )
    assert.deepEqual(rows[0], {
      id: agent.id,
      fullName: agent.fullName,
      email: agent.email,
      roleId: 5,
      role: 'Agent',
      isEmailVerified: true,
      isActive: true,
      whitelist: '203.0.113.7',
      twoFactor: false,
    })
    assert.notInclude(response.text(), 'password')
    assert.isAbove(response.body().meta.total, 4)
  })

  test('a row says whether the account has a second factor to reset', async ({
    client,
    assert,
  }) => {
    const [enrolled, bare] = await UserFactory.apply('agent').createMany(2)
    await enrol(enrolled)
    const response = await api(client, 'get', '/admin/users/api?limit=50').loginAs(await admin())
    response.assertStatus(200)
    const flagOf = (id: number) =>
      (response.body().data as any[]).find((r) => r.id === id)?.twoFactor
    assert.isTrue(flagOf(enrolled.id))
    assert.isFalse(flagOf(bare.id))
  })

  test('search matches the full name or the e-mail, case-insensitively, wildcards literally', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const byName = await api(client, 'get', '/admin/users/api?search=MAX%20MAN').loginAs(as)
    assert.deepEqual(
      byName.body().data.map((r: any) => r.email),
      [DEMO.manager]
    )
    const byMail = await api(client, 'get', '/admin/users/api?search=retention@').loginAs(as)
    assert.deepEqual(
      byMail.body().data.map((r: any) => r.email),
      [DEMO.retention]
    )
    const wildcard = await api(client, 'get', '/admin/users/api?search=%25').loginAs(as)
    assert.lengthOf(wildcard.body().data, 0)
    const customer = await api(client, 'get', '/admin/users/api?search=carla').loginAs(as)
    assert.lengthOf(customer.body().data, 0)
  })

  test('bad paging is a 422 under its field', async ({ client, assert }) => {
    const as = await admin()
    for (const [query, field] of [
      ['limit=7', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const response = await api(client, 'get', `/admin/users/api?${query}`).loginAs(as)
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), field, query)
    }
  })

  test('roles 2 to 6 get 403 on every route; a visitor is sent to / (page) or gets 401', async ({
    client,
  }) => {
    const target = await UserFactory.apply('agent').create()
    const calls: [string, string][] = [
      ['get', '/admin/users/api'],
      ['post', '/admin/users'],
      ['put', `/admin/users/${target.id}`],
      ['delete', `/admin/users/${target.id}`],
    ]
    for (const email of [DEMO.manager, DEMO.customer, DEMO.affiliate, DEMO.agent, DEMO.retention]) {
      const user = await demoUser(email)
      ;(await client.get('/admin/users').loginAs(user).withInertia()).assertStatus(403)
      for (const [method, url] of calls) {
        ;(await api(client, method as any, url, FORM).loginAs(user)).assertStatus(403)
      }
    }
    const page = await client.get('/admin/users').redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/')
    for (const [method, url] of calls)
      (await api(client, method as any, url, FORM)).assertStatus(401)
  })
})

test.group('Admin & Staffs: add (POST /admin/users)', (group) => {
  isolate(group)

  test('adds the account with a hashed password, its whitelist and an audit row without the password', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const response = await api(client, 'post', '/admin/users', {
      ...FORM,
      email: 'Nora.NEW@Broker.test',
      whitelist: ' 203.0.113.7 ,10.0.0.0/8 ',
    }).loginAs(as)
    response.assertStatus(201)
    assert.equal(response.body().message, 'User added successfully')
    const user = await User.findByOrFail('email', 'nora.new@broker.test')
    assert.equal(user.roleId, 2)
    assert.isTrue(user.isEmailVerified)
    assert.isNotNull(user.emailVerifiedAt)
    assert.notEqual(user.password, FORM.password)
    assert.isTrue(await hash.verify(user.password, FORM.password))
    assert.equal((await whitelistRow(user.id)).ip_address, '203.0.113.7, 10.0.0.0/8')
    assert.equal(response.body().user.whitelist, '203.0.113.7, 10.0.0.0/8')

    const audit = await onlyAuditRow('user.create', user.id)
    assert.equal(audit.staff_id, as.id)
    assert.equal(audit.changes.email.after, 'nora.new@broker.test')
    assert.notInclude(JSON.stringify(audit.changes), user.password)
    assert.notInclude(JSON.stringify(audit.changes), FORM.password)

    // The new account signs in with that password, from an address its whitelist lists.
    const login = await behindProxies('loopback', () =>
      api(client, 'post', '/auth/login', {
        email: 'nora.new@broker.test',
        password: FORM.password,
      }).header('X-Forwarded-For', '10.1.2.3')
    )
    login.assertStatus(200)
  })

  test('each missing or bad field gets the spec message and nothing is written', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const taken = await takenEmail()
    const users = await userCount()
    const audits = await auditCount()
    const empty = await api(client, 'post', '/admin/users', {}).loginAs(as)
    empty.assertStatus(422)
    assert.deepInclude(fieldErrors(empty.body()), {
      fullName: 'Full name is required',
      email: 'Email is required',
      password: 'Password is required',
      isEmailVerified: 'Email verification is required',
      isActive: 'Active status is required',
    })

    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: '   ' }, 'fullName', 'Full name is required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email'],
      [{ email: '' }, 'email', 'Email is required'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ password: '' }, 'password', 'Password is required'],
      [{ isEmailVerified: null }, 'isEmailVerified', 'Email verification is required'],
      [{ isActive: 'maybe' }, 'isActive', 'Active status is required'],
      [{ roleId: 9 }, 'roleId', 'Choose a role from the list'],
      [{ roleId: '0x1' }, 'roleId', 'Choose a role from the list'],
      [{ email: taken.toUpperCase() }, 'email', 'This email is already registered'],
      [
        { whitelist: '203.0.113.7, 300.0.0.1, 10.0.0.0/40, office' },
        'whitelist',
        'Not an IP address or CIDR range: 300.0.0.1, 10.0.0.0/40, office',
      ],
      [{ whitelist: 'loopback' }, 'whitelist', 'Not an IP address or CIDR range: loopback'],
      [{ whitelist: ['10.0.0.1'] }, 'whitelist', 'Whitelist must be comma-separated IP addresses'],
    ]
    for (const [change, field, message] of cases) {
      const response = await api(client, 'post', '/admin/users', { ...FORM, ...change }).loginAs(as)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(change))
    }
    assert.equal(await userCount(), users)
    assert.equal(await auditCount(), audits)
  })

  test('two adds of one e-mail at once: one is added, the other is a 422 under email', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const [one, two] = await Promise.all([
      api(client, 'post', '/admin/users', FORM).loginAs(as),
      api(client, 'post', '/admin/users', FORM).loginAs(as),
    ])
    const statuses = [one.status(), two.status()].sort()
    assert.deepEqual(statuses, [201, 422])
    const refused = one.status() === 422 ? one : two
    assert.equal(fieldErrors(refused.body()).email, 'This email is already registered')
  })

  test('a request that passed the e-mail check before a racing insert gets the unique index as a 422', async ({
    assert,
  }) => {
    // The action without the validator, as the slower of two racing requests reaches it.
    const as = await admin()
    const error = await createUser({
      ...FORM,
      email: await takenEmail(),
      staff: { id: as.id, roleId: 1 },
      ip: null,
    }).catch((e) => e)
    assert.instanceOf(error, UserFacingException)
    assert.equal(error.status, 422)
    assert.equal(error.field, 'email')
    assert.equal(error.message, 'This email is already registered')
  })

  test('a customer added with role User gets sign-up wallets', async ({ client, assert }) => {
    const response = await api(client, 'post', '/admin/users', {
      ...FORM,
      email: 'new.customer@broker.test',
      roleId: 3,
    }).loginAs(await admin())
    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'new.customer@broker.test')
    const wallets = await db.from('balances').where('user_id', user.id).orderBy('mode')
    assert.deepEqual(
      wallets.map((w) => w.mode),
      ['demo', 'real']
    )
    assert.equal(user.activeBalanceId, wallets[0].id)
  })
})

test.group('Admin & Staffs: edit (PUT /admin/users/:id)', (group) => {
  isolate(group)

  test('edits the fields; a blank password keeps the current one; the audit row masks the password', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const agent = await UserFactory.apply('agent').create()
    const oldHash = agent.password
    const response = await api(
      client,
      'put',
      `/admin/users/${agent.id}`,
      formOf(agent, {
        fullName: 'Renamed Agent',
        isEmailVerified: false,
        whitelist: '2001:db8::/32',
      })
    ).loginAs(as)
    response.assertStatus(200)
    assert.equal(response.body().message, 'User updated successfully')
    await agent.refresh()
    assert.equal(agent.fullName, 'Renamed Agent')
    assert.isFalse(agent.isEmailVerified)
    assert.isNull(agent.emailVerifiedAt)
    assert.equal(agent.password, oldHash)
    assert.equal((await whitelistRow(agent.id)).ip_address, '2001:db8::/32')

    const withPassword = await api(
      client,
      'put',
      `/admin/users/${agent.id}`,
      formOf(agent, { password: 'another-long-one', whitelist: '' })
    ).loginAs(as)
    withPassword.assertStatus(200)
    await agent.refresh()
    assert.isTrue(await hash.verify(agent.password, 'another-long-one'))
    assert.isNull(await whitelistRow(agent.id))

    const rows = await db
      .from('audit_logs')
      .where('action', 'user.update')
      .where('target_id', String(agent.id))
      .orderBy('id', 'asc')
    assert.lengthOf(rows, 2)
    const second = JSON.parse(rows[1].changes)
    assert.property(second, 'password')
    assert.notInclude(rows[1].changes, agent.password)
    assert.notInclude(rows[1].changes, 'another-long-one')
    assert.deepEqual(second.whitelist, { before: '2001:db8::/32', after: null })
  })

  test('a short new password, a taken e-mail and a bad whitelist are 422s and nothing changes', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const agent = await UserFactory.apply('agent').create()
    const taken = await takenEmail()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ email: taken }, 'email', 'This email is already registered'],
      [
        { whitelist: '10.0.0.1, 10.0.0.999' },
        'whitelist',
        'Not an IP address or CIDR range: 10.0.0.999',
      ],
      [{ fullName: '' }, 'fullName', 'Full name is required'],
      [{ isActive: undefined }, 'isActive', 'Active status is required'],
    ]
    const audits = await auditCount()
    for (const [change, field, message] of cases) {
      const response = await api(
        client,
        'put',
        `/admin/users/${agent.id}`,
        formOf(agent, change)
      ).loginAs(as)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(change))
    }
    const stored = await User.findOrFail(agent.id)
    assert.equal(stored.email, agent.email)
    assert.equal(stored.password, agent.password)
    assert.equal(await auditCount(), audits)
    // Its own e-mail, in another case, is not "taken".
    const same = await api(
      client,
      'put',
      `/admin/users/${agent.id}`,
      formOf(agent, { email: agent.email.toUpperCase() })
    ).loginAs(as)
    same.assertStatus(200)
  })

  test('unknown, deleted and malformed ids are 404', async ({ client }) => {
    const as = await admin()
    const gone = await UserFactory.apply('agent').create()
    gone.deletedAt = gone.createdAt
    gone.isActive = false
    await gone.save()
    for (const id of ['999999', String(gone.id), '2147483648', 'abc', '0x10', '1e1', '-1']) {
      ;(await api(client, 'put', `/admin/users/${id}`, FORM).loginAs(as)).assertStatus(404)
      ;(await api(client, 'delete', `/admin/users/${id}`).loginAs(as)).assertStatus(404)
    }
  })

  test('an admin cannot deactivate themselves or change their own role', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const deactivate = await api(
      client,
      'put',
      `/admin/users/${as.id}`,
      formOf(as, { isActive: false })
    ).loginAs(as)
    deactivate.assertStatus(422)
    assert.equal(fieldErrors(deactivate.body()).isActive, 'You cannot deactivate your own account')
    const demote = await api(
      client,
      'put',
      `/admin/users/${as.id}`,
      formOf(as, { roleId: 2 })
    ).loginAs(as)
    demote.assertStatus(422)
    assert.equal(fieldErrors(demote.body()).roleId, 'You cannot change your own role')
    await as.refresh()
    assert.equal(as.roleId, 1)
    assert.isTrue(as.isActive)
  })
})

test.group('Admin & Staffs: delete (DELETE /admin/users/:id)', (group) => {
  isolate(group)

  test('an account without records is removed', async ({ client, assert }) => {
    const as = await admin()
    const agent = await UserFactory.apply('agent').create()
    const response = await api(client, 'delete', `/admin/users/${agent.id}`).loginAs(as)
    response.assertStatus(200)
    assert.equal(response.body().message, 'User deleted successfully')
    assert.isFalse(response.body().kept)
    assert.isNull(await User.find(agent.id))
    const audit = await onlyAuditRow('user.delete', agent.id)
    assert.equal(audit.changes.email.before, agent.email)
  })

  test('an account with money history is deactivated and hidden, its records kept, and cannot sign in', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const customer = await UserFactory.apply('funded').create()
    const entries = await db
      .from('ledger_entries')
      .whereIn('balance_id', db.from('balances').select('id').where('user_id', customer.id))
    const response = await api(client, 'delete', `/admin/users/${customer.id}`).loginAs(as)
    response.assertStatus(200)
    assert.equal(response.body().message, 'User deactivated: their records are kept')
    assert.isTrue(response.body().kept)
    const kept = await User.findOrFail(customer.id)
    assert.isFalse(kept.isActive)
    assert.isNotNull(kept.deletedAt)
    const after = await db
      .from('ledger_entries')
      .whereIn('balance_id', db.from('balances').select('id').where('user_id', customer.id))
    assert.lengthOf(after, entries.length)
    await onlyAuditRow('user.archive', customer.id)

    const login = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: 'Factory-Password-1',
    })
    login.assertStatus(403)
    // Gone from the list, and a second delete finds nothing.
    ;(await api(client, 'delete', `/admin/users/${customer.id}`).loginAs(as)).assertStatus(404)
  })

  test('a staff member named by the audit log is kept too', async ({ client, assert }) => {
    const as = await admin()
    const other = await UserFactory.apply('admin').create()
    const agent = await UserFactory.apply('agent').create()
    // The other admin edits someone: the log now names them.
    ;(
      await api(
        client,
        'put',
        `/admin/users/${agent.id}`,
        formOf(agent, { fullName: 'X Y' })
      ).loginAs(other)
    ).assertStatus(200)
    const response = await api(client, 'delete', `/admin/users/${other.id}`).loginAs(as)
    response.assertStatus(200)
    assert.isTrue(response.body().kept)
    const list = await api(client, 'get', '/admin/users/api?limit=50').loginAs(as)
    assert.notInclude(
      list.body().data.map((r: any) => r.id),
      other.id
    )
  })

  test('an admin cannot delete themselves', async ({ client, assert }) => {
    const as = await admin()
    const response = await api(client, 'delete', `/admin/users/${as.id}`).loginAs(as)
    response.assertStatus(409)
    assert.equal(response.body().message, 'You cannot delete your own account')
    assert.isNotNull(await User.find(as.id))
  })
})
