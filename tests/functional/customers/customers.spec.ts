import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import Lead from '#models/lead'
import Profile from '#models/profile'
import PricingPlan from '#models/pricing_plan'
import User from '#models/user'
import { UserFactory, FACTORY_PASSWORD } from '#database/factories/user_factory'
import marketEvents from '#services/market/market_events'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { DEMO, demoUser, ledgerOf } from '#tests/helpers/users'
import { signedInBrowser } from '#tests/helpers/browser_session'

/** A customer nobody's desk holds: only admins may open them. */
const loneCustomer = (fields: Partial<User> = {}) => UserFactory.merge(fields).create()

/** A customer whose lead is worked by the given sales and retention agents (and so seen by them). */
async function deskCustomer(agent: User, retention: User, fields: Partial<User> = {}) {
  const customer = await UserFactory.merge(fields).create()
  await Profile.query().where('user_id', customer.id).update({ phone: '+4915112345678' })
  await Lead.create({
    email: customer.email,
    userId: customer.id,
    group: 'retentions',
    source: 'manual',
    agentId: agent.id,
    retAgentId: retention.id,
  })
  return customer
}

/** A customer the given manager manages. */
async function managedCustomer(manager: User) {
  const customer = await UserFactory.create()
  await Profile.query().where('user_id', customer.id).update({ manager_id: manager.id })
  return customer
}

const FORM = {
  fullName: 'Cora Changed',
  email: 'cora.changed@customers.test',
  password: '',
  phone: '+49 30 1234567',
  birthDate: '1985-06-30',
  country: 'Spain',
  city: 'Madrid',
  postalCode: '28001',
  address: 'Gran Vía 1',
  managerId: -2,
  pricingTableId: -2,
  isEmailVerified: true,
  isActive: true,
}

/** What a refused write must leave alone: the account, its profile, and the audit log. */
async function snapshot(userId: number) {
  const user = await db.from('users').where('id', userId).first()
  const profile = await db.from('profiles').where('user_id', userId).first()
  return { user, profile, audit: await auditCount() }
}

test.group('Customers list (CRM §2.8)', (group) => {
  isolate(group)

  test('the pages render for roles 1 and 2 with their type; others 403', async ({ client }) => {
    for (const role of ['admin', 'manager'] as const) {
      const staff = await UserFactory.apply(role).create()
      for (const type of ['all', 'inactive']) {
        const page = await client.get(`/admin/customers/${type}`).loginAs(staff).withInertia()
        page.assertStatus(200)
        page.assertInertiaComponent('staff/customers/index')
        page.assertInertiaPropsContains({ type })
      }
    }
    const others = await Promise.all([
      UserFactory.apply('agent').create(),
      UserFactory.apply('retention').create(),
      UserFactory.apply('affiliate').create(),
      UserFactory.create(),
    ])
    for (const user of others) {
      const page = await client.get('/admin/customers/all').loginAs(user).withInertia()
      page.assertStatus(403)
    }
  })

  test('an admin lists every customer, never staff or deleted ones; inactive and search narrow it', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const active = await loneCustomer({ fullName: 'Zed Listed' })
    const inactive = await loneCustomer({ fullName: 'Zed Sleeping', isActive: false })
    const gone = await loneCustomer({ fullName: 'Zed Gone' })
    await db.from('users').where('id', gone.id).update({ deleted_at: new Date() })

    const all = await api(client, 'get', '/admin/customers/api/all?limit=50').loginAs(admin)
    all.assertStatus(200)
    const ids = all.body().data.map((r: { id: number }) => r.id)
    assert.includeMembers(ids, [active.id, inactive.id])
    assert.notInclude(ids, gone.id)
    assert.notInclude(ids, admin.id)
    const row = all.body().data.find((r: { id: number }) => r.id === active.id)
    assert.containsSubset(row, {
      fullName: 'Zed Listed',
      email: active.email,
      country: 'DE',
      roleId: 3,
      role: 'User',
      isEmailVerified: true,
      isActive: true,
      online: false,
    })
    assert.notProperty(row, 'password')

    const sleeping = await api(client, 'get', '/admin/customers/api/inactive?limit=50').loginAs(
      admin
    )
    const inactiveIds = sleeping.body().data.map((r: { id: number }) => r.id)
    assert.include(inactiveIds, inactive.id)
    assert.notInclude(inactiveIds, active.id)

    const found = await api(client, 'get', '/admin/customers/api/all?search=zed%20li').loginAs(
      admin
    )
    assert.deepEqual(
      found.body().data.map((r: { id: number }) => r.id),
      [active.id]
    )
  })

  test('a manager lists only the customers they may open', async ({ client, assert }) => {
    // The demo manager: the demo seed makes the demo customer theirs.
    const manager = await demoUser(DEMO.manager)
    const mine = await managedCustomer(manager)
    const lone = await loneCustomer()
    const response = await api(client, 'get', '/admin/customers/api/all?limit=50').loginAs(manager)
    const ids = response.body().data.map((r: { id: number }) => r.id)
    assert.include(ids, mine.id)
    assert.include(ids, (await demoUser(DEMO.customer)).id)
    assert.notInclude(ids, lone.id)
  })

  test('bad paging is 422 under the field; an unknown list type matches no route', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const bad = await api(client, 'get', '/admin/customers/api/all?limit=7').loginAs(admin)
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).limit, 'Page size must be one of 15, 25, 50')
    ;(await api(client, 'get', '/admin/customers/api/deleted').loginAs(admin)).assertStatus(404)
  })
})

test.group('Customers list: add and delete', (group) => {
  isolate(group)

  test('an admin adds a customer (role User): wallets and a manual lead on Clients, audited', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/customers', {
      fullName: 'Nina New',
      email: 'Nina.New@customers.test',
      password: 'a-long-password',
      roleId: 3,
      isEmailVerified: true,
      isActive: true,
      whitelist: null,
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(201)
    assert.equal(response.body().message, 'User added successfully')
    const user = await User.findByOrFail('email', 'nina.new@customers.test')
    assert.equal(user.roleId, 3)
    assert.lengthOf(await Balance.query().where('user_id', user.id), 2)
    const lead = await Lead.findByOrFail('user_id', user.id)
    assert.include(lead.toJSON(), {
      email: 'nina.new@customers.test',
      firstName: 'Nina',
      lastName: 'New',
      source: 'manual',
      group: null,
    })
    assert.isNotNull(lead.registeredAt)
    await onlyAuditRow('user.create', user.id)
  })

  test('a customer added with the e-mail of an existing lead is linked to it, not given another', async ({
    client,
    assert,
  }) => {
    const agent = await UserFactory.apply('agent').create()
    const existing = await Lead.create({
      email: 'known.lead@customers.test',
      firstName: 'Known',
      group: 'sales',
      source: 'live',
      agentId: agent.id,
    })
    const response = await api(client, 'post', '/admin/customers', {
      fullName: 'Known Lead',
      email: 'known.lead@customers.test',
      password: 'a-long-password',
      roleId: 3,
      isEmailVerified: true,
      isActive: true,
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'known.lead@customers.test')
    const leads = await Lead.query().where('email', 'known.lead@customers.test')
    assert.lengthOf(leads, 1)
    assert.equal(leads[0].id, existing.id)
    assert.equal(leads[0].userId, user.id)
    assert.include(leads[0].toJSON(), { group: 'sales', source: 'live', agentId: agent.id })
  })

  test('a manager adds customers only, and manages whom they add', async ({ client, assert }) => {
    const manager = await UserFactory.apply('manager').create()
    const before = await auditCount()
    const refused = await api(client, 'post', '/admin/customers', {
      fullName: 'Adam Admin',
      email: 'adam.admin@customers.test',
      password: 'a-long-password',
      roleId: 1,
      isEmailVerified: true,
      isActive: true,
    }).loginAs(manager)
    refused.assertStatus(422)
    assert.equal(fieldErrors(refused.body()).roleId, 'Managers can add customers only')
    assert.isNull(await User.findBy('email', 'adam.admin@customers.test'))
    assert.equal(await auditCount(), before)

    const added = await api(client, 'post', '/admin/customers', {
      fullName: 'Mia Managed',
      email: 'mia.managed@customers.test',
      password: 'a-long-password',
      roleId: 3,
      isEmailVerified: true,
      isActive: true,
      whitelist: '10.0.0.0/8',
    }).loginAs(manager)
    added.assertStatus(201)
    const user = await User.findByOrFail('email', 'mia.managed@customers.test')
    const profile = await Profile.findByOrFail('user_id', user.id)
    assert.equal(profile.managerId, manager.id)
    assert.equal((await Lead.findByOrFail('user_id', user.id)).managerId, manager.id)
    assert.isNull(await db.from('whitelists').where('user_id', user.id).first())
    const list = await api(client, 'get', '/admin/customers/api/all?limit=50').loginAs(manager)
    assert.include(
      list.body().data.map((r: { id: number }) => r.id),
      user.id
    )
  })

  test('an e-mail already registered is 422 under email; nothing written', async ({
    client,
    assert,
  }) => {
    const taken = await loneCustomer()
    const before = await auditCount()
    const response = await api(client, 'post', '/admin/customers', {
      fullName: 'Copy Cat',
      email: taken.email.toUpperCase(),
      password: 'a-long-password',
      roleId: 3,
      isEmailVerified: true,
      isActive: true,
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).email, 'This email is already registered')
    assert.equal(await auditCount(), before)
  })

  test('delete: a customer without records is removed; one with money history is kept, hidden', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const fresh = await loneCustomer()
    const removed = await api(client, 'delete', `/admin/customers/${fresh.id}`).loginAs(admin)
    removed.assertStatus(200)
    assert.equal(removed.body().message, 'Customers deleted successfully')
    assert.isFalse(removed.body().kept)
    assert.isNull(await User.find(fresh.id))

    const funded = await UserFactory.apply('funded').create()
    const kept = await api(client, 'delete', `/admin/customers/${funded.id}`).loginAs(admin)
    kept.assertStatus(200)
    assert.equal(kept.body().message, 'Customers deleted successfully')
    assert.isTrue(kept.body().kept)
    const row = await User.findOrFail(funded.id)
    assert.isFalse(row.isActive)
    assert.isNotNull(row.deletedAt)
    const wallet = funded.activeBalanceId!
    assert.isAbove((await ledgerOf(wallet)).entries.length, 0)
    const list = await api(client, 'get', '/admin/customers/api/all?limit=50').loginAs(admin)
    assert.notInclude(
      list.body().data.map((r: { id: number }) => r.id),
      funded.id
    )
    // Hidden: not found again.
    ;(await api(client, 'delete', `/admin/customers/${funded.id}`).loginAs(admin)).assertStatus(404)
  })

  test('delete is refused to managers (403) and finds no staff account or unknown id (404)', async ({
    client,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const manager = await UserFactory.apply('manager').create()
    const mine = await managedCustomer(manager)
    ;(await api(client, 'delete', `/admin/customers/${mine.id}`).loginAs(manager)).assertStatus(403)
    const agent = await UserFactory.apply('agent').create()
    ;(await api(client, 'delete', `/admin/customers/${agent.id}`).loginAs(admin)).assertStatus(404)
    ;(await api(client, 'delete', '/admin/customers/999999').loginAs(admin)).assertStatus(404)
  })
})

test.group('Edit customer page (CRM §2.9)', (group) => {
  isolate(group)

  test('an admin sees the whole account: profile, wallets, choices, every right', async ({
    client,
    assert,
  }) => {
    const customer = await loneCustomer()
    const manager = await UserFactory.apply('manager').create()
    const profile = await Profile.findByOrFail('user_id', customer.id)
    profile.merge({
      phone: '+4915112345678',
      country: 'Germany',
      birthDate: DateTime.fromISO('1988-04-12'),
    })
    await profile.save()
    const page = await client
      .get(`/admin/customers/edit/${customer.id}`)
      .loginAs(await UserFactory.apply('admin').create())
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('staff/customers/edit')
    const props = page.inertiaProps as any
    assert.containsSubset(props.customer, {
      id: customer.id,
      email: customer.email,
      isActive: true,
      profile: { phone: '+4915112345678', country: 'Germany', birthDate: '1988-04-12' },
    })
    assert.lengthOf(props.customer.balances, 2)
    assert.containsSubset(props.access, {
      own: false,
      canEdit: true,
      canAdjust: true,
      masked: false,
      isManager: false,
      moneyTabs: true,
    })
    assert.isAbove(props.choices.plans.length, 0)
    assert.include(
      props.choices.managers.map((m: { id: number }) => m.id),
      manager.id
    )
  })

  test('role 6 sees e-mail and phone obscured, read-only: the real values never leave the server', async ({
    client,
    assert,
  }) => {
    const agent = await UserFactory.apply('agent').create()
    const retention = await UserFactory.apply('retention').create()
    const customer = await deskCustomer(agent, retention, {
      email: 'hidden.person@customers.test',
    })
    const page = await client
      .get(`/admin/customers/edit/${customer.id}`)
      .loginAs(retention)
      .withInertia()
    page.assertStatus(200)
    const props = page.inertiaProps as any
    assert.equal(props.customer.email, 'hi****on@customers.test')
    assert.equal(props.customer.profile.phone, '******78')
    assert.containsSubset(props.access, { canEdit: false, canAdjust: false, masked: true })
    assert.notInclude(page.text(), 'hidden.person@customers.test')
    assert.notInclude(page.text(), '+4915112345678')
  })

  test('role 5 sees them obscured only while showUserInfoAgent is off', async ({
    client,
    assert,
  }) => {
    const agent = await UserFactory.apply('agent').create()
    const retention = await UserFactory.apply('retention').create()
    const customer = await deskCustomer(agent, retention, { email: 'sales.person@customers.test' })
    const open = async () =>
      (
        (await client.get(`/admin/customers/edit/${customer.id}`).loginAs(agent).withInertia())
          .inertiaProps as any
      ).customer.email
    await settings.put('showUserInfoAgent', { value1: 'on' })
    assert.equal(await open(), 'sales.person@customers.test')
    await settings.put('showUserInfoAgent', { value1: 'off' })
    assert.equal(await open(), 'sa****on@customers.test')
  })

  test("another desk's customer is 404 for managers, agents and affiliates", async ({ client }) => {
    const lone = await loneCustomer()
    for (const role of ['manager', 'agent', 'retention', 'affiliate'] as const) {
      const page = await client
        .get(`/admin/customers/edit/${lone.id}`)
        .loginAs(await UserFactory.apply(role).create())
        .withInertia()
      page.assertStatus(404)
    }
    ;(
      await client
        .get('/admin/customers/edit/999999')
        .loginAs(await UserFactory.apply('admin').create())
        .withInertia()
    ).assertStatus(404)
  })

  test('every staff member opens their own page: profile only, unmasked', async ({
    client,
    assert,
  }) => {
    for (const role of ['admin', 'manager', 'affiliate', 'agent', 'retention'] as const) {
      const me = await UserFactory.apply(role).create()
      const page = await client.get(`/admin/customers/edit/${me.id}`).loginAs(me).withInertia()
      page.assertStatus(200)
      const props = page.inertiaProps as any
      assert.equal(props.customer.email, me.email)
      assert.containsSubset(props.access, { own: true, canEdit: true, canAdjust: false })
      assert.deepEqual(props.customer.balances, [])
    }
  })
})

test.group('Edit customer: PUT /admin/customers/{id}', (group) => {
  isolate(group)

  test('an admin saves every field: one audit row, the password write-only', async ({
    client,
    assert,
  }) => {
    const customer = await loneCustomer()
    const manager = await UserFactory.apply('manager').create()
    const plan = await PricingPlan.findByOrFail('name', 'Basic')
    const response = await api(client, 'put', `/admin/customers/${customer.id}`, {
      ...FORM,
      password: 'brand-new-password',
      managerId: manager.id,
      pricingTableId: plan.id,
      isEmailVerified: false,
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(200)
    assert.deepEqual(response.body(), { message: 'User updated successfully' })
    const user = await User.findOrFail(customer.id)
    assert.equal(user.fullName, 'Cora Changed')
    assert.equal(user.email, 'cora.changed@customers.test')
    assert.equal(user.pricingTableId, plan.id)
    assert.isFalse(user.isEmailVerified)
    assert.isOk(await User.verifyCredentials('cora.changed@customers.test', 'brand-new-password'))
    const profile = await Profile.findByOrFail('user_id', customer.id)
    assert.containsSubset(profile.serialize(), {
      phone: '+49 30 1234567',
      country: 'Spain',
      city: 'Madrid',
      postalCode: '28001',
      address: 'Gran Vía 1',
      managerId: manager.id,
    })
    assert.equal(profile.birthDate?.toISODate(), '1985-06-30')
    const row = await onlyAuditRow('user.update', customer.id)
    assert.deepEqual(row.changes.password, { before: '[redacted]', after: '[redacted]' })
    assert.equal((row.changes.city as any).after, 'Madrid')
  })

  test('a blank password keeps the current one; blank optional fields clear them', async ({
    client,
    assert,
  }) => {
    const customer = await loneCustomer()
    const response = await api(client, 'put', `/admin/customers/${customer.id}`, {
      ...FORM,
      city: '',
      phone: '',
      birthDate: '',
      country: '',
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(200)
    assert.isOk(await User.verifyCredentials('cora.changed@customers.test', FACTORY_PASSWORD))
    const profile = await Profile.findByOrFail('user_id', customer.id)
    assert.isNull(profile.city)
    assert.isNull(profile.phone)
    assert.isNull(profile.birthDate)
    assert.isNull(profile.country)
  })

  test('role 6 and role 5 are refused (403), nothing written', async ({ client, assert }) => {
    const agent = await UserFactory.apply('agent').create()
    const retention = await UserFactory.apply('retention').create()
    const customer = await deskCustomer(agent, retention)
    const before = await snapshot(customer.id)
    for (const staff of [retention, agent]) {
      const response = await api(client, 'put', `/admin/customers/${customer.id}`, FORM).loginAs(
        staff
      )
      response.assertStatus(403)
    }
    assert.deepEqual(await snapshot(customer.id), before)
  })

  test("another manager's customer is 404 for a manager, nothing written", async ({
    client,
    assert,
  }) => {
    const other = await UserFactory.apply('manager').create()
    const customer = await loneCustomer()
    await Profile.query().where('user_id', customer.id).update({ manager_id: other.id })
    const before = await snapshot(customer.id)
    const response = await api(client, 'put', `/admin/customers/${customer.id}`, FORM).loginAs(
      await UserFactory.apply('manager').create()
    )
    response.assertStatus(404)
    assert.deepEqual(await snapshot(customer.id), before)
  })

  test('a manager saves their customer; their manager and plan selects are kept as they were', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const customer = await managedCustomer(manager)
    const plan = await PricingPlan.findByOrFail('name', 'Basic')
    const response = await api(client, 'put', `/admin/customers/${customer.id}`, {
      ...FORM,
      managerId: -2,
      pricingTableId: plan.id,
    }).loginAs(manager)
    response.assertStatus(200)
    assert.equal((await Profile.findByOrFail('user_id', customer.id)).managerId, manager.id)
    assert.isNull((await User.findOrFail(customer.id)).pricingTableId)
    assert.equal((await User.findOrFail(customer.id)).fullName, 'Cora Changed')
  })

  test('bad input is 422 under the field, nothing written, never 500', async ({
    client,
    assert,
  }) => {
    const customer = await loneCustomer()
    const admin = await UserFactory.apply('admin').create()
    const agent = await UserFactory.apply('agent').create()
    const taken = await loneCustomer()
    const before = await snapshot(customer.id)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: '  ' }, 'fullName', 'Full name is required'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email'],
      [{ email: taken.email.toUpperCase() }, 'email', 'This email is already registered'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ phone: 'call me' }, 'phone', 'Enter a valid phone number'],
      [{ birthDate: '2020-01-01' }, 'birthDate', 'The customer must be at least 18 years old'],
      [{ birthDate: '31/01/1990' }, 'birthDate', 'Enter a valid birth date'],
      [{ country: 'Atlantis' }, 'country', 'Choose a country from the list'],
      [{ city: 'x'.repeat(101) }, 'city', 'City must be at most 100 characters'],
      [{ managerId: agent.id }, 'managerId', 'Choose an active manager'],
      [{ managerId: 0 }, 'managerId', 'Choose an active manager'],
      [{ managerId: 'abc' }, 'managerId', 'Choose a manager from the list'],
      [{ pricingTableId: 999999 }, 'pricingTableId', 'Choose a plan from the list'],
      [{ isActive: 'maybe' }, 'isActive', 'Active status must be yes or no'],
    ]
    for (const [change, field, message] of cases) {
      const response = await api(client, 'put', `/admin/customers/${customer.id}`, {
        ...FORM,
        ...change,
      }).loginAs(admin)
      assert.equal(response.status(), 422, JSON.stringify(change))
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(change))
    }
    for (const body of [[1, 2], { ...FORM, email: ['x'] }, { ...FORM, birthDate: {} }]) {
      const response = await api(client, 'put', `/admin/customers/${customer.id}`, body).loginAs(
        admin
      )
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    assert.deepEqual(await snapshot(customer.id), before)
  })

  test('a deactivated customer is signed out at their next request', async ({ client, assert }) => {
    const customer = await loneCustomer({ email: 'soon.inactive@customers.test' })
    const session = await signedInBrowser('soon.inactive@customers.test', FACTORY_PASSWORD)
    assert.equal((await session.getJson('/auth/user')).status, 200)
    const response = await api(client, 'put', `/admin/customers/${customer.id}`, {
      ...FORM,
      email: 'soon.inactive@customers.test',
      isActive: false,
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(200)
    assert.equal((await session.getJson('/auth/user')).status, 401)
  })

  test('a new plan is applied to the margin checks at once (the risk engine hears of it)', async ({
    client,
    assert,
  }) => {
    const customer = await loneCustomer()
    const plan = await PricingPlan.findByOrFail('name', 'Basic')
    const heard: number[] = []
    const off = marketEvents.on('user.plan', ({ userId }) => heard.push(userId))
    try {
      const admin = await UserFactory.apply('admin').create()
      ;(
        await api(client, 'put', `/admin/customers/${customer.id}`, {
          ...FORM,
          pricingTableId: plan.id,
        }).loginAs(admin)
      ).assertStatus(200)
      assert.deepEqual(heard, [customer.id])
      // The same plan again is no change: nothing to re-evaluate.
      ;(
        await api(client, 'put', `/admin/customers/${customer.id}`, {
          ...FORM,
          pricingTableId: plan.id,
        }).loginAs(admin)
      ).assertStatus(200)
      assert.deepEqual(heard, [customer.id])
    } finally {
      off()
    }
  })

  test('a staff member saves their own profile; they cannot deactivate themselves there', async ({
    client,
    assert,
  }) => {
    const me = await UserFactory.apply('retention').create()
    const response = await api(client, 'put', `/admin/customers/${me.id}`, {
      ...FORM,
      email: me.email,
      isActive: false,
      managerId: (await UserFactory.apply('manager').create()).id,
    }).loginAs(me)
    response.assertStatus(200)
    const fresh = await User.findOrFail(me.id)
    assert.equal(fresh.fullName, 'Cora Changed')
    assert.isTrue(fresh.isActive)
    assert.isNull((await Profile.findByOrFail('user_id', me.id)).managerId)
  })
})

test.group('Edit customer: tabs and balance adjustment', (group) => {
  isolate(group)

  test("a customer's tab lists: 404 outside the viewer's customers", async ({ client }) => {
    const lone = await loneCustomer()
    const manager = await UserFactory.apply('manager').create()
    const mine = await managedCustomer(manager)
    const admin = await UserFactory.apply('admin').create()
    for (const path of [
      '/admin/trades/api/all',
      '/admin/deposits/api/history',
      '/admin/withdraws/api/history',
    ]) {
      ;(await api(client, 'get', `${path}/${lone.id}`).loginAs(manager)).assertStatus(404)
      ;(await api(client, 'get', `${path}/${mine.id}`).loginAs(manager)).assertStatus(200)
      ;(await api(client, 'get', `${path}/${lone.id}`).loginAs(admin)).assertStatus(200)
      ;(await api(client, 'get', `${path}/${manager.id}`).loginAs(admin)).assertStatus(404)
    }
  })

  test("balance adjustment: another desk's customer is 404, agents 403; nothing written", async ({
    client,
    assert,
  }) => {
    const lone = await loneCustomer()
    const agent = await UserFactory.apply('agent').create()
    const retention = await UserFactory.apply('retention').create()
    const desk = await deskCustomer(agent, retention)
    const loneWallet = (await Balance.query().where('user_id', lone.id).firstOrFail()).id
    const deskWallet = (await Balance.query().where('user_id', desk.id).firstOrFail()).id
    const before = await auditCount()
    const body = { amount: '100.00', type: 'add' }
    ;(
      await api(client, 'put', `/admin/balance/${loneWallet}`, body).loginAs(
        await UserFactory.apply('manager').create()
      )
    ).assertStatus(404)
    for (const staff of [retention, agent]) {
      ;(await api(client, 'put', `/admin/balance/${deskWallet}`, body).loginAs(staff)).assertStatus(
        403
      )
    }
    assert.equal(await auditCount(), before)
    assert.lengthOf((await ledgerOf(loneWallet)).entries, 0)
    assert.lengthOf((await ledgerOf(deskWallet)).entries, 0)
    const ok = await api(client, 'put', `/admin/balance/${loneWallet}`, body).loginAs(
      await UserFactory.apply('admin').create()
    )
    ok.assertStatus(200)
  })
})
