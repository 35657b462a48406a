/*
| Issue 14 item 3: every page a customer opens is published on
| `track:{userId}` as { url, time }; staff pages, JSON calls, partial reloads,
| login-as sessions and assets are not.
*/
import { test } from '@japa/runner'
import transmit from '@adonisjs/transmit/services/main'
import { trackChannel } from '#domain/channels'
import { isolate } from '#tests/helpers/isolation'
import { UserFactory } from '#database/factories/user_factory'

/** Broadcasts on track channels while the test runs. */
function listen(cleanup: (fn: () => void) => void) {
  const heard: { channel: string; payload: any }[] = []
  const off = transmit.on('broadcast', ({ channel, payload }) => {
    if (channel.startsWith('track:')) heard.push({ channel, payload })
  })
  cleanup(off)
  // Transmit emits its 'broadcast' event asynchronously.
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    return heard
  }
  return settled
}

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

test.group('Tracking · page visits are published', (group) => {
  isolate(group)

  test("a customer's page visit publishes { url, time } on their channel", async ({
    client,
    assert,
    cleanup,
  }) => {
    const heard = listen(cleanup)
    const customer = await UserFactory.create()
    const before = Date.now()
    const full = await client.get('/dashboard').headers(HTML).loginAs(customer)
    full.assertStatus(200)
    const visit = await client.get('/profile?tab=1').loginAs(customer).withInertia()
    visit.assertStatus(200)
    const messages = await heard()
    assert.deepEqual(
      messages.map((m) => [m.channel, m.payload.url]),
      [
        [trackChannel(customer.id), '/dashboard'],
        [trackChannel(customer.id), '/profile?tab=1'],
      ]
    )
    for (const { payload } of messages) {
      assert.deepEqual(Object.keys(payload).sort(), ['time', 'url'])
      const time = Date.parse(payload.time)
      assert.isAtLeast(time, before - 1000)
      assert.isAtMost(time, Date.now() + 1000)
    }
  })

  test('staff pages, JSON calls, partial reloads, redirects and assets publish nothing', async ({
    client,
    assert,
    cleanup,
  }) => {
    const heard = listen(cleanup)
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    await client.get('/admin').headers(HTML).loginAs(admin)
    await client.get('/dashboard').loginAs(admin).withInertia()
    await client.get('/auth/user').header('accept', 'application/json').loginAs(customer)
    await client.get('/dashboard/orders').header('accept', 'application/json').loginAs(customer)
    await client
      .get('/dashboard')
      .loginAs(customer)
      .withInertia()
      .header('x-inertia-partial-component', 'dashboard')
      .header('x-inertia-partial-data', 'session')
    // A staff page a customer may not open: refused, not a visit.
    await client.get('/admin').headers(HTML).loginAs(customer)
    for (const asset of ['/favicon.svg', '/logo.svg', '/robots.txt']) {
      await client.get(asset).loginAs(customer)
    }
    await client.get('/dashboard').headers(HTML)
    assert.deepEqual(await heard(), [])
  })

  test('a staff member signed in as the customer (login-as) is not tracked', async ({
    client,
    assert,
    cleanup,
  }) => {
    const heard = listen(cleanup)
    const customer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const page = await client
      .get('/dashboard')
      .headers(HTML)
      .loginAs(customer)
      .withSession({ impersonator: { staffId: admin.id, staffRoleId: 1 } })
    page.assertStatus(200)
    assert.deepEqual(await heard(), [])
  })
})
