import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import Lead from '#models/lead'
import LeadNote from '#models/lead_note'
import SalesStatus from '#models/sales_status'
import User from '#models/user'
import Balance from '#models/balance'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { aLead, addForm, editForm } from '#tests/helpers/leads'

const leadCount = async () => Number((await db.from('leads').count('* as n').first()).n)

test.group('Leads: add (POST /admin/leads)', (group) => {
  isolate(group)

  test('an admin adds a lead: sales desk, manual, status New, audited, the spec toast', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const form = addForm({ email: 'Ada.Lovelace@Leads.TEST' })
    const response = await api(client, 'post', '/admin/leads', form).loginAs(admin)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Leads added successfully')
    const lead = await Lead.query()
      .where('id', response.body().id)
      .preload('salesStatus')
      .firstOrFail()
    assert.equal(lead.email, 'ada.lovelace@leads.test')
    assert.equal(lead.group, 'sales')
    assert.equal(lead.source, 'manual')
    assert.equal(lead.salesStatus.status, 'New')
    assert.equal(lead.city, 'London')
    assert.equal(lead.reference, 'AFF-1')
    assert.isNull(lead.affiliateId)
    const row = await onlyAuditRow('lead.create', lead.id)
    assert.equal(row.staff_id, admin.id)
    assert.equal(row.changes.email.after, 'ada.lovelace@leads.test')
  })

  test("an affiliate's lead is theirs; a manager's is unassigned; another status by name", async ({
    client,
    assert,
  }) => {
    const hot = await SalesStatus.create({ status: 'Intake Hot', isDefault: false })
    const affiliate = await UserFactory.apply('affiliate').create()
    const byAffiliate = await api(client, 'post', '/admin/leads', addForm()).loginAs(affiliate)
    byAffiliate.assertStatus(201)
    assert.equal((await Lead.findOrFail(byAffiliate.body().id)).affiliateId, affiliate.id)
    const manager = await UserFactory.apply('manager').create()
    const byManager = await api(
      client,
      'post',
      '/admin/leads',
      addForm({ leadStatus: 'Intake Hot' })
    ).loginAs(manager)
    byManager.assertStatus(201)
    const lead = await Lead.findOrFail(byManager.body().id)
    assert.equal(lead.salesStatusId, hot.id)
    assert.isNull(lead.managerId)
  })

  test('no status given is the default status; a phone alone is enough', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await api(
      client,
      'post',
      '/admin/leads',
      addForm({ email: null, leadStatus: null, phone: '+34 611 222 333' })
    ).loginAs(admin)
    response.assertStatus(201)
    const lead = await Lead.query().where('id', response.body().id).preload('salesStatus').first()
    assert.equal(lead!.salesStatus.status, 'New')
    assert.isNull(lead!.email)
  })

  test('roles 3, 5 and 6 get 403; a visitor 401; nothing written', async ({ client }) => {
    for (const user of [
      await UserFactory.create(),
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
    ]) {
      ;(await api(client, 'post', '/admin/leads', addForm()).loginAs(user)).assertStatus(403)
    }
    ;(await api(client, 'post', '/admin/leads', addForm())).assertStatus(401)
  })

  test('each refusal is a 422 under its field and writes nothing', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    await aLead({ email: 'taken@leads.test' })
    await aLead({ email: null, phone: '+34 699 000 111' })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: null, phone: null }, 'email', 'Enter an email or a phone'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email'],
      [{ email: `${'x'.repeat(250)}@a.test` }, 'email', 'Invalid email'],
      [{ phone: 'call me maybe' }, 'phone', 'Invalid phone'],
      [{ firstName: 'x'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
      [{ funnelLink: 'x'.repeat(501) }, 'funnelLink', 'Funnel link must be at most 500 characters'],
      [{ leadStatus: 'No Such Status' }, 'leadStatus', 'Choose a status from the list'],
      [{ email: 'TAKEN@leads.test' }, 'email', 'This email is already a lead'],
      [{ email: customer.email }, 'email', 'This email already has an account'],
      [{ email: null, phone: '+34 699 000 111' }, 'phone', 'This phone is already a lead'],
      [{ firstName: ['a'] }, 'firstName', 'First name must be text'],
    ]
    const before = await leadCount()
    const audits = await auditCount()
    for (const [changes, field, message] of cases) {
      const response = await api(client, 'post', '/admin/leads', addForm(changes)).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(changes))
    }
    assert.equal(await leadCount(), before)
    assert.equal(await auditCount(), audits)
  })
})

test.group('Leads: edit (PUT /admin/leads/:id)', (group) => {
  isolate(group)

  test('an admin edits every field and assigns the people; -2 clears; audited before/after', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const manager = await UserFactory.apply('manager').create()
    const agent = await UserFactory.apply('agent').create()
    const retention = await UserFactory.apply('retention').create()
    await SalesStatus.create({ status: 'Intake Call Back', isDefault: false })
    const lead = await aLead({ city: 'Madrid' })
    const response = await api(
      client,
      'put',
      `/admin/leads/${lead.id}`,
      editForm(lead, {
        firstName: 'Lina',
        email: 'Lina.New@Leads.test',
        city: 'Sevilla',
        leadSourceId: 'src-9',
        leadStatus: 'Intake Call Back',
        managerId: manager.id,
        agentId: String(agent.id),
        retId: retention.id,
      })
    ).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Lead edited successfully')
    await lead.refresh()
    await lead.load('salesStatus')
    assert.equal(lead.firstName, 'Lina')
    assert.equal(lead.email, 'lina.new@leads.test')
    assert.equal(lead.city, 'Sevilla')
    assert.equal(lead.leadSourceId, 'src-9')
    assert.equal(lead.salesStatus.status, 'Intake Call Back')
    assert.equal(lead.managerId, manager.id)
    assert.equal(lead.agentId, agent.id)
    assert.equal(lead.retAgentId, retention.id)
    const row = await onlyAuditRow('lead.update', lead.id)
    assert.deepEqual(row.changes.city, { before: 'Madrid', after: 'Sevilla' })

    const cleared = await api(
      client,
      'put',
      `/admin/leads/${lead.id}`,
      editForm(lead, { managerId: -2, agentId: '-2', retId: null, leadStatus: 'New' })
    ).loginAs(admin)
    cleared.assertStatus(200)
    await lead.refresh()
    assert.isNull(lead.managerId)
    assert.isNull(lead.agentId)
    assert.isNull(lead.retAgentId)
  })

  test('a manager cannot set the manager (ignored) but edits the rest of a lead they see', async ({
    client,
    assert,
  }) => {
    const manager = await UserFactory.apply('manager').create()
    const other = await UserFactory.apply('manager').create()
    const lead = await aLead({ managerId: manager.id })
    const response = await api(
      client,
      'put',
      `/admin/leads/${lead.id}`,
      editForm(lead, { managerId: other.id, city: 'Bilbao' })
    ).loginAs(manager)
    response.assertStatus(200)
    await lead.refresh()
    assert.equal(lead.managerId, manager.id)
    assert.equal(lead.city, 'Bilbao')
  })

  test('a sales or retention agent changes the status of their lead, and only that', async ({
    client,
    assert,
  }) => {
    await SalesStatus.create({ status: 'Intake Interested', isDefault: false })
    const agent = await UserFactory.apply('agent').create()
    const retention = await UserFactory.apply('retention').create()
    for (const [user, fields] of [
      [agent, { agentId: agent.id }],
      [retention, { retAgentId: retention.id, group: 'retentions' }],
    ] as const) {
      const lead = await aLead(fields as Partial<Lead>)
      const ok = await api(client, 'put', `/admin/leads/${lead.id}`, {
        leadStatus: 'Intake Interested',
      }).loginAs(user)
      ok.assertStatus(200)
      await lead.refresh()
      await lead.load('salesStatus')
      assert.equal(lead.salesStatus.status, 'Intake Interested')

      const audits = await auditCount()
      const more = await api(
        client,
        'put',
        `/admin/leads/${lead.id}`,
        editForm(lead, { firstName: 'Changed', leadStatus: 'New' })
      ).loginAs(user)
      more.assertStatus(422)
      assert.equal(fieldErrors(more.body()).firstName, 'Agents can change only the status')
      const nameOnly = await api(client, 'put', `/admin/leads/${lead.id}`, {
        leadStatus: 'New',
        agentId: -2,
      }).loginAs(user)
      nameOnly.assertStatus(422)
      assert.equal(fieldErrors(nameOnly.body()).agentId, 'Agents can change only the status')
      await lead.refresh()
      assert.equal(lead.firstName, 'Lena')
      assert.equal(lead.salesStatus.status, 'Intake Interested')
      assert.equal(await auditCount(), audits)
    }
  })

  test("another desk's lead is a 404 for every role, and stays as it was", async ({
    client,
    assert,
  }) => {
    const otherManager = await UserFactory.apply('manager').create()
    const otherAgent = await UserFactory.apply('agent').create()
    const otherRet = await UserFactory.apply('retention').create()
    const lead = await aLead({
      managerId: otherManager.id,
      agentId: otherAgent.id,
      retAgentId: otherRet.id,
    })
    for (const state of ['manager', 'agent', 'retention'] as const) {
      const user = await UserFactory.apply(state).create()
      const response = await api(
        client,
        'put',
        `/admin/leads/${lead.id}`,
        user.roleId === 2 ? editForm(lead, { city: 'X' }) : { leadStatus: 'New' }
      ).loginAs(user)
      response.assertStatus(404)
    }
    const admin = await UserFactory.apply('admin').create()
    ;(
      await api(client, 'put', '/admin/leads/2147483000', editForm(lead)).loginAs(admin)
    ).assertStatus(404)
    await lead.refresh()
    assert.isNull(lead.city)
  })

  test('the people selects take only active accounts of their role', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const agent = await UserFactory.apply('agent').create()
    const inactive = await UserFactory.apply('agent').apply('inactive').create()
    const deleted = await UserFactory.apply('manager').create()
    await User.query().where('id', deleted.id).update({ deleted_at: new Date() })
    const lead = await aLead()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ agentId: customer.id }, 'agentId', 'Choose an agent from the list'],
      [{ agentId: inactive.id }, 'agentId', 'Choose an agent from the list'],
      [{ managerId: agent.id }, 'managerId', 'Choose a manager from the list'],
      [{ managerId: deleted.id }, 'managerId', 'Choose a manager from the list'],
      [{ retId: agent.id }, 'retId', 'Choose a retention agent from the list'],
      [{ retId: '0x10' }, 'retId', 'Choose a retention agent from the list'],
      [{ agentId: 1.5 }, 'agentId', 'Choose an agent from the list'],
      [{ leadStatus: '' }, 'leadStatus', 'Choose a status from the list'],
      [{ leadStatus: 'Nope' }, 'leadStatus', 'Choose a status from the list'],
      [{ email: null, phone: null }, 'email', 'Enter an email or a phone'],
      [{ email: customer.email }, 'email', 'This email already has an account'],
    ]
    const audits = await auditCount()
    for (const [changes, field, message] of cases) {
      const response = await api(
        client,
        'put',
        `/admin/leads/${lead.id}`,
        editForm(lead, { city: 'Changed', ...changes })
      ).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(changes))
    }
    await lead.refresh()
    assert.isNull(lead.city)
    assert.isNull(lead.agentId)
    assert.equal(await auditCount(), audits)
  })

  test("an e-mail of another lead is refused; the lead's own (any case) is fine", async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await aLead({ email: 'first@leads.test' })
    const lead = await aLead({ email: 'second@leads.test' })
    const taken = await api(
      client,
      'put',
      `/admin/leads/${lead.id}`,
      editForm(lead, { email: 'FIRST@leads.test' })
    ).loginAs(admin)
    taken.assertStatus(422)
    assert.equal(fieldErrors(taken.body()).email, 'This email is already a lead')
    const own = await api(
      client,
      'put',
      `/admin/leads/${lead.id}`,
      editForm(lead, { email: 'Second@Leads.test', city: 'Ok' })
    ).loginAs(admin)
    own.assertStatus(200)
  })

  test('roles 3 and 4 get 403', async ({ client }) => {
    const lead = await aLead()
    for (const user of [
      await UserFactory.create(),
      await UserFactory.apply('affiliate').create(),
    ]) {
      ;(
        await api(client, 'put', `/admin/leads/${lead.id}`, editForm(lead)).loginAs(user)
      ).assertStatus(403)
    }
  })
})

test.group('Leads: convert (POST /admin/leads/convertLeadToUser)', (group) => {
  isolate(group)

  test('an admin converts a lead: a customer with profile and wallets, linked, audited', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const lead = await aLead({ email: 'convert.me@leads.test', country: 'Spain', city: 'Madrid' })
    const response = await api(client, 'post', '/admin/leads/convertLeadToUser', {
      id: lead.id,
      password: 'long-enough-1',
    }).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Lead converted successfully')
    const user = await User.query()
      .where('email', 'convert.me@leads.test')
      .preload('profile')
      .firstOrFail()
    assert.equal(user.roleId, 3)
    assert.equal(user.fullName, 'Lena Lead')
    const wallets = await Balance.query().where('user_id', user.id).orderBy('mode')
    assert.deepEqual(
      wallets.map((w) => w.mode),
      ['demo', 'real']
    )
    assert.equal(user.activeBalanceId, wallets.find((w) => w.mode === 'demo')!.id)
    await lead.refresh()
    assert.equal(lead.userId, user.id)
    assert.isNotNull(lead.registeredAt)
    assert.equal(lead.group, 'sales')
    const row = await onlyAuditRow('lead.convert', lead.id)
    assert.deepEqual(row.changes.linked, { before: null, after: user.id })
    // The password was hashed as sign-up hashes it.
    assert.isTrue(await hash.verify(user.password, 'long-enough-1'))
  })

  test('refused: no e-mail, already linked, e-mail has an account, short password, hidden lead', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const manager = await UserFactory.apply('manager').create()
    const customer = await UserFactory.create()
    const newcomer = await UserFactory.create()
    const noEmail = await aLead({ email: null })
    const linked = await aLead({ userId: customer.id })
    const account = await aLead({ email: newcomer.email })
    const otherManager = await UserFactory.apply('manager').create()
    const hidden = await aLead({ managerId: otherManager.id })
    const users = await db.from('users').count('* as n').first()
    const audits = await auditCount()
    const cases: [User, Record<string, unknown>, number, string][] = [
      [admin, { id: noEmail.id, password: 'long-enough-1' }, 422, 'This lead has no email'],
      [admin, { id: linked.id, password: 'long-enough-1' }, 422, 'This lead is already a customer'],
      [
        admin,
        { id: account.id, password: 'long-enough-1' },
        422,
        'This email already has an account',
      ],
      [admin, { id: account.id, password: 'short' }, 422, 'Password must be at least 8 characters'],
      [admin, { id: 'abc', password: 'long-enough-1' }, 422, 'Lead is required'],
      [manager, { id: hidden.id, password: 'long-enough-1' }, 404, ''],
      [admin, { id: 2147483000, password: 'long-enough-1' }, 404, ''],
    ]
    for (const [user, body, status, message] of cases) {
      const response = await api(client, 'post', '/admin/leads/convertLeadToUser', body).loginAs(
        user
      )
      response.assertStatus(status)
      if (message) assert.equal(response.body().message, message, JSON.stringify(body))
    }
    assert.deepEqual(await db.from('users').count('* as n').first(), users)
    assert.equal(await auditCount(), audits)
  })

  test('roles 3 to 6 get 403', async ({ client }) => {
    const lead = await aLead()
    for (const user of [
      await UserFactory.create(),
      await UserFactory.apply('affiliate').create(),
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
    ]) {
      ;(
        await api(client, 'post', '/admin/leads/convertLeadToUser', {
          id: lead.id,
          password: 'long-enough-1',
        }).loginAs(user)
      ).assertStatus(403)
    }
  })
})

test.group('Leads: delete (DELETE /admin/leads/:id)', (group) => {
  isolate(group)

  test('an admin deletes a lead for good, its notes with it; audited', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const lead = await aLead()
    await LeadNote.create({ leadId: lead.id, userId: admin.id, content: 'Called, no answer' })
    const response = await api(client, 'delete', `/admin/leads/${lead.id}`).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Lead deleted successfully')
    assert.isNull(await Lead.find(lead.id))
    assert.lengthOf(await LeadNote.query().where('lead_id', lead.id), 0)
    const row = await onlyAuditRow('lead.delete', lead.id)
    assert.equal(row.changes.email.before, lead.email)
    ;(await api(client, 'delete', `/admin/leads/${lead.id}`).loginAs(admin)).assertStatus(404)
  })

  test('roles 2 to 6 get 403; nothing deleted', async ({ client, assert }) => {
    const lead = await aLead()
    for (const user of [
      await UserFactory.apply('manager').create(),
      await UserFactory.create(),
      await UserFactory.apply('affiliate').create(),
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
    ]) {
      ;(await api(client, 'delete', `/admin/leads/${lead.id}`).loginAs(user)).assertStatus(403)
    }
    assert.isNotNull(await Lead.find(lead.id))
  })
})
