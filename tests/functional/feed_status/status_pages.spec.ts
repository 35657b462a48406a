import os from 'node:os'
import { test } from '@japa/runner'
import settings from '#services/settings_service'
import heartbeatStore from '#services/market/heartbeat_store'
import type { HeartbeatFrame } from '#domain/feed_status'
import type { RoleId } from '#domain/roles'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'

const FRAME: HeartbeatFrame = {
  type: 'heartbeat',
  feeds: {
    polygonForex: { success: true, message: 'Connected' },
    polygonCrypto: { success: true, message: 'Connected' },
    eodStock: { success: false, message: 'Unauthorized' },
    oandaRest: { success: false, message: 'Simulated market (no API key)' },
  },
}

const admin = () => demoUser(DEMO.admin)
const OTHER_ROLES: RoleId[] = [2, 3, 4, 5, 6]

test.group('API Status: GET /admin/status/api and /admin/status/api/quota', (group) => {
  isolate(group)
  group.each.setup(() => () => heartbeatStore.forget())

  test('with no market role reporting the page starts every chip at Checking (no heartbeat)', async ({
    client,
  }) => {
    heartbeatStore.forget()
    const response = await client
      .get('/admin/status/api')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/status/api')
    response.assertInertiaPropsContains({ heartbeat: null, quota: null })
  })

  test("the page carries the market role's last fresh heartbeat; a stale one is dropped", async ({
    client,
    assert,
  }) => {
    heartbeatStore.remember(FRAME)
    const response = await client
      .get('/admin/status/api')
      .loginAs(await admin())
      .withInertia()
    response.assertInertiaPropsContains({ heartbeat: FRAME })

    heartbeatStore.remember(FRAME, Date.now() - 60_000)
    const stale = await client
      .get('/admin/status/api')
      .loginAs(await admin())
      .withInertia()
    assert.isNull(stale.inertiaProps.heartbeat)
  })

  test('the Currency API quota is used/total of the month, unknown until the poller reported', async ({
    client,
    assert,
  }) => {
    const unknown = await api(client, 'get', '/admin/status/api/quota').loginAs(await admin())
    unknown.assertStatus(200)
    assert.deepEqual(unknown.body(), { used: null, total: null })

    await settings.put('currencyAPI', { value1: 'ck', value2: '287', value3: '300' })
    const known = await api(client, 'get', '/admin/status/api/quota').loginAs(await admin())
    assert.deepEqual(known.body(), { used: 13, total: 300 })
    assert.notInclude(known.text(), 'ck"')

    const page = await client
      .get('/admin/status/api')
      .loginAs(await admin())
      .withInertia()
    page.assertInertiaPropsContains({ quota: { used: 13, total: 300 } })

    // Garbage in the row (hand-edited) reads as unknown, never as a 500.
    await settings.put('currencyAPI', { value2: 'lots', value3: '-1' })
    const garbage = await api(client, 'get', '/admin/status/api/quota').loginAs(await admin())
    assert.deepEqual(garbage.body(), { used: null, total: null })
  })

  test('only an admin may read them: roles 2 to 6 get 403', async ({ client }) => {
    for (const roleId of OTHER_ROLES) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin/status/api').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'get', '/admin/status/api/quota').loginAs(user)).assertStatus(403)
    }
  })
})

test.group('Server Information: GET /admin/status/server and /admin/status/server/api', (group) => {
  isolate(group)

  test('the page renders; its data names CPU, memory and the answering process, in range', async ({
    client,
    assert,
  }) => {
    const page = await client
      .get('/admin/status/server')
      .loginAs(await admin())
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('staff/status/server')

    for (let i = 0; i < 2; i++) {
      const response = await api(client, 'get', '/admin/status/server/api').loginAs(await admin())
      response.assertStatus(200)
      const info = response.body()
      assert.properties(info, [
        'cpuModel',
        'cpuUsage',
        'cpuCores',
        'usedMemPercentage',
        'totalMemMb',
        'process',
      ])
      assert.isString(info.cpuModel)
      assert.isAbove(info.cpuModel.length, 0)
      assert.isAtLeast(info.cpuUsage, 0)
      assert.isAtMost(info.cpuUsage, 100)
      assert.equal(info.cpuCores, os.cpus().length)
      assert.isAbove(info.usedMemPercentage, 0)
      assert.isAtMost(info.usedMemPercentage, 100)
      assert.equal(info.totalMemMb, Math.round(os.totalmem() / 1024 / 1024))
      assert.deepEqual(info.process.hostname, os.hostname())
      assert.equal(info.process.pid, process.pid)
      assert.include(info.process.roles, 'web')
    }
  })

  test('only an admin may read it: roles 2 to 6 get 403', async ({ client }) => {
    for (const roleId of OTHER_ROLES) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin/status/server').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'get', '/admin/status/server/api').loginAs(user)).assertStatus(403)
    }
  })
})
