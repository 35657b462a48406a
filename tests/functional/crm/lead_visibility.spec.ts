import { test } from '@japa/runner'
import Lead from '#models/lead'
import Team from '#models/team'
import { UserFactory } from '#database/factories/user_factory'
import { findVisibleLead, leadBranches, withinBranches } from '#queries/lead_visibility'
import { leadPage } from '#queries/leads'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import type { RoleId } from '#domain/roles'

/**
 * Who sees which lead (issue 13 item 1), decided in the query: the same rows
 * for every list, edit, note and call.
 */
test.group('Lead visibility by role', (group) => {
  isolate(group)

  async function world() {
    // The demo team (Max Manager's, database/demo/crm_config.ts) aside: this world builds its own.
    await Team.query().delete()
    const [admin, manager, affiliate, agent, retention] = await Promise.all(
      [DEMO.admin, DEMO.manager, DEMO.affiliate, DEMO.agent, DEMO.retention].map(demoUser)
    )
    const otherManager = await UserFactory.merge({ roleId: 2 }).create()
    const otherAgent = await UserFactory.merge({ roleId: 5 }).create()
    const teamAgent = await UserFactory.merge({ roleId: 5 }).create()
    const team = await Team.create({ name: 'Desk A', code: 'DESK-A', userId: manager.id })
    await team.related('members').attach([teamAgent.id])

    const lead = (email: string, fields: Partial<Lead> = {}) =>
      Lead.create({ email, group: 'sales', source: 'manual', ...fields })
    const leads = {
      unassigned: await lead('unassigned@x.test'),
      managed: await lead('managed@x.test', { managerId: manager.id }),
      otherManaged: await lead('other-managed@x.test', { managerId: otherManager.id }),
      teamAgents: await lead('team-agent@x.test', { agentId: teamAgent.id }),
      mine: await lead('mine@x.test', { agentId: agent.id, affiliateId: affiliate.id }),
      othersAgent: await lead('others-agent@x.test', { agentId: otherAgent.id }),
      retained: await lead('retained@x.test', { group: 'retentions', retAgentId: retention.id }),
    }
    return { admin, manager, affiliate, agent, retention, leads }
  }

  async function seenBy(viewer: { id: number; roleId: RoleId }) {
    const rows = await withinBranches(Lead.query(), await leadBranches(viewer))
      .whereLike('email', '%@x.test')
      .orderBy('email')
    return rows.map((row) => row.email)
  }

  test('an admin sees every lead', async ({ assert }) => {
    const { admin } = await world()
    assert.lengthOf(await seenBy(admin), 7)
  })

  test("a manager sees the leads they manage, their teams' agents' leads and the unassigned ones", async ({
    assert,
  }) => {
    const { manager } = await world()
    assert.deepEqual(await seenBy(manager), [
      'managed@x.test',
      'team-agent@x.test',
      'unassigned@x.test',
    ])
  })

  test("a manager's total counts each lead once, however many of their parts it falls in", async ({
    assert,
  }) => {
    const { manager } = await world()
    const teamRetention = await UserFactory.merge({ roleId: 6 }).create()
    const team = await Team.findByOrFail('code', 'DESK-A')
    await team.related('members').attach([teamRetention.id])
    const teamAgent = (await team.related('members').query()).find((m) => m.roleId === 5)!
    const lead = (email: string, fields: Partial<Lead>) =>
      Lead.create({ email, group: 'retentions', source: 'manual', ...fields })
    await lead('all-three@x.test', {
      managerId: manager.id,
      agentId: teamAgent.id,
      retAgentId: teamRetention.id,
    })
    await lead('agent-and-retention@x.test', {
      agentId: teamAgent.id,
      retAgentId: teamRetention.id,
    })
    await lead('retention-only@x.test', { retAgentId: teamRetention.id })
    await lead('nobodys@x.test', {})

    const seen = await seenBy(manager)
    const page = await leadPage('retentions', { status: 'All' }, { limit: 100 }, manager)
    const emails = page.data.map((row) => row.email)
    const ours = emails.filter((email) => email?.endsWith('@x.test'))
    assert.deepEqual([...ours].sort(), [
      'agent-and-retention@x.test',
      'all-three@x.test',
      'nobodys@x.test',
      'retention-only@x.test',
    ])
    assert.equal(page.meta.total, emails.length)
    assert.includeMembers(seen, ours)
  })

  test('an affiliate sees the leads they brought; agents only the leads assigned to them', async ({
    assert,
  }) => {
    const { affiliate, agent, retention } = await world()
    assert.deepEqual(await seenBy(affiliate), ['mine@x.test'])
    assert.deepEqual(await seenBy(agent), ['mine@x.test'])
    assert.deepEqual(await seenBy(retention), ['retained@x.test'])
  })

  test("another desk's lead, a customer's look and a bad id answer 404", async ({ assert }) => {
    const { agent, leads } = await world()
    const customer = await demoUser(DEMO.customer)
    assert.equal((await findVisibleLead(agent, String(leads.mine.id))).id, leads.mine.id)
    for (const [viewer, id] of [
      [agent, leads.othersAgent.id],
      [customer, leads.mine.id],
      [agent, 'abc'],
      [agent, -2],
    ] as const) {
      await assert.rejects(() => findVisibleLead(viewer, id), /not found|Not Found/i)
    }
  })
})
