/*
| Fuzz pass (DESIGN.md "Behaviour on bad input"): every write endpoint of the
| router — the route table's non-GET routes plus Transmit's — gets its valid
| base request (write_bodies.ts; an empty body where none is written) with one
| field at a time replaced by a malformed value, then broken bodies (invalid
| JSON, 10k-level nesting, scalars, text/plain, form-encoded, multipart).
| Every answer must be below 500, and a refused request (≥ 400) must write
| nothing: a fingerprint of every table is compared around it (fingerprint.ts
| tablesWrittenBy: read only when the database's write count moved).
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import limiter from '@adonisjs/limiter/services/main'
import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { GATEWAY_VALUES } from '#domain/gateways'
import { isolate } from '#tests/helpers/isolation'
import { removeKycFilesAfterEach } from '#tests/helpers/kyc'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO, DEMO_PASSWORD, demoUser, userOfRole } from '#tests/helpers/users'
import { EXPECTATIONS, NOT_WALKED, registeredRoutes, urlFor } from './route_table.js'
import {
  EXTRA_FIELDS,
  EXTRA_GARBAGE,
  GARBAGE,
  RawJsonValue,
  WRITE_BASES,
  jsonText,
  type WriteBase,
} from './write_bodies.js'
import { tablesWrittenBy } from './fingerprint.js'

interface Target {
  key: string
  user: () => Promise<User | null>
  url: () => Promise<string>
  base: WriteBase
}

/**
 * Values the body parser refuses before any field is read (a body over its 1 MB limit, nesting past
 * its depth): the answer cannot depend on the field, so each route gets them once, in
 * `brokenBodies`, instead of once per field.
 */
const BODY_LEVEL = new Set(['1 MB string', '10k-level nesting'])
const FIELD_GARBAGE = GARBAGE.filter(([label]) => !BODY_LEVEL.has(label))
const FIELD_EXTRA_GARBAGE = EXTRA_GARBAGE.filter(([label]) => !BODY_LEVEL.has(label))

/** The write routes the router holds: the route table's non-GET routes and the Transmit ones it leaves out. */
const WRITE_KEYS = [...Object.keys(EXPECTATIONS), ...NOT_WALKED].filter(
  (key) => !key.startsWith('GET ')
)

function targetFor(key: string): Target {
  const [, pattern] = key.split(' ')
  const expectation = EXPECTATIONS[key]
  const base = WRITE_BASES[key] ?? { body: () => ({}) }
  const user = async () => {
    if (base.as) return demoUser(base.as)
    if (
      !expectation ||
      expectation.access === 'public' ||
      expectation.access === 'guest' ||
      expectation.access === 'apiKey'
    )
      return null
    return userOfRole(expectation.access.includes(3) ? 3 : expectation.access[0])
  }
  const url = async () => {
    if (base.url) return base.url()
    const params =
      expectation && 'params' in expectation && expectation.params ? await expectation.params() : {}
    return urlFor(pattern, params)
  }
  return { key, user, url, base }
}

type Raw = { type: string; text: string } | { multipart: Record<string, string> }

/** Sends one request (its fixtures made first) and checks the two rules; a success runs `after`. */
async function probe(
  client: ApiClient,
  assert: any,
  target: Target,
  label: string,
  body: unknown,
  raw?: Raw
) {
  await limiter.clear()
  const [method] = target.key.split(' ')
  const url = await target.url()
  const user = await target.user()
  const headers = (await target.base.headers?.()) ?? {}
  let req = client
    .request(url, method as any)
    .header('Accept', 'application/json')
    .redirects(0)
    .withCsrfToken()
  for (const [name, value] of Object.entries(headers)) req = req.header(name, value)
  if (raw && 'multipart' in raw) {
    for (const [name, value] of Object.entries(raw.multipart)) req = req.field(name, value)
    req = req.file('file', Buffer.from('not really a file'), { filename: 'x.png' })
  } else if (raw) {
    // unsafeJson/unsafeForm send the text as is; type() then sets the header to test.
    req = raw.type.includes('urlencoded') ? req.unsafeForm(raw.text) : req.unsafeJson(raw.text)
    req = req.type(raw.type)
  } else if (body !== undefined) {
    req = req.json(body as object)
  }
  if (user) req = req.loginAs(user)
  const { answer: response, changed } = await tablesWrittenBy(
    async () => await req,
    (answer) => answer.status() >= 400
  )
  const status = response.status()
  if (process.env.FUZZ_LOG && label === 'the valid base request')
    console.log('BASE', target.key, status, response.text().slice(0, 150))
  const where = `${target.key} ${label} → ${status} ${(response.text() ?? '').slice(0, 300)}`
  assert.isBelow(status, 500, where)
  if (status < 400) {
    await target.base.after?.()
    return
  }
  assert.deepEqual(changed, [], `a refused request wrote: ${where}`)
}

/** Whole bodies that are not the form at all: broken JSON, scalars, other content types, every field mistyped. */
async function brokenBodies(target: Target): Promise<[string, unknown, Raw?][]> {
  const base = await target.base.body()
  const fields = Object.keys(base)
  const each = (value: (k: string) => unknown) =>
    Object.fromEntries(fields.map((k) => [k, value(k)]))
  const nestedField = jsonText({
    ...base,
    [fields[0] ?? 'field']: new RawJsonValue('['.repeat(10_000) + ']'.repeat(10_000)),
  })
  return [
    ['the valid base request', base],
    ['no body', undefined],
    ['empty object', {}],
    ['JSON array', [1, 2, 3]],
    ['JSON string', 'just a string'],
    ['JSON number', 42],
    ['JSON null', null],
    ['malformed JSON', undefined, { type: 'application/json', text: '{"email": "a@b.c",' }],
    [
      'JSON with a BOM and comments',
      undefined,
      { type: 'application/json', text: '\ufeff{/* x */}' },
    ],
    [
      '10k-level nesting',
      undefined,
      { type: 'application/json', text: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) },
    ],
    [
      '10k-level arrays',
      undefined,
      { type: 'application/json', text: '['.repeat(10_000) + ']'.repeat(10_000) },
    ],
    [
      'form-encoded',
      undefined,
      {
        type: 'application/x-www-form-urlencoded',
        text: 'email=a%40b.c&password[]=1&key[x]=2&id=0x10',
      },
    ],
    ['text/plain', undefined, { type: 'text/plain', text: 'hello' }],
    ['JSON sent as text/plain', undefined, { type: 'text/plain', text: JSON.stringify(base) }],
    ['multipart', undefined, { multipart: { ...each(() => 'x'), id: '0x10' } }],
    ['every field an array', each((k) => [k])],
    ['every field an object', each((k) => ({ k }))],
    ['every field null', each(() => null)],
    ['every field 1e308', each(() => 1e308)],
    ['a 1 MB string in a field', { ...base, [fields[0] ?? 'field']: 'x'.repeat(1024 * 1024) }],
    ['10k-level nesting in a field', undefined, { type: 'application/json', text: nestedField }],
  ]
}

test.group('fuzz pass: no 5xx and no write on malformed input', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)
  // Thousands of logins, sign-ups and password changes: scrypt would take minutes. The fake hasher
  // stores the text itself, so the demo passwords are rewritten to match (inside the rolled-back transaction).
  group.each.setup(async () => {
    hash.fake()
    await db.from('users').update({ password: DEMO_PASSWORD })
    return () => hash.restore()
  })

  test('fuzzes every write route the router holds', ({ assert }) => {
    const routerWrites = registeredRoutes().filter((key) => !key.startsWith('GET '))
    assert.sameMembers(WRITE_KEYS, routerWrites)
  })

  for (const key of WRITE_KEYS) {
    const target = targetFor(key)

    test(`${key}: each field replaced by malformed values`, async ({ client, assert }) => {
      const fields = Object.keys(await target.base.body())
      for (const field of [...fields, ...EXTRA_FIELDS]) {
        for (const [label, value] of fields.includes(field) ? FIELD_GARBAGE : FIELD_EXTRA_GARBAGE) {
          const body = { ...(await target.base.body()), [field]: value }
          const raw =
            value instanceof RawJsonValue
              ? { type: 'application/json', text: jsonText(body) }
              : undefined
          await probe(client, assert, target, `${field}=${label}`, body, raw)
        }
      }
    }).timeout(60_000)

    test(`${key}: broken bodies and wrong content types`, async ({ client, assert }) => {
      for (const [label, body, raw] of await brokenBodies(target))
        await probe(client, assert, target, label, body, raw)
    }).timeout(60_000)
  }

  test("every gateway's provider confirmation (POST /payments/:gateway/notify): broken bodies", async ({
    client,
    assert,
  }) => {
    for (const gateway of GATEWAY_VALUES) {
      const target = {
        ...targetFor('POST /payments/:gateway/notify'),
        url: async () => `/payments/${gateway}/notify`,
      }
      for (const [label, body, raw] of await brokenBodies(target))
        await probe(client, assert, target, `${gateway} ${label}`, body, raw)
    }
  }).timeout(60_000)

  test('a huge body is refused, not crashed on', async ({ client, assert }) => {
    const response = await client
      .post('/auth/signup')
      .header('Accept', 'application/json')
      .json(signupPayload({ fullName: 'x'.repeat(3 * 1024 * 1024) }))
      .withCsrfToken()
    assert.isBelow(response.status(), 500)
    assert.isAtLeast(response.status(), 400)
  })

  test('every JSON read of the router gets malformed query strings', async ({ client, assert }) => {
    const queries = [
      'page=0x10&limit=1e999&search=%00',
      'page[]=1&limit[x]=2&search[$gt]=&dateStart[]=x&dateEnd=9999-99-99',
      `search=${'x'.repeat(10_000)}&page=99999999999999999999&limit=-1`,
      'page=NaN&limit=Infinity&quote=%F0%9F%98%80&interval=%E0%A4%A&email[]=a',
      '__proto__[x]=1&constructor[prototype][y]=2',
    ]
    const reads = Object.entries(EXPECTATIONS)
      .filter(([k, e]) => k.startsWith('GET ') && !e.page)
      .map(([k]) => k)
    for (const key of reads) {
      const target = targetFor(key)
      const url = await target.url()
      const user = await target.user()
      for (const query of queries) {
        let req = client
          .get(`${url}${url.includes('?') ? '&' : '?'}${query}`)
          .header('Accept', 'application/json')
        req = req.redirects(0)
        if (user) req = req.loginAs(user)
        const response = await req
        const where = `${key}?${query.slice(0, 80)} → ${response.status()} ${(response.text() ?? '').slice(0, 200)}`
        assert.isBelow(response.status(), 500, where)
      }
    }
  }).timeout(60_000)

  test('odd values in URL parameters and query strings', async ({ client, assert }) => {
    const customer = await demoUser(DEMO.customer)
    const newcomer = await demoUser(DEMO.newcomer)
    const admin = await demoUser(DEMO.admin)
    const odd = [
      '%00',
      'abc%00',
      '99999999999999999999',
      '-1',
      '0',
      '1.5',
      '0x10',
      '1e1',
      '%2B5',
      '%205',
      '5.0',
      '%F0%9F%98%80',
      'x'.repeat(2000),
      '..%2F..%2F.env',
      '%E0%A4%A',
      "'%20OR%201=1",
    ]
    const gets: { path: string; as?: User }[] = []
    for (const value of odd) {
      gets.push({ path: `/translations/${value}` })
      gets.push({ path: `/reset-password/${value}` })
      gets.push({ path: `/verify-email/${value}?email=${value}&signature=${value}` })
      gets.push({ path: `/verify-email/1?email=${value}` })
      gets.push({ path: `/uploads/${value}` })
      gets.push({ path: `/dashboard?page=${value}`, as: customer })
      gets.push({ path: `/notifications?limit=${value}`, as: customer })
      gets.push({ path: `/countries?x=${value}` })
      gets.push({ path: `/dashboard/rates?quote=${value}`, as: customer })
      gets.push({ path: `/dashboard/lot-state/${value}`, as: customer })
      gets.push({ path: `/dashboard/candles/${value}`, as: customer })
      gets.push({
        path: `/dashboard/candles/EUR_USD?interval=${value}&limit=${value}`,
        as: customer,
      })
      gets.push({ path: `/withdraws/history?page=${value}&limit=${value}`, as: customer })
      gets.push({
        path: `/admin/withdraws/api/pending?page=${value}&limit=${value}&search=${value}`,
        as: admin,
      })
      gets.push({ path: `/admin/withdraws/api/history/${value}?page=${value}`, as: admin })
      gets.push({ path: `/kyc/documents/${value}/front`, as: admin })
      gets.push({ path: `/kyc/documents/1/${value}`, as: customer })
      gets.push({ path: `/admin/kyc/api?page=${value}&limit=${value}&search=${value}`, as: admin })
      gets.push({ path: `/deposits/${value}/proof`, as: admin })
      gets.push({ path: `/admin/deposits/api/history/${value}`, as: admin })
      gets.push({
        path: `/dashboard/pricing?page=${value}&limit=${value}&search=${value}`,
        as: customer,
      })
      gets.push({ path: `/admin/instruments/api/${value}`, as: admin })
      gets.push({
        path: `/admin/instruments/api/forex?page=${value}&limit=${value}&search=${value}`,
        as: admin,
      })
      gets.push({
        path: `/statements/history?dateStart=${value}&dateEnd=${value}&page=${value}`,
        as: customer,
      })
    }
    for (const { path, as } of gets) {
      let req = client.get(path).header('Accept', 'application/json').redirects(0)
      if (as) req = req.loginAs(as)
      const response = await req
      assert.isBelow(
        response.status(),
        500,
        `GET ${path.slice(0, 120)} → ${response.status()} ${response.text().slice(0, 300)}`
      )
    }
    for (const value of odd) {
      await limiter.clear()
      const writes = [
        client.post(`/translations/${value}`).json({ key: 'k' }),
        client.post(`/dashboard/pricing/subscribe/${value}`).loginAs(newcomer),
        client.put(`/dashboard/orders/${value}`).json({ loss: null }).loginAs(customer),
        client.post(`/admin/withdraws/${value}/approve`).loginAs(admin),
        client
          .post(`/admin/withdraws/${value}/decline`)
          .json({ declineReason: 'x' })
          .loginAs(admin),
        client.post(`/admin/kyc/${value}/approve`).loginAs(admin),
        client.post(`/admin/kyc/${value}/decline`).json({ declineReason: 'x' }).loginAs(admin),
        client.post(`/admin/deposits/${value}/approve`).loginAs(admin),
        client.delete(`/admin/externalPayments/${value}`).loginAs(admin),
        client.put(`/admin/pricing/${value}`).json({ name: 'x' }).loginAs(admin),
        client.delete(`/admin/pricing/${value}`).loginAs(admin),
        client.put(`/admin/instruments/${value}`).json({ name: 'X' }).loginAs(admin),
        client.delete(`/admin/instruments/${value}`).loginAs(admin),
      ]
      for (const req of writes) {
        const response = await req.header('Accept', 'application/json').withCsrfToken()
        assert.isBelow(
          response.status(),
          500,
          `write with ${value.slice(0, 60)} → ${response.status()} ${response.text().slice(0, 300)}`
        )
      }
    }
  })

  test('NUL characters and lone surrogates are refused with 422 under the field', async ({
    client,
    assert,
  }) => {
    for (const value of ['Ber\u0000lin', 'Ber\ud800lin']) {
      const customer = await demoUser(DEMO.customer)
      const response = await client
        .put('/profile/me')
        .header('Accept', 'application/json')
        .json({ fullName: 'Carla Customer', city: value })
        .withCsrfToken()
        .loginAs(customer)
      response.assertStatus(422)
      response.assertBody({
        message: 'This field contains characters that are not allowed',
        errors: [{ field: 'city', message: 'This field contains characters that are not allowed' }],
      })
    }
    const login = await client
      .post('/auth/login')
      .header('Accept', 'application/json')
      .json({ email: 'a\ud800b@example.com', password: 'whatever1' })
      .withCsrfToken()
    login.assertStatus(422)
    assert.equal(login.body().errors[0].field, 'email')
  })

  test('unknown URLs and methods are a 404 page or JSON 404, for visitors and users', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const requests = [
      () => client.get('/no-such-page'),
      () => client.get('/no-such-page').withInertia(),
      () => client.get('/no-such-page').header('Accept', 'application/json'),
      () => client.post('/no-such-page').header('Accept', 'application/json'),
      () => client.delete('/dashboard').header('Accept', 'application/json'),
      () => client.get('/no-such-page').loginAs(customer),
    ]
    for (const make of requests) {
      const response = await make()
      assert.equal(response.status(), 404, response.text().slice(0, 200))
    }
    const inertia = await client.get('/no-such-page').withInertia()
    inertia.assertInertiaComponent('errors/not_found')
  })
})
