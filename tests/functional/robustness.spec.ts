/*
| No input produces a 500 (DESIGN.md "Behaviour on bad input"). Each JSON
| endpoint gets a valid base request with one field at a time replaced by
| garbage (wrong types, huge or odd strings, arrays, objects), plus broken
| bodies (missing, malformed JSON, a JSON array or scalar, form-encoded).
| The answer must be below 500 on SQLite and on PostgreSQL.
*/
import { test } from '@japa/runner'
import Instrument from '#models/instrument'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import type User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import PricingPlan from '#models/pricing_plan'
import { newOpaqueToken } from '#domain/tokens'
import { isolate } from '#tests/helpers/isolation'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO, DEMO_PASSWORD, demoUser, walletsOf } from '#tests/helpers/users'
import KycDocument from '#models/kyc_document'
import { pendingWithdrawal, withdrawPayload } from '#tests/helpers/withdrawals'

const GARBAGE: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['zero', 0],
  ['negative', -1],
  ['float', 1.5],
  ['huge number', 1e308],
  ['beyond int32', 2 ** 31],
  ['beyond int64', 9223372036854775808],
  ['numeric string', '12345'],
  ['empty string', ''],
  ['spaces', '   '],
  ['array', ['a', 'b']],
  ['empty array', []],
  ['object', { a: 1 }],
  ['nested', { $gt: '' }],
  ['long string', 'x'.repeat(100_000)],
  ['NUL byte', 'abc\u0000def@example.com'],
  ['only NUL', '\u0000'],
  ['control chars', '\u0001\u0002\u001b[31m'],
  ['lone surrogate', 'a\ud800b'],
  ['emoji', '😀'.repeat(300)],
  ['RTL + zero width', '\u202e\u200b\u200d'],
  ['SQL', "' OR 1=1 --"],
  ['HTML', '<script>alert(1)</script>'],
  ['prototype', '__proto__'],
  ['date-ish', '9999-99-99'],
  ['far future date', '275760-09-13'],
]

interface Endpoint {
  method: 'post' | 'put'
  url: () => Promise<string> | string
  as?: string
  base: () => Promise<Record<string, unknown>> | Record<string, unknown>
  /** Restores what a request that succeeded changed. */
  after?: () => Promise<void>
}

let seq = 0
const uniqueEmail = () => `robust-${Date.now()}-${++seq}@example.com`

async function freshResetToken() {
  const user = await demoUser(DEMO.newcomer)
  const { token, hash } = newOpaqueToken()
  await PasswordResetToken.create({ userId: user.id, tokenHash: hash, expiresAt: DateTime.now().plus({ hours: 1 }) })
  return token
}

async function restorePassword(email: string) {
  const user = await demoUser(email)
  user.password = DEMO_PASSWORD
  await user.save()
}

const ENDPOINTS: Record<string, Endpoint> = {
  'POST /auth/login': {
    method: 'post',
    url: '/auth/login' as any,
    base: () => ({ email: DEMO.customer, password: DEMO_PASSWORD, remember: true, humanKey: 'x' }),
  },
  'POST /auth/signup': {
    method: 'post',
    url: () => '/auth/signup',
    base: () => signupPayload({ email: uniqueEmail(), promoCode: 'WELCOME2026', humanKey: 'x' }),
  },
  'POST /forgot-password': {
    method: 'post',
    url: () => '/forgot-password',
    base: () => ({ email: DEMO.newcomer, humanKey: 'x' }),
  },
  'PUT /forgot-password': {
    method: 'put',
    url: () => '/forgot-password',
    base: async () => ({ token: await freshResetToken(), password: 'a-new-password' }),
    after: () => restorePassword(DEMO.newcomer),
  },
  'POST /translations/es': {
    method: 'post',
    url: () => '/translations/es',
    base: () => ({ key: `A new key ${++seq}` }),
  },
  'POST /dashboard/switch-wallet': {
    method: 'post',
    url: () => '/dashboard/switch-wallet',
    as: DEMO.customer,
    base: async () => ({ balanceId: (await walletsOf(await demoUser(DEMO.customer)))[1].id }),
  },
  'POST /dashboard/add-to-favorite': {
    method: 'post',
    url: () => '/dashboard/add-to-favorite',
    as: DEMO.customer,
    base: async () => ({ id: (await Instrument.findByOrFail('name', 'EUR_USD')).id }),
  },
  'POST /dashboard/remove-from-favorite': {
    method: 'post',
    url: () => '/dashboard/remove-from-favorite',
    as: DEMO.customer,
    base: async () => ({ id: (await Instrument.findByOrFail('name', 'EUR_USD')).id }),
  },
  'PUT /profile/me': {
    method: 'put',
    url: () => '/profile/me',
    as: DEMO.customer,
    base: () => ({
      fullName: 'Carla Customer',
      phone: '+4915112345678',
      birthDate: '1988-04-12',
      country: 'Germany',
      city: 'Berlin',
      address: 'Friedrichstraße 100',
      postalCode: '10117',
    }),
  },
  'PUT /security/password': {
    method: 'put',
    url: () => '/security/password',
    as: DEMO.customer,
    base: () => ({ currentPassword: DEMO_PASSWORD, newPassword: 'another-password' }),
    after: () => restorePassword(DEMO.customer),
  },
  'POST /dashboard/pricing/subscribe/:planId': {
    method: 'post',
    url: async () => `/dashboard/pricing/subscribe/${(await PricingPlan.findByOrFail('name', 'Basic')).id}`,
    as: DEMO.newcomer,
    base: () => ({}),
    after: async () => {
      await db.from('users').where('email', DEMO.newcomer).update({ pricing_table_id: null })
    },
  },
  'POST /authManager/back-to-admin': {
    method: 'post',
    url: () => '/authManager/back-to-admin',
    as: DEMO.customer,
    base: () => ({}),
  },
  'POST /auth/logout': {
    method: 'post',
    url: () => '/auth/logout',
    as: DEMO.customer,
    base: () => ({}),
  },
  'POST /withdraws/bank': {
    method: 'post',
    url: () => '/withdraws/bank',
    as: DEMO.customer,
    base: async () => withdrawPayload(await demoUser(DEMO.customer), { amount: '1' }),
  },
  'POST /admin/withdraws/:id/approve': {
    method: 'post',
    url: async () => `/admin/withdraws/${(await pendingWithdrawal(await demoUser(DEMO.customer), '1')).id}/approve`,
    as: DEMO.admin,
    base: () => ({}),
  },
  'POST /admin/withdraws/:id/decline': {
    method: 'post',
    url: async () => `/admin/withdraws/${(await pendingWithdrawal(await demoUser(DEMO.customer), '1')).id}/decline`,
    as: DEMO.admin,
    base: () => ({ declineReason: 'Wrong account' }),
  },
  'POST /admin/withdraws/settings': {
    method: 'post',
    url: () => '/admin/withdraws/settings',
    as: DEMO.admin,
    base: () => ({ feePercentage: '1', feeFixed: '0.5' }),
  },
  // Uploads (multipart) are walked in tests/functional/kyc/customer_kyc.spec.ts; here the JSON side.
  'POST /kyc': {
    method: 'post',
    url: () => '/kyc',
    as: DEMO.newcomer,
    base: () => ({ type: 'passport', front: 'front.png', back: 'back.png', address: 'bill.pdf' }),
  },
  'POST /admin/kyc/:id/approve': {
    method: 'post',
    url: async () => `/admin/kyc/${(await pendingKyc()).id}/approve`,
    as: DEMO.admin,
    base: () => ({}),
  },
  'POST /admin/kyc/:id/decline': {
    method: 'post',
    url: async () => `/admin/kyc/${(await pendingKyc()).id}/decline`,
    as: DEMO.admin,
    base: () => ({ declineReason: 'Blurry photo' }),
  },
}

/** A fresh pending KYC submission (no files) of the newcomer, for the staff decisions. */
async function pendingKyc() {
  const newcomer = await demoUser(DEMO.newcomer)
  return KycDocument.create({ userId: newcomer.id, type: 'passport', status: 'pending' })
}

async function send(client: ApiClient, endpoint: Endpoint, body: unknown, raw?: { type: string; text: string }) {
  await limiter.clear()
  const url = typeof endpoint.url === 'function' ? await endpoint.url() : endpoint.url
  let req = client[endpoint.method](url).header('Accept', 'application/json').withCsrfToken()
  if (raw) {
    // unsafeJson/unsafeForm send the text as is; type() then sets the header to test.
    req = raw.type.includes('urlencoded') ? req.unsafeForm(raw.text) : req.unsafeJson(raw.text)
    req = req.type(raw.type)
  }
  else if (body !== undefined) req = req.json(body as object)
  if (endpoint.as) req = req.loginAs((await demoUser(endpoint.as)) as User)
  const response = await req
  if (endpoint.after && response.status() < 300) await endpoint.after()
  return response
}

test.group('no input produces a 500', (group) => {
  isolate(group)

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    test(`${name}: each field replaced by garbage`, async ({ client, assert }) => {
      const fields = Object.keys(await endpoint.base())
      const extra = ['__proto__', 'roleId']
      for (const field of [...fields, ...extra]) {
        for (const [label, value] of GARBAGE) {
          const body = { ...(await endpoint.base()), [field]: value }
          const response = await send(client, endpoint, body)
          assert.isBelow(response.status(), 500, `${name} ${field}=${label} → ${response.status()} ${response.text().slice(0, 300)}`)
        }
      }
    })

    test(`${name}: broken bodies`, async ({ client, assert }) => {
      const cases: [string, unknown, { type: string; text: string }?][] = [
        ['no body', undefined],
        ['empty object', {}],
        ['JSON array', [1, 2, 3]],
        ['JSON string', 'just a string'],
        ['JSON number', 42],
        ['JSON null', null],
        ['malformed JSON', undefined, { type: 'application/json', text: '{"email": "a@b.c",' }],
        ['form-encoded', undefined, { type: 'application/x-www-form-urlencoded', text: 'email=a%40b.c&password[]=1&key[x]=2' }],
        ['text/plain', undefined, { type: 'text/plain', text: 'hello' }],
        ['deeply nested', JSON.parse('['.repeat(5000) + ']'.repeat(5000))],
        ['every field an array', Object.fromEntries(Object.keys(await endpoint.base()).map((k) => [k, [k]]))],
        ['every field an object', Object.fromEntries(Object.keys(await endpoint.base()).map((k) => [k, { k }]))],
        ['every field null', Object.fromEntries(Object.keys(await endpoint.base()).map((k) => [k, null]))],
      ]
      for (const [label, body, raw] of cases) {
        const response = await send(client, endpoint, body, raw)
        assert.isBelow(response.status(), 500, `${name} ${label} → ${response.status()} ${response.text().slice(0, 300)}`)
      }
    })
  }

  test('odd values in URL parameters and query strings', async ({ client, assert }) => {
    const customer = await demoUser(DEMO.customer)
    const newcomer = await demoUser(DEMO.newcomer)
    const admin = await demoUser(DEMO.admin)
    const odd = ['%00', 'abc%00', '99999999999999999999', '-1', '0', '1.5', '%F0%9F%98%80', 'x'.repeat(2000), '..%2F..%2F.env', '%E0%A4%A', "'%20OR%201=1"]
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
      gets.push({ path: `/dashboard/candles/EUR_USD?interval=${value}&limit=${value}`, as: customer })
      gets.push({ path: `/withdraws/history?page=${value}&limit=${value}`, as: customer })
      gets.push({ path: `/admin/withdraws/api/pending?page=${value}&limit=${value}&search=${value}`, as: admin })
      gets.push({ path: `/admin/withdraws/api/history/${value}?page=${value}`, as: admin })
      gets.push({ path: `/kyc/documents/${value}/front`, as: admin })
      gets.push({ path: `/kyc/documents/1/${value}`, as: customer })
      gets.push({ path: `/admin/kyc/api?page=${value}&limit=${value}&search=${value}`, as: admin })
    }
    for (const { path, as } of gets) {
      let req = client.get(path).header('Accept', 'application/json').redirects(0)
      if (as) req = req.loginAs(as)
      const response = await req
      assert.isBelow(response.status(), 500, `GET ${path.slice(0, 120)} → ${response.status()} ${response.text().slice(0, 300)}`)
    }
    for (const value of odd) {
      await limiter.clear()
      const writes = [
        client.post(`/translations/${value}`).json({ key: 'k' }),
        client.post(`/dashboard/pricing/subscribe/${value}`).loginAs(newcomer),
        client.post(`/admin/withdraws/${value}/approve`).loginAs(admin),
        client.post(`/admin/withdraws/${value}/decline`).json({ declineReason: 'x' }).loginAs(admin),
        client.post(`/admin/kyc/${value}/approve`).loginAs(admin),
        client.post(`/admin/kyc/${value}/decline`).json({ declineReason: 'x' }).loginAs(admin),
      ]
      for (const req of writes) {
        const response = await req.header('Accept', 'application/json').withCsrfToken()
        assert.isBelow(response.status(), 500, `POST with ${value.slice(0, 60)} → ${response.status()} ${response.text().slice(0, 300)}`)
      }
    }
  })

  test('NUL characters and lone surrogates are refused with 422 under the field', async ({ client, assert }) => {
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

  test('unknown URLs and methods are a 404 page or JSON 404, for visitors and users', async ({ client, assert }) => {
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

  test('a huge body is refused, not crashed on', async ({ client, assert }) => {
    const response = await client
      .post('/auth/signup')
      .header('Accept', 'application/json')
      .json(signupPayload({ fullName: 'x'.repeat(3 * 1024 * 1024) }))
      .withCsrfToken()
    assert.isBelow(response.status(), 500)
    assert.isAtLeast(response.status(), 400)
  })
})
