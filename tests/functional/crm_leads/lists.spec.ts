import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { cappedMatchPage, sumOfCounts } from '#queries/paginate'
import LeadNote from '#models/lead_note'
import settings from '#services/settings_service'
import { LEAD_LIST_ROLES, type LeadList } from '#domain/crm'
import { ALL_ROLES } from '#domain/roles'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { userOfRole } from '#tests/helpers/users'
import { daysAgo, deskLead, deskStaff, ONLY_MINE, salesStatus } from '#tests/helpers/crm_leads'

/** A list's path as the pages call it (typed lists take the type 'all'). */
const listPath = (list: LeadList, status = 'All', rest = '') =>
  `/affiliate/leads/api/${list}/${status}${list === 'sales' || list === 'new' ? '/all' : ''}${rest}`

const idsOf = (response: { body(): any }) =>
  (response.body().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b)

test.group('Leads desks: who may read each list', (group) => {
  isolate(group)

  test('each list answers its roles (LEAD_LIST_ROLES) and 403 to every other role', async ({
    client,
    assert,
  }) => {
    for (const list of Object.keys(LEAD_LIST_ROLES) as LeadList[]) {
      for (const roleId of ALL_ROLES) {
        const response = await api(client, 'get', `${listPath(list)}?${ONLY_MINE}`).loginAs(
          await userOfRole(roleId)
        )
        const expected = LEAD_LIST_ROLES[list].includes(roleId) ? 200 : 403
        assert.equal(response.status(), expected, `${list} as role ${roleId}`)
      }
    }
  })

  test('a visitor is not let in', async ({ client }) => {
    const response = await api(client, 'get', listPath('sales'))
    response.assertStatus(401)
  })

  test('each list holds its desk: sales, new (no agent yet), clients (no desk), retentions, archived', async ({
    client,
    assert,
  }) => {
    const { admin, agent } = await deskStaff()
    const sales = await deskLead({ group: 'sales', agentId: agent.id })
    const fresh = await deskLead({ group: 'sales' })
    const registered = await deskLead({ group: null })
    const retained = await deskLead({ group: 'retentions' })
    const archived = await deskLead({ group: 'archived' })
    const expected: Record<LeadList, number[]> = {
      sales: [sales.id, fresh.id],
      new: [fresh.id],
      clients: [registered.id],
      retentions: [retained.id],
      archived: [archived.id],
    }
    for (const [list, ids] of Object.entries(expected)) {
      const response = await api(
        client,
        'get',
        `${listPath(list as LeadList)}?${ONLY_MINE}`
      ).loginAs(admin)
      response.assertStatus(200)
      assert.deepEqual(idsOf(response), ids, list)
    }
  })

  test("a sales agent sees only their own leads; a manager theirs, their teams' and the unassigned", async ({
    client,
    assert,
  }) => {
    const { manager, agent, otherAgent, teamAgent, retention } = await deskStaff()
    const mine = await deskLead({ agentId: agent.id })
    const others = await deskLead({ agentId: otherAgent.id })
    const teams = await deskLead({ agentId: teamAgent.id })
    const unassigned = await deskLead()
    const managed = await deskLead({ managerId: manager.id, agentId: otherAgent.id })
    const retained = await deskLead({ group: 'retentions', retAgentId: retention.id })
    await deskLead({ group: 'retentions' })

    const asAgent = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(agent)
    assert.deepEqual(idsOf(asAgent), [mine.id])
    const asManager = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(manager)
    assert.deepEqual(
      idsOf(asManager),
      [teams.id, unassigned.id, managed.id].sort((a, b) => a - b)
    )
    assert.notInclude(idsOf(asManager), others.id)
    const asRetention = await api(client, 'get', `${listPath('retentions')}?${ONLY_MINE}`).loginAs(
      retention
    )
    assert.deepEqual(idsOf(asRetention), [retained.id])
  })
})

test.group('Leads desks: filters, paging and rows', (group) => {
  isolate(group)

  test('status: All, a name with spaces as underscores; an unknown status is a 422', async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const noAnswer = await salesStatus('Desk No Answer')
    const hit = await deskLead({ salesStatusId: noAnswer.id })
    await deskLead()
    const response = await api(
      client,
      'get',
      `${listPath('sales', 'Desk_No_Answer')}?${ONLY_MINE}`
    ).loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(idsOf(response), [hit.id])
    assert.equal(response.body().data[0].leadStatus, 'Desk No Answer')

    const unknown = await api(client, 'get', `${listPath('sales', 'Nope')}?${ONLY_MINE}`).loginAs(
      admin
    )
    unknown.assertStatus(422)
    assert.equal(fieldErrors(unknown.body()).status, 'Unknown sales status')
  })

  test('type live or manual filters the source; another type names no list (404)', async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const live = await deskLead({ source: 'live' })
    const manual = await deskLead({ source: 'manual' })
    for (const [type, ids] of [
      ['live', [live.id]],
      ['manual', [manual.id]],
      ['all', [live.id, manual.id]],
    ] as const) {
      const response = await api(
        client,
        'get',
        `/affiliate/leads/api/new/All/${type}?${ONLY_MINE}`
      ).loginAs(admin)
      assert.deepEqual(idsOf(response), ids, type)
    }
    const bad = await api(client, 'get', `/affiliate/leads/api/sales/All/other`).loginAs(admin)
    bad.assertStatus(404)
  })

  test('the date range filters created_at, and registered_at on Clients and Archived; a bad day is a 422', async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const old = await deskLead({ createdAt: daysAgo(10) })
    const recent = await deskLead({ createdAt: daysAgo(1) })
    const start = daysAgo(3).toISODate()
    const end = daysAgo(0).toISODate()
    const response = await api(
      client,
      'get',
      `${listPath('sales', 'All', `/${start}/${end}`)}?${ONLY_MINE}`
    ).loginAs(admin)
    assert.deepEqual(idsOf(response), [recent.id])
    assert.notInclude(idsOf(response), old.id)

    const registered = await deskLead({
      group: null,
      createdAt: daysAgo(10),
      registeredAt: daysAgo(1),
    })
    await deskLead({ group: null, createdAt: daysAgo(1), registeredAt: daysAgo(10) })
    const clients = await api(
      client,
      'get',
      `${listPath('clients', 'All', `/${start}/${end}`)}?${ONLY_MINE}`
    ).loginAs(admin)
    assert.deepEqual(idsOf(clients), [registered.id])

    for (const range of ['/2026-13-40/2026-01-01', `/${end}/${start}`]) {
      const bad = await api(client, 'get', `${listPath('sales', 'All', range)}`).loginAs(admin)
      bad.assertStatus(422)
    }
  })

  test('agentId narrows the sales list, retId the retentions list', async ({ client, assert }) => {
    const { admin, agent, otherAgent, retention } = await deskStaff()
    const mine = await deskLead({ agentId: agent.id })
    await deskLead({ agentId: otherAgent.id })
    const retained = await deskLead({ group: 'retentions', retAgentId: retention.id })
    await deskLead({ group: 'retentions' })
    const sales = await api(
      client,
      'get',
      `${listPath('sales')}?${ONLY_MINE}&agentId=${agent.id}`
    ).loginAs(admin)
    assert.deepEqual(idsOf(sales), [mine.id])
    const retentions = await api(
      client,
      'get',
      `${listPath('retentions')}?${ONLY_MINE}&retId=${retention.id}`
    ).loginAs(admin)
    assert.deepEqual(idsOf(retentions), [retained.id])
    const bad = await api(client, 'get', `${listPath('sales')}?agentId=abc`).loginAs(admin)
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).agentId, 'Choose an agent from the list')
  })

  test('search matches first or last name, e-mail and phone; wildcards are literal', async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const byFirst = await deskLead({ firstName: 'Zebulon' })
    const byLast = await deskLead({ lastName: 'Quixotic' })
    const byPhone = await deskLead({ phone: '+44 7700 900123' })
    await deskLead()
    const search = async (text: string) =>
      idsOf(
        await api(client, 'get', `${listPath('sales')}?search=${encodeURIComponent(text)}`).loginAs(
          admin
        )
      )
    assert.deepEqual(await search('zebul'), [byFirst.id])
    assert.deepEqual(await search('QUIXO'), [byLast.id])
    assert.deepEqual(await search('7700 900'), [byPhone.id])
    assert.deepEqual(await search(byFirst.email!.toUpperCase()), [byFirst.id])
    assert.deepEqual(await search('%'), [])
  })

  test("a search's page is newest first with its exact total; past the cap the total is a floor", async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    const named = []
    for (let i = 0; i < 4; i++) named.push(await deskLead({ lastName: `Capstone${i}` }))
    const response = await api(client, 'get', `${listPath('sales')}?search=capstone`).loginAs(admin)
    const body = response.body()
    assert.deepEqual(
      body.data.map((row: { id: number }) => row.id),
      named.map((lead) => lead.id).reverse()
    )
    assert.equal(body.meta.total, 4)
    assert.notProperty(body.meta, 'totalAtLeast')

    const matching = () => db.from('leads').whereLike('last_name', 'Capstone%')
    const ids = named.map((lead) => lead.id)
    const pageOf = (cap: number, page: number, order: 'asc' | 'desc' = 'desc') =>
      cappedMatchPage(() => matching().select('id'), cap, { page, limit: 3 }, order)
    assert.deepEqual(await pageOf(10, 1), { total: 4, ids: ids.slice(1).reverse() })
    assert.deepEqual(await pageOf(10, 2), { total: 4, ids: [ids[0]] })
    assert.deepEqual(await pageOf(10, 1, 'asc'), { total: 4, ids: ids.slice(0, 3) })
    assert.deepEqual(await pageOf(10, 3), { total: 4, ids: [] }, 'past the last page')
    assert.deepEqual(await pageOf(4, 1), { total: 4, ids: ids.slice(1).reverse() })
    assert.deepEqual(await pageOf(3, 1), { total: 3, atLeast: true, ids: [] })
    assert.deepEqual(await sumOfCounts([matching(), matching()]), { total: 8 })
  })

  test("paging: 15 by default, 'Total' counts every matching row; 25 and 50 allowed, others 422", async ({
    client,
    assert,
  }) => {
    const { admin } = await deskStaff()
    for (let i = 0; i < 17; i++) await deskLead()
    const first = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(admin)
    assert.lengthOf(first.body().data, 15)
    assert.deepInclude(first.body().meta, { total: 17, perPage: 15, currentPage: 1, lastPage: 2 })
    const second = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}&page=2`).loginAs(
      admin
    )
    assert.lengthOf(second.body().data, 2)
    const ids = [...first.body().data, ...second.body().data].map((r: any) => r.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
      'newest first'
    )
    const bad = await api(client, 'get', `${listPath('sales')}?limit=20`).loginAs(admin)
    bad.assertStatus(422)
    const badSort = await api(client, 'get', `${listPath('sales')}?sort=email`).loginAs(admin)
    badSort.assertStatus(422)
  })

  test('a row carries the spec columns: people by name, the linked account, notes with their author', async ({
    client,
    assert,
  }) => {
    const { admin, manager, agent, retention, affiliate, customer } = await deskStaff()
    const lead = await deskLead({
      managerId: manager.id,
      agentId: agent.id,
      retAgentId: retention.id,
      affiliateId: affiliate.id,
      userId: customer.id,
      city: 'Lisbon',
      country: 'Portugal',
      funnelLink: 'https://landing.example/a',
      reference: 'REF-1',
      leadSourceId: 'SRC-9',
      registeredAt: daysAgo(2),
    })
    await LeadNote.create({ leadId: lead.id, userId: agent.id, content: 'Called, no answer' })
    await LeadNote.create({ leadId: lead.id, userId: manager.id, content: 'Second note' })
    const response = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(admin)
    const row = response.body().data[0]
    assert.include(row, {
      id: lead.id,
      email: lead.email,
      phone: lead.phone,
      phoneHidden: false,
      city: 'Lisbon',
      country: 'Portugal',
      group: 'sales',
      source: 'manual',
      linked: customer.id,
      linkedName: customer.fullName,
      reference: 'REF-1',
      leadSourceId: 'SRC-9',
    })
    assert.deepEqual(row.manager, { id: manager.id, fullName: manager.fullName })
    assert.deepEqual(row.agent, { id: agent.id, fullName: agent.fullName })
    assert.deepEqual(row.retAgent, { id: retention.id, fullName: retention.fullName })
    assert.deepEqual(row.affiliate, { id: affiliate.id, fullName: affiliate.fullName })
    assert.deepEqual(
      row.notes.map((n: any) => [n.content, n.author]),
      [
        ['Called, no answer', agent.fullName],
        ['Second note', manager.fullName],
      ]
    )
    assert.isString(row.notes[0].createdAt)
    assert.isString(row.registeredAt)
    assert.isNull(row.ftdAt)
  })
})

test.group('Leads desks: masking for agents (showUserInfoAgent)', (group) => {
  isolate(group)

  test('off: roles 5 and 6 get the e-mail masked and no phone — the real values are nowhere in the answer', async ({
    client,
    assert,
  }) => {
    await settings.put('showUserInfoAgent', { value1: 'off' })
    const { agent, retention, admin } = await deskStaff()
    const sold = await deskLead({ agentId: agent.id, email: `jonathan.smith@desk.test` })
    const kept = await deskLead({ group: 'retentions', retAgentId: retention.id })
    for (const [viewer, list, lead] of [
      [agent, 'sales', sold],
      [retention, 'retentions', kept],
    ] as const) {
      const response = await api(client, 'get', `${listPath(list)}?${ONLY_MINE}`).loginAs(viewer)
      const text = JSON.stringify(response.body())
      assert.notInclude(text, lead.email!)
      assert.notInclude(text, lead.phone!)
      assert.include(response.body().data[0], { phone: null, phoneHidden: true })
    }
    const asAgent = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(agent)
    assert.equal(asAgent.body().data[0].email, 'jo****th@desk.test')
    // Staff above the agents always see the real values.
    const asAdmin = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(admin)
    assert.include(JSON.stringify(asAdmin.body()), sold.email!)
  })

  test('on: the agents see the real e-mail and phone', async ({ client, assert }) => {
    await settings.put('showUserInfoAgent', { value1: 'on' })
    const { agent } = await deskStaff()
    const lead = await deskLead({ agentId: agent.id })
    const response = await api(client, 'get', `${listPath('sales')}?${ONLY_MINE}`).loginAs(agent)
    assert.include(response.body().data[0], {
      email: lead.email,
      phone: lead.phone,
      phoneHidden: false,
    })
  })
})

test.group('Leads desks: the pages', (group) => {
  isolate(group)

  const PAGES: [string, string, string | null, number[]][] = [
    ['/admin/crm/sales/all', 'sales', 'all', [1, 2, 5]],
    ['/admin/crm/sales/manual', 'sales', 'manual', [1, 2, 5]],
    ['/admin/crm/sales/live', 'sales', 'live', [1, 2, 5]],
    ['/admin/leads/live', 'new', 'live', [1, 2]],
    ['/admin/leads/manual', 'new', 'manual', [1, 2]],
    ['/admin/leads/all', 'new', 'all', [1, 2]],
    ['/admin/crm/clients', 'clients', null, [1, 2]],
    ['/admin/crm/retention', 'retentions', null, [1, 2, 6]],
    ['/admin/crm/archived', 'archived', null, [1, 2]],
  ]

  test('each page renders the one leads page with its list, type, the statuses and the viewer; other roles 403', async ({
    client,
    assert,
  }) => {
    const status = await salesStatus('Desk Call Back')
    for (const [path, list, type, roles] of PAGES) {
      for (const roleId of ALL_ROLES) {
        const user = await userOfRole(roleId)
        const response = await client.get(path).loginAs(user).withInertia()
        if (!roles.includes(roleId)) {
          assert.equal(response.status(), 403, `${path} as ${roleId}`)
          continue
        }
        response.assertStatus(200)
        response.assertInertiaComponent('staff/crm/leads')
        const props = response.inertiaProps as any
        assert.include(props, { list, type }, path)
        assert.deepInclude(props.statuses, {
          id: status.id,
          status: 'Desk Call Back',
          isDefault: false,
        })
        assert.deepEqual(props.viewer, { id: user.id, roleId, email: user.email })
      }
    }
  })
})
