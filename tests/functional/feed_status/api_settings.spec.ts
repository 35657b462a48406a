import { test } from '@japa/runner'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import { API_SETTINGS } from '#domain/api_settings'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import type { RoleId } from '#domain/roles'

/** Distinctive keys, so any leak into a response is easy to find. */
const SECRET = {
  polygonAPI: 'POLY-secret-key-do-not-leak-1234',
  eodAPI: 'EOD-secret-key-do-not-leak-5678',
  currencyAPI: 'CUR-secret-key-do-not-leak-9012',
  oandaAPI: 'OANDA-secret-token-do-not-leak-3456',
  voiso: 'VOISO-secret-key-do-not-leak-7890',
}

/** A valid body per card. */
const VALID: Record<string, Record<string, unknown>> = {
  polygonAPI: { key: 'polygonAPI', value1: SECRET.polygonAPI },
  eodAPI: { key: 'eodAPI', value1: SECRET.eodAPI },
  currencyAPI: { key: 'currencyAPI', value1: SECRET.currencyAPI },
  oandaAPI: {
    key: 'oandaAPI',
    value1: '101-004-1234567-001',
    value2: SECRET.oandaAPI,
    value3: 'fxtrade',
  },
  voiso: { key: 'voiso', value1: 'cluster-eu-7', value2: SECRET.voiso },
}

const row = async (key: string) => (await Setting.findBy('key', key))?.serialize() ?? null
const admin = () => demoUser(DEMO.admin)

function assertNoSecret(assert: any, text: string) {
  for (const secret of Object.values(SECRET)) assert.notInclude(text, secret)
}

test.group('API Settings: GET /admin/apis', (group) => {
  isolate(group)

  test("the page carries the five cards with the spec's titles, masked keys and the read-only quota", async ({
    client,
    assert,
  }) => {
    await settings.put('polygonAPI', { value1: SECRET.polygonAPI })
    await settings.put('oandaAPI', { value1: '101-1', value2: SECRET.oandaAPI, value3: 'fxtrade' })
    await settings.put('currencyAPI', { value1: SECRET.currencyAPI, value2: '290', value3: '300' })
    const response = await client
      .get('/admin/apis')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/apis/index')
    assertNoSecret(assert, response.text())

    const cards = response.inertiaProps.cards as any[]
    assert.deepEqual(
      cards.map((c) => c.title),
      [
        'Polygon Socket (Forex, Crypto, Hours)',
        'EOD Historial Data (Stock)',
        'Currency API',
        'OANDA API (Commodity, Index)',
        'Voiso',
      ]
    )
    const byKey = Object.fromEntries(cards.map((c) => [c.key, c]))
    assert.deepEqual(byKey.polygonAPI.values, { value1: '' })
    assert.deepEqual(byKey.polygonAPI.secretsSet, ['value1'])
    assert.deepEqual(byKey.eodAPI.secretsSet, [])
    assert.deepEqual(byKey.oandaAPI.values, { value1: '101-1', value2: '', value3: 'fxtrade' })
    assert.deepEqual(byKey.oandaAPI.secretsSet, ['value2'])
    assert.deepEqual(byKey.currencyAPI.quota, {
      remaining: '290',
      limit: '300',
      usage: { used: 10, total: 300 },
    })
    assert.isNull(byKey.voiso.quota)
  })

  test('only an admin opens it: roles 2 to 6 get 403, a visitor is sent to log in', async ({
    client,
  }) => {
    for (const roleId of [2, 3, 4, 5, 6] as RoleId[]) {
      const response = await client
        .get('/admin/apis')
        .loginAs(await userOfRole(roleId))
        .withInertia()
      response.assertStatus(403)
    }
    const visitor = await client.get('/admin/apis').redirects(0)
    visitor.assertStatus(302)
  })
})

test.group('API Settings: PUT /admin/apis/:key', (group) => {
  isolate(group)

  test('each card saves: the toast names the key, the answer holds no secret, the row holds the values', async ({
    client,
    assert,
  }) => {
    for (const card of API_SETTINGS) {
      const response = await api(client, 'put', `/admin/apis/${card.key}`, VALID[card.key]).loginAs(
        await admin()
      )
      response.assertStatus(200)
      assert.equal(response.body().message, `${card.key} updated successfully`)
      assertNoSecret(assert, response.text())
      assert.equal(response.body().card.key, card.key)
      assert.include(
        response.body().card.secretsSet,
        card.key === 'oandaAPI' || card.key === 'voiso' ? 'value2' : 'value1'
      )
    }
    assert.equal((await row('polygonAPI'))?.value1, SECRET.polygonAPI)
    assert.equal((await row('eodAPI'))?.value1, SECRET.eodAPI)
    assert.equal((await row('currencyAPI'))?.value1, SECRET.currencyAPI)
    assert.containsSubset(await row('oandaAPI'), {
      value1: '101-004-1234567-001',
      value2: SECRET.oandaAPI,
      value3: 'fxtrade',
    })
    assert.containsSubset(await row('voiso'), { value1: 'cluster-eu-7', value2: SECRET.voiso })
  })

  test('a save leaves one audit row with the key masked; the audit log never shows it', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'put', '/admin/apis/oandaAPI', VALID.oandaAPI).loginAs(
      await admin()
    )
    response.assertStatus(200)
    const audit = await onlyAuditRow('settings.update', 'oandaAPI')
    assert.equal(audit.target_type, 'setting')
    assert.deepEqual(audit.changes.value1, { before: null, after: '101-004-1234567-001' })
    assert.notInclude(JSON.stringify(audit.changes), SECRET.oandaAPI)
    assert.isNotNull(audit.changes.value2.after)

    const list = await api(client, 'get', '/admin/audit/api?action=settings.update').loginAs(
      await admin()
    )
    list.assertStatus(200)
    assert.include(list.text(), '101-004-1234567-001')
    assertNoSecret(assert, list.text())
    const page = await client
      .get('/admin/audit')
      .loginAs(await admin())
      .withInertia()
    assertNoSecret(assert, page.text())
  })

  test("each required field is refused with the spec's message under it, nothing written", async ({
    client,
    assert,
  }) => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['polygonAPI', { key: 'polygonAPI' }, 'value1', 'API Key is required'],
      ['polygonAPI', { key: 'polygonAPI', value1: '   ' }, 'value1', 'API Key is required'],
      ['eodAPI', { key: 'eodAPI', value1: '' }, 'value1', 'API Key is required'],
      ['currencyAPI', { key: 'currencyAPI', value1: null }, 'value1', 'API Key is required'],
      ['oandaAPI', { ...VALID.oandaAPI, value1: '' }, 'value1', 'Account Number is required'],
      ['oandaAPI', { ...VALID.oandaAPI, value2: '' }, 'value2', 'API Key is required'],
      [
        'oandaAPI',
        { ...VALID.oandaAPI, value3: 'live' },
        'value3',
        'Mode must be fxpractice or fxtrade',
      ],
      [
        'oandaAPI',
        { ...VALID.oandaAPI, value3: undefined },
        'value3',
        'Mode must be fxpractice or fxtrade',
      ],
      ['polygonAPI', { value1: 'x' }, 'key', 'Key is required'],
      ['polygonAPI', { key: 'eodAPI', value1: 'x' }, 'key', 'The key must match the address'],
      ['polygonAPI', { key: ['polygonAPI'], value1: 'x' }, 'key', 'Key is required'],
      [
        'polygonAPI',
        { key: 'polygonAPI', value1: 'x'.repeat(201) },
        'value1',
        'API Key must be at most 200 characters',
      ],
      [
        'polygonAPI',
        { key: 'polygonAPI', value1: { $ne: 1 } },
        'value1',
        'API Key must be at most 200 characters',
      ],
      [
        'voiso',
        { key: 'voiso', value1: 'c'.repeat(65) },
        'value1',
        'Cluster ID must be at most 64 characters',
      ],
      [
        'eodAPI',
        { key: 'eodAPI', value1: 'x', clear: ['value2'] },
        'clear.0',
        'Only a key field of this card can be cleared',
      ],
      [
        'oandaAPI',
        { ...VALID.oandaAPI, clear: ['value1'] },
        'clear.0',
        'Only a key field of this card can be cleared',
      ],
      [
        'oandaAPI',
        { ...VALID.oandaAPI, clear: 'value2' },
        'clear',
        'Keys to clear must be a list of key fields',
      ],
    ]
    const before = await auditCount()
    for (const [key, body, field, message] of cases) {
      const response = await api(client, 'put', `/admin/apis/${key}`, body).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body).slice(0, 80))
      assert.notInclude(response.text(), 'x'.repeat(201))
    }
    assert.equal(await auditCount(), before)
    for (const key of ['polygonAPI', 'eodAPI', 'currencyAPI'])
      assert.isNull((await row(key))?.value1)
    assert.equal((await row('oandaAPI'))?.value3, 'fxpractice')
  })

  test('a refused save never echoes a key it was sent', async ({ client, assert }) => {
    const response = await api(client, 'put', '/admin/apis/oandaAPI', {
      ...VALID.oandaAPI,
      value1: '',
    }).loginAs(await admin())
    response.assertStatus(422)
    assertNoSecret(assert, response.text())
  })

  test('an unknown key is 404; a key with other characters matches no route', async ({
    client,
  }) => {
    ;(
      await api(client, 'put', '/admin/apis/stripeAPI', { key: 'stripeAPI', value1: 'x' }).loginAs(
        await admin()
      )
    ).assertStatus(404)
    ;(
      await api(client, 'put', '/admin/apis/polygon_API', { key: 'polygon_API' }).loginAs(
        await admin()
      )
    ).assertStatus(404)
  })

  test('a stored key may be left blank (kept); clear erases it on purpose', async ({
    client,
    assert,
  }) => {
    await settings.put('polygonAPI', { value1: SECRET.polygonAPI })
    await settings.put('oandaAPI', {
      value1: '101-1',
      value2: SECRET.oandaAPI,
      value3: 'fxpractice',
    })

    const kept = await api(client, 'put', '/admin/apis/polygonAPI', {
      key: 'polygonAPI',
      value1: '',
    }).loginAs(await admin())
    kept.assertStatus(200)
    assert.equal((await row('polygonAPI'))?.value1, SECRET.polygonAPI)

    const oanda = await api(client, 'put', '/admin/apis/oandaAPI', {
      key: 'oandaAPI',
      value1: '101-2',
      value2: '',
      value3: 'fxtrade',
    }).loginAs(await admin())
    oanda.assertStatus(200)
    assert.containsSubset(await row('oandaAPI'), {
      value1: '101-2',
      value2: SECRET.oandaAPI,
      value3: 'fxtrade',
    })

    const cleared = await api(client, 'put', '/admin/apis/polygonAPI', {
      key: 'polygonAPI',
      value1: '',
      clear: ['value1'],
    }).loginAs(await admin())
    cleared.assertStatus(200)
    assert.isNull((await row('polygonAPI'))?.value1)
    assert.deepEqual(cleared.body().card.secretsSet, [])
    // Cleared, it is required again.
    const empty = await api(client, 'put', '/admin/apis/polygonAPI', {
      key: 'polygonAPI',
      value1: '',
    }).loginAs(await admin())
    empty.assertStatus(422)
    assert.equal(fieldErrors(empty.body()).value1, 'API Key is required')
  })

  test("the Currency API's remaining quota and limit are read-only: sent values are ignored", async ({
    client,
    assert,
  }) => {
    await settings.put('currencyAPI', { value2: '290', value3: '300' })
    const response = await api(client, 'put', '/admin/apis/currencyAPI', {
      ...VALID.currencyAPI,
      value2: '999999',
      value3: '999999',
      value4: 'x',
      value5: 'y',
    }).loginAs(await admin())
    response.assertStatus(200)
    assert.containsSubset(await row('currencyAPI'), {
      value1: SECRET.currencyAPI,
      value2: '290',
      value3: '300',
      value4: null,
      value5: null,
    })
  })

  test('Voiso has no required field: an empty card saves', async ({ client, assert }) => {
    const response = await api(client, 'put', '/admin/apis/voiso', { key: 'voiso' }).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'voiso updated successfully')
  })

  test('roles 2 to 6 are refused with 403 and nothing is written', async ({ client, assert }) => {
    for (const roleId of [2, 3, 4, 5, 6] as RoleId[]) {
      const response = await api(client, 'put', '/admin/apis/polygonAPI', VALID.polygonAPI).loginAs(
        await userOfRole(roleId)
      )
      response.assertStatus(403)
    }
    assert.isNull((await row('polygonAPI'))?.value1)
  })
})
