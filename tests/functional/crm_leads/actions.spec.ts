import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Lead from '#models/lead'
import LeadNote from '#models/lead_note'
import { UserFactory } from '#database/factories/user_factory'
import { MAX_BULK_IDS, MAX_NOTE_LENGTH } from '#domain/lead_desks'
import { ALL_ROLES } from '#domain/roles'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, auditRows } from '#tests/helpers/audit'
import { userOfRole } from '#tests/helpers/users'
import { deskLead, deskStaff } from '#tests/helpers/crm_leads'

const groupsOf = async (leads: Lead[]) =>
  (
    await Lead.query()
      .whereIn(
        'id',
        leads.map((l) => l.id)
      )
      .orderBy('id')
  ).map((l) => l.group)

test.group('Leads desks: notes (POST /admin/crm/note)', (group) => {
  isolate(group)

  test("a note on a lead the author sees: 'Notes created successfully', stored with its author and audited", async ({
    client,
    assert,
  }) => {
    const { agent } = await deskStaff()
    const lead = await deskLead({ agentId: agent.id })
    const response = await api(client, 'post', '/admin/crm/note', {
      content: '  Call back on Monday  ',
      leadId: lead.id,
    }).loginAs(agent)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Notes created successfully')
    assert.include(response.body().note, { content: 'Call back on Monday', author: agent.fullName })
    const notes = await LeadNote.query().where('lead_id', lead.id)
    assert.lengthOf(notes, 1)
    assert.equal(notes[0].userId, agent.id)
    const [row] = await auditRows({ action: 'lead.note', targetId: lead.id })
    assert.equal(row.staff_id, agent.id)
  })

  test("another agent's lead, a lead that does not exist: 404, nothing written", async ({
    client,
    assert,
  }) => {
    const { agent, otherAgent } = await deskStaff()
    const others = await deskLead({ agentId: otherAgent.id })
    const before = await auditCount()
    for (const leadId of [others.id, 2_000_000_000]) {
      const response = await api(client, 'post', '/admin/crm/note', {
        content: 'Sneaky',
        leadId,
      }).loginAs(agent)
      response.assertStatus(404)
    }
    assert.lengthOf(await LeadNote.query().where('lead_id', others.id), 0)
    assert.equal(await auditCount(), before)
  })

  test('empty, too long, no lead: 422 with the message under the field; nothing written', async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const lead = await deskLead()
    const before = await auditCount()
    const cases: [unknown, string, string][] = [
      [{ content: '', leadId: lead.id }, 'content', 'Content is required'],
      [{ content: '   ', leadId: lead.id }, 'content', 'Content is required'],
      [{ leadId: lead.id }, 'content', 'Content is required'],
      [{ content: ['x'], leadId: lead.id }, 'content', 'Content is required'],
      [
        { content: 'x'.repeat(MAX_NOTE_LENGTH + 1), leadId: lead.id },
        'content',
        `Content must be at most ${MAX_NOTE_LENGTH} characters`,
      ],
      [{ content: 'Hi' }, 'leadId', 'Choose a lead'],
      [{ content: 'Hi', leadId: 'abc' }, 'leadId', 'Choose a lead'],
      [{ content: 'Hi', leadId: -2 }, 'leadId', 'Choose a lead'],
    ]
    for (const [body, field, message] of cases) {
      const response = await api(client, 'post', '/admin/crm/note', body).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }
    assert.equal(await auditCount(), before)
    assert.lengthOf(await LeadNote.query().where('lead_id', lead.id), 0)
  })

  test('customers and affiliates may not write notes (403)', async ({ client }) => {
    const lead = await deskLead()
    for (const roleId of [3, 4] as const) {
      const response = await api(client, 'post', '/admin/crm/note', {
        content: 'x',
        leadId: lead.id,
      }).loginAs(await userOfRole(roleId))
      response.assertStatus(403)
    }
  })
})

test.group('Leads desks: bulk moves (PUT /admin/leads/bulk { ids, data: { group } })', (group) => {
  isolate(group)

  test("the spec's moves: clients → sales / retentions / archived, sales → retentions, retentions → sales, archived → sales; one audit row", async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    for (const [from, to] of [
      [null, 'sales'],
      [null, 'retentions'],
      [null, 'archived'],
      ['sales', 'retentions'],
      ['sales', 'archived'],
      ['retentions', 'sales'],
      ['retentions', 'archived'],
      ['archived', 'sales'],
    ] as const) {
      const leads = [await deskLead({ group: from }), await deskLead({ group: from })]
      const response = await api(client, 'put', '/admin/leads/bulk', {
        ids: leads.map((l) => l.id),
        data: { group: to },
      }).loginAs(admin)
      response.assertStatus(200)
      assert.equal(response.body().message, 'Lead moved successfully')
      assert.deepEqual(await groupsOf(leads), [to, to], `${from} → ${to}`)
      const [row] = await auditRows({ action: 'lead.bulk_move' }, 1)
      const changes = JSON.parse(row.changes)
      assert.deepEqual(
        changes.ids.after,
        leads.map((l) => l.id)
      )
      assert.equal(changes.group.after, to)
    }
  })

  test('a refused move (archived → retentions, sales → sales) anywhere in the bulk: 422, nothing moved, no audit row', async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const sales = await deskLead({ group: 'sales' })
    const archived = await deskLead({ group: 'archived' })
    const before = await auditCount()
    const response = await api(client, 'put', '/admin/leads/bulk', {
      ids: [sales.id, archived.id],
      data: { group: 'retentions' },
    }).loginAs(admin)
    response.assertStatus(422)
    assert.equal(
      response.body().errors[0].message,
      'Leads in archived cannot be moved to retentions'
    )
    const again = await api(client, 'put', '/admin/leads/bulk', {
      ids: [sales.id],
      data: { group: 'sales' },
    }).loginAs(admin)
    again.assertStatus(422)
    assert.deepEqual(await groupsOf([sales, archived]), ['sales', 'archived'])
    assert.equal(await auditCount(), before)
  })

  test('a lead of another desk in the bulk: 404, nothing moved', async ({ client, assert }) => {
    const { agent, otherAgent, manager } = await deskStaff()
    const mine = await deskLead({ agentId: agent.id })
    const others = await deskLead({ agentId: otherAgent.id })
    for (const actor of [agent, manager]) {
      const response = await api(client, 'put', '/admin/leads/bulk', {
        ids: [mine.id, others.id],
        data: { group: 'archived' },
      }).loginAs(actor)
      response.assertStatus(404)
    }
    const missing = await api(client, 'put', '/admin/leads/bulk', {
      ids: [mine.id, 2_000_000_000],
      data: { group: 'archived' },
    }).loginAs(agent)
    missing.assertStatus(404)
    assert.deepEqual(await groupsOf([mine, others]), ['sales', 'sales'])
  })

  test('agents move only as their toolbar allows: a sales agent to retentions or archived, a retention agent to archived', async ({
    client,
    assert,
  }) => {
    const { agent, retention } = await deskStaff()
    const sold = await deskLead({ agentId: agent.id })
    const kept = await deskLead({ group: 'retentions', retAgentId: retention.id })
    const refused = await api(client, 'put', '/admin/leads/bulk', {
      ids: [kept.id],
      data: { group: 'sales' },
    }).loginAs(retention)
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].message, 'You may not move leads there')
    const archived = await api(client, 'put', '/admin/leads/bulk', {
      ids: [kept.id],
      data: { group: 'archived' },
    }).loginAs(retention)
    archived.assertStatus(200)
    const sent = await api(client, 'put', '/admin/leads/bulk', {
      ids: [sold.id],
      data: { group: 'retentions' },
    }).loginAs(agent)
    sent.assertStatus(200)
    assert.deepEqual(await groupsOf([sold, kept]), ['retentions', 'archived'])
  })

  test('roles 3 and 4 may not use bulk actions (403)', async ({ client }) => {
    const lead = await deskLead()
    for (const roleId of [3, 4] as const) {
      const response = await api(client, 'put', '/admin/leads/bulk', {
        ids: [lead.id],
        data: { group: 'archived' },
      }).loginAs(await userOfRole(roleId))
      response.assertStatus(403)
    }
  })
})

test.group('Leads desks: bulk assignment (data: { agentId } or { retId })', (group) => {
  isolate(group)

  test("an admin assigns a sales agent, a manager a retention agent: 'Agents assigned successfully', audited", async ({
    client,
    assert,
  }) => {
    const { admin, manager, agent, retention } = await deskStaff()
    const leads = [await deskLead(), await deskLead()]
    const response = await api(client, 'put', '/admin/leads/bulk', {
      ids: leads.map((l) => l.id),
      data: { agentId: agent.id },
    }).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Agents assigned successfully')
    const stored = await Lead.query().whereIn(
      'id',
      leads.map((l) => l.id)
    )
    assert.isTrue(stored.every((l) => l.agentId === agent.id && l.managerId === null))
    const [row] = await auditRows({ action: 'lead.bulk_assign' }, 1)
    assert.equal(JSON.parse(row.changes).agentId.after, agent.id)

    // Unassigned leads a manager hands out stay theirs to see.
    const fresh = await deskLead()
    const byManager = await api(client, 'put', '/admin/leads/bulk', {
      ids: [fresh.id],
      data: { retId: retention.id },
    }).loginAs(manager)
    byManager.assertStatus(200)
    await fresh.refresh()
    assert.equal(fresh.retAgentId, retention.id)
    assert.equal(fresh.managerId, manager.id)
  })

  test('a customer, a wrong role, an inactive or deleted agent as the agent: 422 with the message, nothing changed', async ({
    client,
    assert,
  }) => {
    const { admin, customer, agent, retention } = await deskStaff()
    const inactive = await UserFactory.apply('agent').apply('inactive').create()
    const deleted = await UserFactory.apply('agent').create()
    await db.from('users').where('id', deleted.id).update({ deleted_at: new Date() })
    const lead = await deskLead()
    const before = await auditCount()
    const cases: [Record<string, number>, string, string][] = [
      [{ agentId: customer.id }, 'data.agentId', 'Choose an active sales agent'],
      [{ agentId: retention.id }, 'data.agentId', 'Choose an active sales agent'],
      [{ agentId: inactive.id }, 'data.agentId', 'Choose an active sales agent'],
      [{ agentId: deleted.id }, 'data.agentId', 'Choose an active sales agent'],
      [{ retId: agent.id }, 'data.retId', 'Choose an active retention agent'],
      [{ retId: 2_000_000_000 }, 'data.retId', 'Choose an active retention agent'],
    ]
    for (const [data, field, message] of cases) {
      const response = await api(client, 'put', '/admin/leads/bulk', {
        ids: [lead.id],
        data,
      }).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(data))
    }
    await lead.refresh()
    assert.isNull(lead.agentId)
    assert.isNull(lead.retAgentId)
    assert.equal(await auditCount(), before)
  })

  test('sales and retention agents may not assign (403)', async ({ client, assert }) => {
    const { agent, retention } = await deskStaff()
    const lead = await deskLead({ agentId: agent.id, retAgentId: retention.id })
    for (const [actor, data] of [
      [agent, { agentId: agent.id }],
      [retention, { retId: retention.id }],
    ] as const) {
      const response = await api(client, 'put', '/admin/leads/bulk', {
        ids: [lead.id],
        data,
      }).loginAs(actor)
      response.assertStatus(403)
    }
    await lead.refresh()
    assert.equal(lead.agentId, agent.id)
  })

  test('bad bodies: 422 with a message, never a 5xx, nothing written', async ({
    client,
    assert,
  }) => {
    const { admin, agent } = await deskStaff()
    const lead = await deskLead()
    const before = await auditCount()
    const cases: [unknown, string, string][] = [
      [{}, 'ids', 'Select at least one lead'],
      [{ ids: [], data: { group: 'sales' } }, 'ids', 'Select at least one lead'],
      [{ ids: 'all', data: { group: 'sales' } }, 'ids', 'Select at least one lead'],
      [{ ids: ['x'], data: { group: 'sales' } }, 'ids.0', 'Lead ids must be valid ids'],
      [{ ids: [lead.id, 1.5], data: { group: 'sales' } }, 'ids.1', 'Lead ids must be valid ids'],
      [
        {
          ids: Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => i + 1),
          data: { group: 'sales' },
        },
        'ids',
        `At most ${MAX_BULK_IDS} leads at a time`,
      ],
      [{ ids: [lead.id] }, 'data', 'Choose a desk or an agent'],
      [{ ids: [lead.id], data: 'sales' }, 'data', 'Choose a desk or an agent'],
      [
        { ids: [lead.id], data: {} },
        'data',
        'Choose one change: a desk, an agent or a retention agent',
      ],
      [
        { ids: [lead.id], data: { group: 'archived', agentId: agent.id } },
        'data',
        'Choose one change: a desk, an agent or a retention agent',
      ],
      [
        { ids: [lead.id], data: { group: 'trash' } },
        'data.group',
        'Group must be sales, retentions or archived',
      ],
      [{ ids: [lead.id], data: { agentId: 'x' } }, 'data.agentId', 'Choose an agent from the list'],
    ]
    for (const [body, field, message] of cases) {
      const response = await api(client, 'put', '/admin/leads/bulk', body).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body).slice(0, 80))
    }
    await lead.refresh()
    assert.equal(lead.group, 'sales')
    assert.equal(await auditCount(), before)
  })

  test('the same id twice counts once', async ({ client, assert }) => {
    const { admin } = await deskStaff()
    const lead = await deskLead()
    const response = await api(client, 'put', '/admin/leads/bulk', {
      ids: [lead.id, lead.id],
      data: { group: 'archived' },
    }).loginAs(admin)
    response.assertStatus(200)
    assert.equal(response.body().count, 1)
  })
})

test.group('Leads desks: the staff pickers (GET /admin/crm/staff/{role})', (group) => {
  isolate(group)

  test('active, non-deleted staff of roles 2, 5, 6: id, full name and e-mail; roles 1, 2 only', async ({
    client,
    assert,
  }) => {
    const { admin, agent } = await deskStaff()
    const inactive = await UserFactory.apply('agent').apply('inactive').create()
    const response = await api(client, 'get', '/admin/crm/staff/5').loginAs(admin)
    response.assertStatus(200)
    const rows = response.body().data as any[]
    assert.deepInclude(rows, { id: agent.id, fullName: agent.fullName, email: agent.email })
    assert.notInclude(
      rows.map((r) => r.id),
      inactive.id
    )
    assert.deepEqual(Object.keys(rows[0]).sort(), ['email', 'fullName', 'id'])
    for (const roleId of ALL_ROLES) {
      const asRole = await api(client, 'get', '/admin/crm/staff/6').loginAs(
        await userOfRole(roleId)
      )
      assert.equal(asRole.status(), roleId <= 2 ? 200 : 403, `role ${roleId}`)
    }
    for (const bad of ['1', '3', '4', 'x']) {
      const other = await api(client, 'get', `/admin/crm/staff/${bad}`).loginAs(admin)
      other.assertStatus(404)
    }
  })
})
