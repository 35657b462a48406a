import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { isolate } from '#tests/helpers/isolation'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { HEARTBEAT_CHANNEL } from '#domain/channels'

test.group('heartbeat channel', (group) => {
  isolate(group)

  test('only an admin may listen to the feed heartbeat', async ({ client, assert }) => {
    const subscribe = (user?: User) => {
      const request = client
        .post('/__transmit/subscribe')
        .header('Accept', 'application/json')
        .json({ uid: randomUUID(), channel: HEARTBEAT_CHANNEL })
        .withCsrfToken()
      return user ? request.loginAs(user) : request
    }
    // Transmit answers a refused subscription with 400 and an accepted one with 204.
    const admin = await subscribe(await UserFactory.apply('admin').create())
    assert.equal(admin.status(), 204)
    const others = {
      manager: await UserFactory.apply('manager').create(),
      customer: await UserFactory.create(),
    }
    for (const [role, user] of Object.entries(others)) {
      assert.equal((await subscribe(user)).status(), 400, role)
    }
    assert.equal((await subscribe()).status(), 400)
  })
})
