import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Lead from '#models/lead'
import Team from '#models/team'
import { UserFactory } from '#database/factories/user_factory'
import { leadBranches, withinBranches } from '#queries/lead_visibility'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { userOfRole } from '#tests/helpers/users'
import { ALL_ROLES } from '#domain/roles'

const URL = '/admin/crm-config/teams'
const admin = () => userOfRole(1)

const teamCount = async () => Number((await db.from('teams').count('* as n').first()).n)
const memberCount = async () => Number((await db.from('team_members').count('* as n').first()).n)
const membersOf = async (teamId: number) =>
  (await db.from('team_members').where('team_id', teamId).orderBy('user_id')).map((r) =>
    Number(r.user_id)
  )

async function people() {
  const manager = await UserFactory.apply('manager').create()
  const [sales, retention] = [
    await UserFactory.apply('agent').create(),
    await UserFactory.apply('retention').create(),
  ]
  return { manager, sales, retention }
}

test.group('Teams: access', (group) => {
  isolate(group)

  test('the page and every call are open to role 1 only', async ({ client, assert }) => {
    const { manager } = await people()
    const team = await Team.create({ name: 'Probe', code: 'T-PROBE1', userId: manager.id })
    for (const roleId of ALL_ROLES) {
      const user = await userOfRole(roleId)
      const allowed = roleId === 1
      const page = await client.get(URL).loginAs(user).withInertia()
      assert.equal(page.status(), allowed ? 200 : 403, `page, role ${roleId}`)
      const body = { name: 'Access', userId: manager.id, userIds: [{ id: -2 }] }
      const calls = [
        api(client, 'get', `${URL}/api`),
        api(client, 'post', URL, body),
        api(client, 'put', `${URL}/${team.id}`, body),
        api(client, 'delete', `${URL}/999999`),
      ]
      const expected = allowed ? [200, 201, 200, 404] : [403, 403, 403, 403]
      for (const [i, call] of calls.entries()) {
        assert.equal((await call.loginAs(user)).status(), expected[i], `call ${i}, role ${roleId}`)
      }
    }
  })

  test('the page receives the choices: active managers, and non-deleted sales and retention agents', async ({
    client,
    assert,
  }) => {
    const { manager, sales, retention } = await people()
    const gone = await UserFactory.apply('agent').merge({ deletedAt: DateTime.now() }).create()
    const idle = await UserFactory.apply('manager').apply('inactive').create()
    const page = await client
      .get(URL)
      .loginAs(await admin())
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('staff/crm_config/teams')
    const props = page.inertiaProps as { managers: any[]; agents: any[] }
    const managerIds = props.managers.map((m) => m.id)
    const agentIds = props.agents.map((a) => a.id)
    assert.include(managerIds, manager.id)
    assert.notInclude(managerIds, idle.id)
    assert.includeMembers(agentIds, [sales.id, retention.id])
    assert.notInclude(agentIds, gone.id)
    assert.isTrue(props.managers.every((m) => m.roleId === 2))
    assert.isTrue(props.agents.every((a) => [5, 6].includes(a.roleId)))
    assert.notInclude(JSON.stringify(props), 'password')
  })
})

test.group('Teams: list and writes', (group) => {
  isolate(group)

  test('add: a server code, the members (none rows ignored), the spec toast and an audit row', async ({
    client,
    assert,
  }) => {
    const { manager, sales, retention } = await people()
    const response = await api(client, 'post', URL, {
      name: '  Alpha Desk ',
      userId: manager.id,
      code: 'MINE',
      userIds: [{ id: -2 }, { id: sales.id }, { id: retention.id }, { id: sales.id }],
    }).loginAs(await admin())
    response.assertStatus(201)
    assert.equal(response.body().message, 'Team added successfully')
    const row = response.body().team
    assert.match(row.code, /^T-[ACDEFGHJKMNPQRTUVWXY34679]{6}$/)
    assert.equal(row.name, 'Alpha Desk')
    assert.equal(row.manager, manager.fullName)
    assert.deepEqual(
      await membersOf(row.id),
      [sales.id, retention.id].sort((a, b) => a - b)
    )
    const audit = await onlyAuditRow('team.create', row.id)
    assert.equal(audit.target_type, 'team')
    assert.deepEqual(audit.changes.name, { before: null, after: 'Alpha Desk' })

    const list = await api(client, 'get', `${URL}/api?search=alpha`).loginAs(await admin())
    list.assertStatus(200)
    assert.deepEqual(list.body().data, [
      {
        id: row.id,
        name: 'Alpha Desk',
        code: row.code,
        userId: manager.id,
        manager: manager.fullName,
        members: [sales, retention]
          .sort((a, b) => a.id - b.id)
          .map((m) => ({ id: m.id, fullName: m.fullName })),
      },
    ])
    const byCode = await api(client, 'get', `${URL}/api?search=${row.code.toLowerCase()}`).loginAs(
      await admin()
    )
    assert.lengthOf(byCode.body().data, 1)
  })

  test('a team without members: only the none row', async ({ client, assert }) => {
    const { manager } = await people()
    const response = await api(client, 'post', URL, {
      name: 'Empty',
      userId: manager.id,
      userIds: [{ id: -2 }],
    }).loginAs(await admin())
    response.assertStatus(201)
    assert.deepEqual(await membersOf(response.body().team.id), [])
    const without = await api(client, 'post', URL, { name: 'Bare', userId: manager.id }).loginAs(
      await admin()
    )
    without.assertStatus(201)
  })

  test('the spec messages and the people rules; bad input writes nothing', async ({
    client,
    assert,
  }) => {
    const { manager, sales } = await people()
    const customer = await userOfRole(3)
    const idle = await UserFactory.apply('manager').apply('inactive').create()
    const gone = await UserFactory.apply('manager').merge({ deletedAt: DateTime.now() }).create()
    const goneAgent = await UserFactory.apply('agent').merge({ deletedAt: DateTime.now() }).create()
    const [teams, members, audits] = [await teamCount(), await memberCount(), await auditCount()]
    const ok = { name: 'Beta', userId: manager.id, userIds: [{ id: sales.id }] }
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'Name is required', userId: 'Manager is required' }],
      [{ ...ok, name: '   ' }, { name: 'Name is required' }],
      [{ ...ok, name: 'x'.repeat(121) }, { name: 'Name must be at most 120 characters' }],
      [{ ...ok, userId: -2 }, { userId: 'Manager is required' }],
      [{ ...ok, userId: 'abc' }, { userId: 'Manager is required' }],
      [{ ...ok, userId: 1.5 }, { userId: 'Manager is required' }],
      [{ ...ok, userId: 999999 }, { userId: 'Choose an active manager' }],
      [{ ...ok, userId: sales.id }, { userId: 'Choose an active manager' }],
      [{ ...ok, userId: idle.id }, { userId: 'Choose an active manager' }],
      [{ ...ok, userId: gone.id }, { userId: 'Choose an active manager' }],
      [{ ...ok, userIds: 'all' }, { userIds: 'Members must be a list' }],
      [{ ...ok, userIds: [5] }, { 'userIds.0': 'Choose a member from the list' }],
      [{ ...ok, userIds: [{ id: 'x' }] }, { 'userIds.0.id': 'Choose a member from the list' }],
      [{ ...ok, userIds: [{}] }, { 'userIds.0.id': 'Choose a member from the list' }],
      [
        { ...ok, userIds: [{ id: -2 }, { id: customer.id }] },
        { 'userIds.1.id': 'Members must be sales or retention agents' },
      ],
      [
        { ...ok, userIds: [{ id: manager.id }] },
        { 'userIds.0.id': 'Members must be sales or retention agents' },
      ],
      [
        { ...ok, userIds: [{ id: goneAgent.id }] },
        { 'userIds.0.id': 'Members must be sales or retention agents' },
      ],
      [
        { ...ok, userIds: Array.from({ length: 101 }, () => ({ id: -2 })) },
        { userIds: 'A team has at most 100 members' },
      ],
    ]
    for (const [body, expected] of cases) {
      const response = await api(client, 'post', URL, body).loginAs(await admin())
      response.assertStatus(422)
      const errors = fieldErrors(response.body())
      for (const [field, message] of Object.entries(expected)) {
        assert.equal(errors[field], message, JSON.stringify(body).slice(0, 200))
      }
    }
    assert.equal(await teamCount(), teams)
    assert.equal(await memberCount(), members)
    assert.equal(await auditCount(), audits)
  })

  test('an agent is in one team at most: the refusal names the other team', async ({
    client,
    assert,
  }) => {
    const { manager, sales, retention } = await people()
    const first = await api(client, 'post', URL, {
      name: 'Gamma',
      userId: manager.id,
      userIds: [{ id: sales.id }],
    }).loginAs(await admin())
    first.assertStatus(201)
    const code = first.body().team.code
    const second = await api(client, 'post', URL, {
      name: 'Delta',
      userId: manager.id,
      userIds: [{ id: retention.id }, { id: sales.id }],
    }).loginAs(await admin())
    second.assertStatus(422)
    assert.deepEqual(fieldErrors(second.body()), {
      'userIds.1.id': `${sales.fullName} is already in team Gamma (${code})`,
    })
    assert.equal(
      await Team.query()
        .where('name', 'Delta')
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      0
    )
  })

  test('edit: name, manager and members change, the code stays; an audit row', async ({
    client,
    assert,
  }) => {
    const { manager, sales, retention } = await people()
    const other = await UserFactory.apply('manager').create()
    const created = await api(client, 'post', URL, {
      name: 'Epsilon',
      userId: manager.id,
      userIds: [{ id: sales.id }],
    }).loginAs(await admin())
    const team = created.body().team
    const response = await api(client, 'put', `${URL}/${team.id}`, {
      name: 'Epsilon Two',
      userId: other.id,
      code: 'HACKED',
      userIds: [{ id: sales.id }, { id: retention.id }],
    }).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Team updated successfully')
    const row = await Team.findOrFail(team.id)
    assert.equal(row.code, team.code)
    assert.equal(row.name, 'Epsilon Two')
    assert.equal(row.userId, other.id)
    assert.deepEqual(
      await membersOf(team.id),
      [sales.id, retention.id].sort((a, b) => a - b)
    )
    const audit = await onlyAuditRow('team.update', team.id)
    assert.deepEqual(audit.changes.userId, { before: manager.id, after: other.id })
    assert.property(audit.changes, 'memberIds')

    // Dropping every member.
    ;(
      await api(client, 'put', `${URL}/${team.id}`, {
        name: 'Epsilon Two',
        userId: other.id,
        userIds: [{ id: -2 }],
      }).loginAs(await admin())
    ).assertStatus(200)
    assert.deepEqual(await membersOf(team.id), [])
  })

  test('edit and delete of an unknown or malformed id are 404', async ({ client }) => {
    const { manager } = await people()
    for (const id of ['999999', '0', 'abc', '99999999999']) {
      ;(
        await api(client, 'put', `${URL}/${id}`, { name: 'X', userId: manager.id }).loginAs(
          await admin()
        )
      ).assertStatus(404)
      ;(await api(client, 'delete', `${URL}/${id}`).loginAs(await admin())).assertStatus(404)
    }
  })

  test('delete: the team and its memberships go, the people stay; the spec toast and an audit row', async ({
    client,
    assert,
  }) => {
    const { manager, sales } = await people()
    const created = await api(client, 'post', URL, {
      name: 'Zeta',
      userId: manager.id,
      userIds: [{ id: sales.id }],
    }).loginAs(await admin())
    const id = created.body().team.id
    const response = await api(client, 'delete', `${URL}/${id}`).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Team deleted successfully')
    assert.isNull(await Team.find(id))
    assert.deepEqual(await membersOf(id), [])
    assert.isNotNull(await db.from('users').where('id', sales.id).first())
    const audit = await onlyAuditRow('team.delete', id)
    assert.deepEqual(audit.changes.name, { before: 'Zeta', after: null })
  })

  test("membership is what a manager sees: a team's agent's leads appear, and go with the team", async ({
    client,
    assert,
  }) => {
    const { manager, sales } = await people()
    const lead = await Lead.create({
      email: 'team-view@visibility.test',
      group: 'sales',
      source: 'manual',
      agentId: sales.id,
    })
    const sees = async () =>
      (await withinBranches(Lead.query(), await leadBranches(manager)).where('leads.id', lead.id))
        .length === 1
    assert.isFalse(await sees())
    const created = await api(client, 'post', URL, {
      name: 'Eta',
      userId: manager.id,
      userIds: [{ id: sales.id }],
    }).loginAs(await admin())
    assert.isTrue(await sees())
    await api(client, 'delete', `${URL}/${created.body().team.id}`).loginAs(await admin())
    assert.isFalse(await sees())
  })
})
