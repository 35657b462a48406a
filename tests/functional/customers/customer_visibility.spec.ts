import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Lead from '#models/lead'
import Profile from '#models/profile'
import Team from '#models/team'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { findVisibleCustomer, narrowToVisibleCustomers } from '#queries/customer_visibility'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import type { RoleId } from '#domain/roles'

/** Who may open which customer (issue 14): decided in the query, for every customer screen. */
test.group('Customer visibility by role', (group) => {
  isolate(group)

  async function world() {
    await Team.query().delete()
    const [admin, manager, affiliate, agent, retention] = await Promise.all(
      [DEMO.admin, DEMO.manager, DEMO.affiliate, DEMO.agent, DEMO.retention].map(demoUser)
    )
    const customer = (email: string) => UserFactory.merge({ email }).create()
    const managed = await customer('managed@y.test')
    await Profile.query().where('user_id', managed.id).update({ manager_id: manager.id })
    const sold = await customer('sold@y.test')
    const retained = await customer('retained@y.test')
    const pooled = await customer('pooled@y.test')
    const othersAgent = await UserFactory.merge({ roleId: 5 }).create()
    const elsewhere = await customer('elsewhere@y.test')
    const gone = await customer('gone@y.test')
    gone.merge({ isActive: false, deletedAt: DateTime.now() })
    await gone.save()
    const lead = (user: User, fields: Partial<Lead>) =>
      Lead.create({ email: user.email, userId: user.id, group: 'sales', source: 'live', ...fields })
    await lead(sold, { agentId: agent.id })
    await lead(retained, { group: 'retentions', retAgentId: retention.id })
    await lead(pooled, {})
    await lead(elsewhere, { agentId: othersAgent.id })
    await lead(gone, {})
    return { admin, manager, affiliate, agent, retention, customers: { managed, sold, elsewhere } }
  }

  async function seenBy(viewer: { id: number; roleId: RoleId }) {
    const query = User.query().whereLike('email', '%@y.test').orderBy('email')
    await narrowToVisibleCustomers(query, viewer)
    return (await query).map((user) => user.email)
  }

  test('an admin opens every customer that is not deleted', async ({ assert }) => {
    const { admin } = await world()
    assert.deepEqual(await seenBy(admin), [
      'elsewhere@y.test',
      'managed@y.test',
      'pooled@y.test',
      'retained@y.test',
      'sold@y.test',
    ])
  })

  test('a manager: the customers they manage and those whose lead they see', async ({ assert }) => {
    const { manager } = await world()
    assert.deepEqual(await seenBy(manager), ['managed@y.test', 'pooled@y.test'])
  })

  test('agents: the customers whose lead is theirs; an affiliate none', async ({ assert }) => {
    const { agent, retention, affiliate } = await world()
    assert.deepEqual(await seenBy(agent), ['sold@y.test'])
    assert.deepEqual(await seenBy(retention), ['retained@y.test'])
    assert.deepEqual(await seenBy(affiliate), [])
  })

  test('anyone else, a staff account, a bad id: 404', async ({ assert }) => {
    const { agent, admin, customers } = await world()
    assert.equal(
      (await findVisibleCustomer(agent, String(customers.sold.id))).id,
      customers.sold.id
    )
    for (const [viewer, id] of [
      [agent, customers.elsewhere.id],
      [agent, customers.managed.id],
      [admin, agent.id],
      [admin, 'abc'],
      [admin, -2],
    ] as const) {
      await assert.rejects(() => findVisibleCustomer(viewer, id), /not found/i)
    }
  })
})
