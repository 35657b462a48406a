import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { staffSignedIn } from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'
import { aLead } from '#tests/helpers/leads'

/* Runs WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts): the account it makes stays, as freshCustomer's do. */

test.group('Lead convert racing itself', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('five converts of one lead at once make one account; the others are refused', async ({
    assert,
  }) => {
    const email = `race-convert-${Date.now()}@leads.test`
    const lead = await aLead({ email })
    const admins = await Promise.all(Array.from({ length: 5 }, () => staffSignedIn(DEMO.admin)))
    const responses = await Promise.all(
      admins.map((admin) =>
        admin.post('/admin/leads/convertLeadToUser', {
          id: lead.id,
          password: 'long-enough-1',
        })
      )
    )
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(statuses))
    assert.isTrue(
      statuses.every((s) => s === 200 || s === 422),
      JSON.stringify(statuses)
    )
    const users = await User.query().where('email', email)
    assert.lengthOf(users, 1)
    await lead.refresh()
    assert.equal(lead.userId, users[0].id)
  }).timeout(60_000)
})
