import { test } from '@japa/runner'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import { overrideProviderBase } from '#services/payments/endpoints'
import { voisoTimeouts } from '#services/voiso_client'
import { recordVoisoOutcome } from '#services/voiso_connection'
import { VOISO_KEY_REFUSED } from '#domain/voiso_connection'
import { VOISO_MESSAGES as M } from '#domain/voiso'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { DEMO, demoUser } from '#tests/helpers/users'
import { VoisoFake, VOISO_INVALID_KEY } from '#tests/fakes/voiso_fake'

const KEY = 'voiso-connection-key-9a2e'
const CLUSTER = 'cc-ams03'
const AGENTS = [{ email: DEMO.admin, ext: '1001', status: 'available' }]

let fake: VoisoFake
const admin = () => demoUser(DEMO.admin)

async function dashboardWarning(client: Parameters<typeof api>[0]) {
  const page = await client
    .get('/admin')
    .loginAs(await admin())
    .withInertia()
  page.assertStatus(200)
  page.assertInertiaComponent('staff/dashboard/index')
  return page.inertiaProps.voisoProblem as string | null
}

const agents = async (client: Parameters<typeof api>[0]) =>
  api(client, 'get', '/admin/crm/voiso/agents').loginAs(await admin())

/**
 * A saved Voiso key that cannot connect shows on the admin dashboard (issue
 * 21 item 8): Voiso has no heartbeat, so its calls' answers tell it.
 */
test.group('Voiso connection state on the admin dashboard', (group) => {
  isolate(group)
  group.setup(async () => {
    fake = await VoisoFake.start({ apiKey: KEY, agents: AGENTS })
    overrideProviderBase('voiso', fake.base)
    return async () => {
      overrideProviderBase('voiso', null)
      await fake.close()
    }
  })
  group.each.setup(async () => {
    fake.requests = []
    voisoTimeouts.requestMs = 8_000
    await Setting.updateOrCreate({ key: 'voiso' }, { value1: CLUSTER, value2: KEY, value3: null })
    settings.forget()
  })

  test('a 401 from Voiso puts the warning on the dashboard; a success clears it', async ({
    client,
    assert,
  }) => {
    assert.isNull(await dashboardWarning(client))
    fake.answerNext(401, { error: VOISO_INVALID_KEY })
    ;(await agents(client)).assertStatus(502)
    assert.equal(await dashboardWarning(client), VOISO_KEY_REFUSED)
    assert.notInclude(VOISO_KEY_REFUSED, KEY)

    ;(await agents(client)).assertStatus(200)
    assert.isNull(await dashboardWarning(client))
  })

  test('a timeout and an outage are warned of; a rate limit changes nothing', async ({
    client,
    assert,
  }) => {
    voisoTimeouts.requestMs = 200
    fake.hangNext()
    ;(await agents(client)).assertStatus(502)
    assert.equal(await dashboardWarning(client), M.timeout)

    fake.answerNext(503, 'down')
    ;(await agents(client)).assertStatus(502)
    assert.equal(await dashboardWarning(client), M.unavailable)

    fake.answerNext(429, { error: 'Too many requests' })
    ;(await agents(client)).assertStatus(429)
    assert.equal(await dashboardWarning(client), M.unavailable)
  })

  test('saving the card checks the key at once: a wrong key warns, the right one clears', async ({
    client,
    assert,
  }) => {
    const save = async (value2: string) =>
      api(client, 'put', '/admin/apis/voiso', { key: 'voiso', value1: CLUSTER, value2 }).loginAs(
        await admin()
      )
    const wrong = await save('not-the-key')
    wrong.assertStatus(200)
    assert.equal(wrong.body().message, 'voiso updated successfully')
    assert.equal(await dashboardWarning(client), VOISO_KEY_REFUSED)
    assert.containsSubset(fake.requests.at(-1), { key: 'not-the-key', call: 'agents_status' })

    ;(await save(KEY)).assertStatus(200)
    assert.isNull(await dashboardWarning(client))
    assert.lengthOf(fake.requests, 2)
  })

  test('an answer about a key no longer saved writes nothing', async ({ client, assert }) => {
    // A call that ended after the key was replaced (or the row removed) must not judge the new one.
    await recordVoisoOutcome({ clusterId: CLUSTER, apiKey: 'an-older-key' }, 'forbidden', 'x')
    assert.isNull(await dashboardWarning(client))
    await Setting.query().where('key', 'voiso').delete()
    await recordVoisoOutcome({ clusterId: CLUSTER, apiKey: KEY }, 'forbidden', 'x')
    assert.isNull(await Setting.findBy('key', 'voiso'))
  })

  test('Disconnect clears the warning', async ({ client, assert }) => {
    fake.answerNext(401, { error: VOISO_INVALID_KEY })
    ;(await agents(client)).assertStatus(502)
    assert.equal(await dashboardWarning(client), VOISO_KEY_REFUSED)

    const done = await api(client, 'delete', '/admin/apis/voiso').loginAs(await admin())
    done.assertStatus(200)
    assert.isNull(await dashboardWarning(client))
    assert.isNull(await Setting.findBy('key', 'voiso'))
  })
})
