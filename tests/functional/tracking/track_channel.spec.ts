/*
| Issue 14 item 3: who may listen to a customer's page visits on `track:{id}`
| — the staff who may open that customer (findVisibleCustomer), nobody else;
| a bad channel name is refused, never a 500.
*/
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import type { ApiClient } from '@japa/api-client'
import Lead from '#models/lead'
import Team from '#models/team'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { PRICES_CHANNEL, trackChannel } from '#domain/channels'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'

/** Transmit answers an accepted subscription 204 and a refused one 400. */
function subscribe(client: ApiClient, channel: unknown, user?: User) {
  const request = client
    .post('/__transmit/subscribe')
    .header('Accept', 'application/json')
    .json({ uid: randomUUID(), channel })
    .withCsrfToken()
  return user ? request.loginAs(user) : request
}

test.group('Tracking channel · who may subscribe', (group) => {
  isolate(group)

  async function world() {
    await Team.query().delete()
    const [admin, manager, agent, affiliate, customer] = await Promise.all(
      [DEMO.admin, DEMO.manager, DEMO.agent, DEMO.affiliate, DEMO.customer].map(demoUser)
    )
    const sold = await UserFactory.merge({ email: 'sold@track.test' }).create()
    const elsewhere = await UserFactory.merge({ email: 'elsewhere@track.test' }).create()
    await Lead.create({
      email: sold.email,
      userId: sold.id,
      group: 'sales',
      source: 'live',
      agentId: agent.id,
    })
    return { admin, manager, agent, affiliate, customer, sold, elsewhere }
  }

  test('staff who may open the customer are allowed', async ({ client, assert }) => {
    const { admin, agent, sold, elsewhere } = await world()
    for (const [viewer, target] of [
      [admin, sold],
      [admin, elsewhere],
      [agent, sold],
    ] as const) {
      const response = await subscribe(client, trackChannel(target.id), viewer)
      assert.equal(response.status(), 204, `${viewer.email} → ${target.email}`)
    }
  })

  test('staff who may not open the customer are refused', async ({ client, assert }) => {
    const { admin, manager, agent, affiliate, sold, elsewhere } = await world()
    for (const [viewer, target] of [
      [agent, elsewhere],
      [manager, sold],
      [affiliate, sold],
      // A staff account is no customer: nothing to track.
      [admin, agent],
    ] as const) {
      const response = await subscribe(client, trackChannel(target.id), viewer)
      assert.equal(response.status(), 400, `${viewer.email} → ${target.email}`)
    }
  })

  test('a customer may not subscribe to their own or another track channel', async ({
    client,
    assert,
  }) => {
    const { customer, sold } = await world()
    assert.equal((await subscribe(client, trackChannel(customer.id), customer)).status(), 400)
    assert.equal((await subscribe(client, trackChannel(sold.id), customer)).status(), 400)
    assert.equal((await subscribe(client, trackChannel(sold.id))).status(), 400, 'anonymous')
  })

  test('bad channel names are refused, never a 500', async ({ client, assert }) => {
    const { admin, sold } = await world()
    for (const channel of [
      'track:',
      'track:0',
      'track:-1',
      'track:abc',
      'track:01',
      `track: ${sold.id}`,
      `track:${sold.id}/x`,
      `track:${sold.id}:x`,
      'track:99999999999',
      `track/${sold.id}`,
      `TRACK:${sold.id}`,
      'track',
      ':name',
      42,
      null,
      [trackChannel(sold.id)],
      { channel: trackChannel(sold.id) },
    ]) {
      const response = await subscribe(client, channel, admin)
      assert.equal(response.status(), 400, JSON.stringify(channel))
    }
  })

  test('the one-segment catch-all keeps prices public and the heartbeat for admins', async ({
    client,
    assert,
  }) => {
    const { admin, customer } = await world()
    assert.equal((await subscribe(client, PRICES_CHANNEL)).status(), 204)
    assert.equal((await subscribe(client, PRICES_CHANNEL, customer)).status(), 204)
    assert.equal((await subscribe(client, 'heartbeat', admin)).status(), 204)
    assert.equal((await subscribe(client, 'heartbeat', customer)).status(), 400)
  })
})
