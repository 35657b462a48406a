import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Lead from '#models/lead'
import { LEAD_LISTS, type LeadList } from '#domain/crm'
import { Roles } from '#domain/roles'
import { whereDesk } from '#queries/lead_desk'
import { keptDeskTotal } from '#queries/lead_desk_counts'
import { leadBranches, withinBranches, type LeadViewer } from '#queries/lead_visibility'
import { foldLeadDeskCounts } from '#services/lead_desk_counts'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { daysAgo, deskLead, deskStaff } from '#tests/helpers/crm_leads'

const listPath = (list: LeadList) =>
  `/affiliate/leads/api/${list}/All${list === 'sales' || list === 'new' ? '/all' : ''}`

/** The desk's total counted on `leads` itself, as the lists counted before migration 034. */
async function countedTotal(list: LeadList, viewer: LeadViewer) {
  const branches = await leadBranches(viewer)
  const row = await withinBranches(whereDesk(db.from('leads'), list), branches)
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}

async function assertKeptEqualsCounted(assert: any, viewers: LeadViewer[], when: string) {
  for (const viewer of viewers) {
    for (const list of LEAD_LISTS) {
      const kept = await keptDeskTotal(list, await leadBranches(viewer))
      assert.equal(kept.total, await countedTotal(list, viewer), `${when}: ${list}, ${viewer.id}`)
    }
  }
}

const keptRows = async () =>
  Number((await db.from('lead_desk_counts').count('* as rows').first())?.rows ?? 0)

test.group('Leads desks: the kept totals (migration 034) equal a count of the leads', (group) => {
  isolate(group)

  test('after adds, moves, reassignments, bulk updates, deletes and a fold', async ({ assert }) => {
    const { admin, manager, agent, retention, otherAgent, teamAgent } = await deskStaff()
    const viewers = [admin, manager, agent, retention, teamAgent].map((user) => ({
      id: user.id,
      roleId: user.roleId,
    }))
    await assertKeptEqualsCounted(assert, viewers, 'the demo leads')

    const made = [
      await deskLead(),
      await deskLead({ agentId: teamAgent.id }),
      await deskLead({ agentId: agent.id, managerId: manager.id }),
      await deskLead({ group: 'retentions', retAgentId: retention.id, agentId: teamAgent.id }),
      await deskLead({ group: 'retentions', retAgentId: teamAgent.id }),
      await deskLead({ group: 'archived', agentId: otherAgent.id }),
      await deskLead({ group: null, managerId: manager.id }),
    ]
    await assertKeptEqualsCounted(assert, viewers, 'after adds')

    made[0].agentId = teamAgent.id
    await made[0].save()
    made[1].group = 'archived'
    await made[1].save()
    made[2].managerId = null
    made[2].firstName = 'Renamed'
    await made[2].save()
    await assertKeptEqualsCounted(assert, viewers, 'after moves and reassignments')

    const ids = made.map((lead) => lead.id)
    await db.from('leads').whereIn('id', ids).update({ group: 'sales', ret_agent_id: null })
    await db.from('leads').whereIn('id', ids.slice(0, 3)).update({ agent_id: otherAgent.id })
    await assertKeptEqualsCounted(assert, viewers, 'after bulk updates')

    await Lead.query().whereIn('id', ids.slice(3)).delete()
    await assertKeptEqualsCounted(assert, viewers, 'after deletes')

    const before = await keptRows()
    assert.isAbove(await foldLeadDeskCounts(true), 0)
    assert.isBelow(await keptRows(), before)
    const keys = await db
      .from('lead_desk_counts')
      .select('group', 'manager_id', 'agent_id', 'ret_agent_id')
      .groupBy('group', 'manager_id', 'agent_id', 'ret_agent_id')
      .havingRaw('count(*) > 1')
    assert.lengthOf(keys, 0, 'one row per key after a fold')
    assert.lengthOf(await db.from('lead_desk_counts').where('n', 0), 0, 'no zero rows')
    await assertKeptEqualsCounted(assert, viewers, 'after a fold')

    await deskLead({ agentId: teamAgent.id })
    await assertKeptEqualsCounted(assert, viewers, 'after a fold and an add')
  })

  test('the list API answers the kept total unfiltered and counts the leads when filtered', async ({
    client,
    assert,
  }) => {
    const { admin, manager } = await deskStaff()
    await deskLead({ managerId: manager.id })
    for (const viewer of [admin, manager]) {
      for (const list of LEAD_LISTS) {
        const response = await api(client, 'get', listPath(list)).loginAs(viewer)
        response.assertStatus(200)
        const expected = await countedTotal(list, { id: viewer.id, roleId: viewer.roleId })
        assert.equal(response.body().meta.total, expected, `${list} as ${viewer.email}`)
      }
    }
    // A filtered list counts its leads: only those in the date range, whatever the desk holds.
    await deskLead({ createdAt: daysAgo(4000) })
    await deskLead({ createdAt: daysAgo(4000) })
    const span = `/${daysAgo(4001).toISODate()}/${daysAgo(3999).toISODate()}`
    const filtered = await api(client, 'get', `${listPath('sales')}${span}`).loginAs(admin)
    filtered.assertStatus(200)
    assert.equal(filtered.body().meta.total, 2)
  })
})

test.group('Leads desks: the kept totals under concurrent writes and folds', () => {
  // No shared rolled-back transaction: each write and each fold has its own, so they race.
  test('leads added and moved while three folds run: the total still equals the count', async ({
    assert,
  }) => {
    const admin = { id: 0, roleId: Roles.ADMIN }
    const made: number[] = []
    try {
      const writes = Array.from({ length: 30 }, async (_, i) => {
        const lead = await deskLead({ group: i % 3 === 0 ? 'retentions' : 'sales' })
        made.push(lead.id)
        if (i % 2 === 0) await Lead.query().where('id', lead.id).update({ group: 'archived' })
      })
      const folds = [0, 1, 2].map(() => foldLeadDeskCounts(true))
      await Promise.all([...writes, ...folds])
      await foldLeadDeskCounts(true)
      for (const list of LEAD_LISTS) {
        const kept = await keptDeskTotal(list, await leadBranches(admin))
        assert.equal(kept.total, await countedTotal(list, admin), list)
      }
    } finally {
      await Lead.query().whereIn('id', made).delete()
    }
  })
})
