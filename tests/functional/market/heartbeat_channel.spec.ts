import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import { HEARTBEAT_CHANNEL } from '#domain/channels'

test.group('heartbeat channel', (group) => {
  isolate(group)

  test('only an admin may listen to the feed heartbeat', async ({ client, assert }) => {
    const subscribe = (user?: Awaited<ReturnType<typeof demoUser>>) => {
      const request = client
        .post('/__transmit/subscribe')
        .header('Accept', 'application/json')
        .json({ uid: randomUUID(), channel: HEARTBEAT_CHANNEL })
        .withCsrfToken()
      return user ? request.loginAs(user) : request
    }
    // Transmit answers a refused subscription with 400 and an accepted one with 204.
    const admin = await subscribe(await demoUser(DEMO.admin))
    assert.equal(admin.status(), 204)
    for (const email of [DEMO.manager, DEMO.customer]) {
      assert.equal((await subscribe(await demoUser(email))).status(), 400, email)
    }
    assert.equal((await subscribe()).status(), 400)
  })
})
