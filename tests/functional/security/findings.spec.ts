/*
| Issue 9, item 5 (errors and limits): each finding's exact request.
*/
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import Translation from '#models/translation'
import Instrument from '#models/instrument'
import Favorite from '#models/favorite'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, demoUser, walletsOf } from '#tests/helpers/users'
import { pendingWithdrawal } from '#tests/helpers/withdrawals'
import { changedTables, fingerprint } from './fingerprint.js'

test.group('item 5: Transmit subscribe and unsubscribe validate before the library', (group) => {
  isolate(group)

  const shapes: [string, { json?: unknown; raw?: { type: string; text: string } }][] = [
    ['channel null', { json: { uid: randomUUID(), channel: null } }],
    ['channel []', { json: { uid: randomUUID(), channel: [] } }],
    ['channel {}', { json: { uid: randomUUID(), channel: {} } }],
    ['channel a number', { json: { uid: randomUUID(), channel: 42 } }],
    ['channel ""', { json: { uid: randomUUID(), channel: '' } }],
    ['channel missing', { json: { uid: randomUUID() } }],
    ['channel too long', { json: { uid: randomUUID(), channel: 'a'.repeat(10_000) } }],
    ['a made-up channel', { json: { uid: randomUUID(), channel: 'made-up/1' } }],
    [
      'a user channel with a non-decimal id',
      { json: { uid: randomUUID(), channel: 'users/0x10' } },
    ],
    ['uid a number', { json: { uid: 42, channel: 'prices' } }],
    ['uid an array', { json: { uid: ['a'], channel: 'prices' } }],
    ['uid an object', { json: { uid: { a: 1 }, channel: 'prices' } }],
    ['uid missing', { json: { channel: 'prices' } }],
    ['a JSON array body', { json: [1, 2] }],
    ['a non-JSON body', { raw: { type: 'text/plain', text: 'channel=prices' } }],
    [
      'a form body with arrays',
      { raw: { type: 'application/x-www-form-urlencoded', text: 'uid[]=a&channel[x]=b' } },
    ],
  ]

  for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
    for (const [label, { json, raw }] of shapes) {
      test(`POST ${path} with ${label} answers 400 with a message`, async ({ client, assert }) => {
        let req = client.post(path).header('Accept', 'application/json').withCsrfToken()
        req = raw ? req.unsafeJson(raw.text).type(raw.type) : req.json(json as object)
        const response = await req
        response.assertStatus(400)
        assert.isString(response.body().message)
        assert.isAbove(response.body().message.length, 0)
      })
    }
  }

  test('malformed JSON is a 400 too', async ({ client }) => {
    const response = await client
      .post('/__transmit/subscribe')
      .header('Accept', 'application/json')
      .unsafeJson('{"uid": "a", "channel":')
      .type('application/json')
      .withCsrfToken()
    response.assertStatus(400)
  })

  test('a well-formed request still reaches Transmit (it ignores an unknown uid: 204)', async ({
    client,
  }) => {
    const response = await client
      .post('/__transmit/subscribe')
      .header('Accept', 'application/json')
      .json({ uid: randomUUID(), channel: 'prices' })
      .withCsrfToken()
    response.assertStatus(204)
  })

  test('the event stream refuses a uid that is not a string', async ({ client }) => {
    const response = await client
      .get('/__transmit/events?uid[]=a&uid[]=b')
      .header('Accept', 'application/json')
    response.assertStatus(400)
  })
})

test.group('item 5: translation reports', (group) => {
  isolate(group)

  test('POST /translations/en is refused and stores no row', async ({ client, assert }) => {
    const before = await fingerprint()
    const response = await api(client, 'post', '/translations/en', { key: 'Flood me' })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).key, 'English texts need no translation')
    assert.isNull(await Translation.query().where('code', 'en').where('key', 'Flood me').first())
    assert.deepEqual(changedTables(before, await fingerprint()), [])
  })

  test('a key longer than 500 characters is refused with no row', async ({ client, assert }) => {
    const response = await api(client, 'post', '/translations/es', { key: 'k'.repeat(501) })
    response.assertStatus(422)
    assert.isNull(
      await Translation.query().where('code', 'es').where('key', 'k'.repeat(501)).first()
    )
  })
  // The per-language row cap: tests/functional/shared/translation_backlog.spec.ts.
})

test.group('item 5: error pages never show cookie or credential values', (group) => {
  isolate(group)

  test('the development error page (debug on in tests) lists cookie names but not their values', async ({
    client,
    assert,
  }) => {
    const secret = 'cookie-secret-' + randomUUID()
    const response = await client
      .post('/translations/es')
      .header('Accept', 'text/html')
      .withPlainCookie('probe', secret)
      .withEncryptedCookie('other', `${secret}-encrypted`)
      .header('Authorization', `Bearer ${secret}-bearer`)
      .header('X-XSRF-TOKEN', `${secret}-xsrf`)
      .unsafeJson('{"key": ')
      .type('application/json')
    // The body parser refuses the broken JSON: a 400 rendered by Youch's page in debug mode.
    response.assertStatus(400)
    const html = response.text()
    assert.include(html, 'AUTHORIZATION')
    assert.include(html, 'probe')
    assert.notInclude(html, secret)
    assert.notMatch(html, /eyJ[A-Za-z0-9_-]{16,}/)
    assert.include(html, '[redacted]')
  })

  test('the development error page shows the URL without its secret query values', async ({
    client,
    assert,
  }) => {
    const secret = 'url-secret-' + randomUUID()
    const response = await client
      .post(`/translations/es?page=2&token=${secret}&signature=${secret}`)
      .header('Accept', 'text/html')
      .unsafeJson('{"key": ')
      .type('application/json')
    response.assertStatus(400)
    assert.notInclude(response.text(), secret)
  })

  test('a signed-in request: the session cookie value is absent too', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const response = await client
      .post('/translations/es')
      .header('Accept', 'text/html')
      .unsafeJson('{"key": ')
      .type('application/json')
      .loginAs(customer)
    response.assertStatus(400)
    // Signed and encrypted cookie values are base64url JSON ("eyJ…"): none may be on the page.
    assert.notMatch(response.text(), /eyJ[A-Za-z0-9_-]{16,}/)
    assert.include(response.text(), 'broker-session')
    assert.include(response.text(), '[redacted]')
  })
})

test.group('item 5: one id rule for route params and bodies', (group) => {
  isolate(group)

  const badParams = [
    '0x10',
    '1e1',
    '%2B5',
    '%205',
    '5.0',
    '05',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
  ]

  test('a route id in any other shape than plain decimal is a 404, and nothing is decided', async ({
    client,
    assert,
  }) => {
    const admin = await demoUser(DEMO.admin)
    const withdrawal = await pendingWithdrawal(await demoUser(DEMO.customer), '1')
    const before = await fingerprint()
    for (const value of [
      ...badParams,
      `0x${withdrawal.id.toString(16)}`,
      `${withdrawal.id}.0`,
      `%20${withdrawal.id}`,
    ]) {
      const response = await api(client, 'post', `/admin/withdraws/${value}/approve`, {}).loginAs(
        admin
      )
      assert.equal(response.status(), 404, `${value} → ${response.status()}`)
    }
    assert.deepEqual(changedTables(before, await fingerprint()), [])
    await withdrawal.refresh()
    assert.equal(withdrawal.status, 'pending')
  })

  test('every id-named route parameter carries the id matcher', async ({ assert }) => {
    const router = (await import('@adonisjs/core/services/router')).default
    const { ID_TEXT } = await import('#domain/ids')
    const stringIds = new Set(['orderId']) // PayPal's order id (payments/paypal/capture/:orderId)
    for (const routes of Object.values(router.toJSON())) {
      for (const route of routes) {
        for (const param of route.pattern.match(/:[A-Za-z]+/g) ?? []) {
          const name = param.slice(1)
          if (!/(^id|Id)$/.test(name) || stringIds.has(name)) continue
          assert.strictEqual(route.matchers[name]?.match, ID_TEXT, `${route.pattern} :${name}`)
        }
      }
    }
  })

  test('body ids: hex text and one-item arrays are refused with 422 under the field', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    const wallets = await walletsOf(customer)
    const before = await fingerprint()
    const cases: [string, string, Record<string, unknown>][] = [
      ['/dashboard/add-to-favorite', 'id', { id: `0x${eurUsd.id.toString(16)}` }],
      ['/dashboard/add-to-favorite', 'id', { id: [eurUsd.id] }],
      ['/dashboard/switch-wallet', 'balanceId', { balanceId: [wallets[1].id] }],
      ['/dashboard/switch-wallet', 'balanceId', { balanceId: `0x${wallets[1].id.toString(16)}` }],
      ['/dashboard/orders/close', 'orderId', { orderId: [18] }],
    ]
    for (const bad of [
      '1e1',
      '+5',
      ' 5',
      '5.0',
      '05',
      {},
      true,
      -1,
      0,
      2147483648,
      1e308,
      5e-324,
      1.5,
    ]) {
      cases.push(['/dashboard/add-to-favorite', 'id', { id: bad }])
    }
    for (const [path, field, body] of cases) {
      const response = await api(client, 'post', path, body).loginAs(customer)
      assert.equal(response.status(), 422, `${path} ${JSON.stringify(body)} → ${response.status()}`)
      assert.property(fieldErrors(response.body()), field, `${path} ${JSON.stringify(body)}`)
    }
    assert.deepEqual(changedTables(before, await fingerprint()), [])
    assert.isNull(
      await Favorite.query().where('user_id', customer.id).where('instrument_id', eurUsd.id).first()
    )
  })

  test('a plain decimal id still works, as a JSON number or as text', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const eurUsd = await Instrument.findByOrFail('name', 'EUR_USD')
    ;(
      await api(client, 'post', '/dashboard/add-to-favorite', { id: eurUsd.id }).loginAs(customer)
    ).assertStatus(200)
    ;(
      await api(client, 'post', '/dashboard/remove-from-favorite', {
        id: String(eurUsd.id),
      }).loginAs(customer)
    ).assertStatus(200)
    assert.isNull(
      await Favorite.query().where('user_id', customer.id).where('instrument_id', eurUsd.id).first()
    )
  })
})
