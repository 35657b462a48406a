import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Lead from '#models/lead'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { fieldErrors } from '#tests/helpers/http'
import { userOfRole } from '#tests/helpers/users'
import { aLead } from '#tests/helpers/leads'
import { anAffiliate, getLead, intakeBody, keyOf, postLead } from '#tests/helpers/affiliates'
import { LEAD_API_BAD_KEYS, LEAD_API_RATE } from '#domain/lead_api'
import { behindProxies } from '#tests/helpers/client_address'
import { auditRows } from '#tests/helpers/audit'
import { forgetRefusals } from '#services/address_whitelist'

const leadCount = async () => Number((await db.from('leads').count('* as n').first()).n)

test.group('Lead intake API: POST /api/v1/leads', (group) => {
  isolate(group)

  test("an affiliate's key adds their lead (manual, sales desk, default status); GET shows it", async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const key = await keyOf(client, affiliate)
    const body = intakeBody({ reference: 'AFF-77', email: 'Mixed.Case@Leads.Test' })
    const response = await postLead(client, key, body)
    response.assertStatus(201)
    assert.equal(response.body().result, 'created')
    assert.isFalse(response.body().duplicate)
    const lead = await Lead.findOrFail(response.body().id)
    assert.equal(lead.affiliateId, affiliate.id)
    assert.equal(lead.email, 'mixed.case@leads.test')
    assert.equal(lead.reference, 'AFF-77')
    assert.equal(lead.leadSourceId, 'src-1')
    assert.equal(lead.source, 'manual')
    assert.equal(lead.group, 'sales')
    await lead.load('salesStatus')
    assert.equal(lead.salesStatus.status, 'New')

    const shown = await getLead(client, key, lead.id)
    shown.assertStatus(200)
    assert.containsSubset(shown.body(), {
      id: lead.id,
      reference: 'AFF-77',
      status: 'New',
      registered: false,
      ftd: false,
      ftdAt: null,
    })
  })

  test('the key may come as X-API-Key too; no Accept header needed; answers are JSON', async ({
    client,
    assert,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    const response = await client.post('/api/v1/leads').header('X-API-Key', key).json(intakeBody())
    response.assertStatus(201)
    assert.match(response.header('content-type') ?? '', /application\/json/)
  })

  test('no key, a garbage key, another scheme, a revoked key: 401, nothing written', async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const old = await keyOf(client, affiliate)
    const fresh = await keyOf(client, affiliate)
    assert.notEqual(old, fresh)
    const before = await leadCount()
    for (const key of [null, 'garbage', `ak_${'x'.repeat(40)}`, old, '', 'Bearer']) {
      const response = await postLead(client, key, intakeBody())
      response.assertStatus(401)
      assert.isString(response.body().message)
      assert.equal(response.header('www-authenticate'), 'Bearer')
    }
    const basic = await client
      .post('/api/v1/leads')
      .header('Authorization', `Basic ${fresh}`)
      .json(intakeBody())
    basic.assertStatus(401)
    ;(await getLead(client, old, 1)).assertStatus(401)
    assert.equal(await leadCount(), before)
    ;(await postLead(client, fresh, intakeBody())).assertStatus(201)
  })

  test('a key of an affiliate deactivated, deleted or no longer an affiliate: 401', async ({
    client,
  }) => {
    for (const change of [
      { isActive: false },
      { roleId: 5 },
      { deletedAt: DateTime.now() },
    ] as const) {
      const affiliate = await anAffiliate()
      const key = await keyOf(client, affiliate)
      affiliate.merge(change as any)
      await affiliate.save()
      ;(await postLead(client, key, intakeBody())).assertStatus(401)
    }
  })

  test('bad input: 422 with a message per field, nothing written', async ({ client, assert }) => {
    const key = await keyOf(client, await userOfRole(4))
    const before = await leadCount()
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: undefined }, 'firstName'],
      [{ firstName: '   ' }, 'firstName'],
      [{ lastName: null }, 'lastName'],
      [{ email: undefined }, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 42 }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ funnelLink: 'javascript:alert(1)' }, 'funnelLink'],
      [{ reference: 'r'.repeat(121) }, 'reference'],
      [{ leadSourceId: 's'.repeat(121) }, 'leadSourceId'],
      [{ country: ['Spain'] }, 'country'],
      [{ city: 'c'.repeat(101) }, 'city'],
      [{ firstName: 'a\u0000b' }, 'firstName'],
    ]
    for (const [changes, field] of cases) {
      const response = await postLead(client, key, intakeBody(changes))
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), field, JSON.stringify(changes))
    }
    const empty = await postLead(client, key, {})
    empty.assertStatus(422)
    assert.includeMembers(Object.keys(fieldErrors(empty.body())), [
      'firstName',
      'lastName',
      'email',
    ])
    const badKey = await postLead(client, key, intakeBody(), { 'Idempotency-Key': 'has space' })
    badKey.assertStatus(422)
    assert.property(fieldErrors(badKey.body()), 'Idempotency-Key')
    assert.equal(await leadCount(), before)
  })

  test('bad JSON 400, not JSON 415, a JSON array 415, an oversized body 413; never 500', async ({
    client,
    assert,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    const before = await leadCount()
    const raw = (type: string, payload: string) =>
      client
        .post('/api/v1/leads')
        .header('Authorization', `Bearer ${key}`)
        .unsafeJson(payload)
        .type(type)
    const badJson = await raw('application/json', '{"firstName": "A",')
    badJson.assertStatus(400)
    assert.isString(badJson.body().message)
    ;(await raw('text/plain', 'firstName=A')).assertStatus(415)
    ;(await raw('application/x-www-form-urlencoded', 'firstName=A&lastName=B')).assertStatus(415)
    ;(await raw('application/json', JSON.stringify([intakeBody()]))).assertStatus(415)
    // A bare scalar is not JSON the strict body parser reads: refused with a message, never a 500.
    for (const scalar of ['"a string"', 'null', '42']) {
      const response = await raw('application/json', scalar)
      assert.oneOf(response.status(), [400, 415, 422], scalar)
      assert.isString(response.body().message)
    }
    const big = await postLead(client, key, intakeBody({ city: 'x'.repeat(20_000) }))
    big.assertStatus(413)
    const huge = await postLead(client, key, intakeBody({ city: 'x'.repeat(2_000_000) }))
    huge.assertStatus(413)
    assert.equal(await leadCount(), before)
  })

  test('idempotent: a retry with the same Idempotency-Key gets the first answer and creates nothing; a different body is 409', async ({
    client,
    assert,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    const body = intakeBody()
    const first = await postLead(client, key, body, { 'Idempotency-Key': 'req-1' })
    first.assertStatus(201)
    const before = await leadCount()
    const again = await postLead(client, key, body, { 'Idempotency-Key': 'req-1' })
    again.assertStatus(201)
    assert.deepEqual(again.body(), first.body())
    assert.equal(again.header('idempotent-replayed'), 'true')
    const other = await postLead(client, key, intakeBody(), { 'Idempotency-Key': 'req-1' })
    other.assertStatus(409)
    assert.isString(other.body().message)
    assert.equal(await leadCount(), before)

    // Another affiliate's same header value is their own key space.
    const otherKey = await keyOf(client, await anAffiliate())
    ;(await postLead(client, otherKey, intakeBody(), { 'Idempotency-Key': 'req-1' })).assertStatus(
      201
    )
  })

  test("without the header, the affiliate's reference is the idempotency key", async ({
    client,
    assert,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    const body = intakeBody({ reference: 'REF-9' })
    const first = await postLead(client, key, body)
    first.assertStatus(201)
    const again = await postLead(client, key, body)
    again.assertStatus(201)
    assert.equal(again.body().id, first.body().id)
    const clash = await postLead(client, key, intakeBody({ reference: 'REF-9' }))
    clash.assertStatus(409)
    assert.equal(
      await Lead.query()
        .where('reference', 'REF-9')
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      1
    )
  })

  test('a known e-mail is linked, not duplicated: the answer says so; the id only for the owner', async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const key = await keyOf(client, affiliate)
    const someoneElses = await aLead({ email: 'known@leads.test', affiliateId: null })
    const before = await leadCount()
    const response = await postLead(client, key, intakeBody({ email: 'KNOWN@leads.test' }))
    response.assertStatus(200)
    assert.containsSubset(response.body(), { result: 'existing', duplicate: true, id: null })
    assert.equal(await leadCount(), before)
    await someoneElses.refresh()
    assert.isNull(someoneElses.affiliateId)
    assert.equal(someoneElses.firstName, 'Lena')

    const mine = await postLead(client, key, intakeBody({ email: 'mine@leads.test' }))
    const again = await postLead(
      client,
      key,
      intakeBody({ email: 'mine@leads.test', city: 'Bilbao' })
    )
    again.assertStatus(200)
    assert.equal(again.body().id, mine.body().id)
  })

  test("a customer account with that e-mail and no lead: answered as already known, no lead, nothing the affiliate can claim; the site's landing pages still link a new lead", async ({
    client,
    assert,
  }) => {
    const customer = await userOfRole(3)
    await Lead.query().where('user_id', customer.id).delete()
    const key = await keyOf(client, await userOfRole(4))
    const before = await leadCount()
    const response = await postLead(client, key, intakeBody({ email: customer.email }))
    response.assertStatus(200)
    // The same answer as for a known lead: a customer cannot be told from a lead (issue 21 item 7).
    assert.deepEqual(response.body(), {
      result: 'existing',
      duplicate: true,
      id: null,
      message: 'A lead with this email is already known; it was linked, not added again',
    })
    assert.equal(await leadCount(), before)

    const secret = 'landing-pages-secret-789'
    await settings.put('webhookApiKeyLeads', { value1: secret })
    const live = await postLead(client, secret, intakeBody({ email: customer.email }))
    live.assertStatus(201)
    assert.isTrue(live.body().linkedToAccount)
    const lead = await Lead.findOrFail(live.body().id)
    assert.equal(lead.userId, customer.id)
    assert.isNull(lead.affiliateId)
  })

  test('rate-limited per key: 429 with Retry-After; another key is not affected', async ({
    client,
    assert,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    for (let i = 0; i < LEAD_API_RATE.requests; i++) {
      const response = await getLead(client, key, 999999)
      assert.equal(response.status(), 404)
    }
    const refused = await postLead(client, key, intakeBody())
    refused.assertStatus(429)
    assert.isAtLeast(Number(refused.header('retry-after')), 1)
    assert.isString(refused.body().message)
    const otherKey = await keyOf(client, await anAffiliate())
    ;(await postLead(client, otherKey, intakeBody())).assertStatus(201)
  }).timeout(60_000)

  test("wrong keys from one address: the last allowed blocks wrong keys and the site's key (429); a valid affiliate key still works; another address is not affected", async ({
    client,
    assert,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    const siteKey = 'landing-pages-secret-456'
    await settings.put('webhookApiKeyLeads', { value1: siteKey })
    const before = await leadCount()
    const from = (address: string) => ({ 'X-Forwarded-For': address })
    await behindProxies('loopback', async () => {
      for (let i = 0; i < LEAD_API_BAD_KEYS.requests; i++) {
        ;(await postLead(client, `wrong-${i}`, intakeBody(), from('203.0.113.7'))).assertStatus(401)
      }
      for (const tried of ['wrong-again', siteKey]) {
        const refused = await postLead(client, tried, intakeBody(), from('203.0.113.7'))
        refused.assertStatus(429)
        assert.isAtLeast(Number(refused.header('retry-after')), 1)
        assert.equal(
          refused.body().message,
          'Too many wrong API keys from this address; try again later'
        )
      }
      // No key is no guess: it is not counted, and it is told how to send one.
      ;(await postLead(client, null, intakeBody(), from('203.0.113.8'))).assertStatus(401)
      assert.equal(await leadCount(), before)
      // A neighbour's noise does not stop an affiliate's leads (issue 21 item 7).
      ;(await postLead(client, key, intakeBody(), from('203.0.113.7'))).assertStatus(201)
      ;(await postLead(client, key, intakeBody(), from('203.0.113.8'))).assertStatus(201)
      ;(await postLead(client, siteKey, intakeBody(), from('203.0.113.8'))).assertStatus(201)
    })
  })

  test("the affiliate's IP whitelist holds for its key: 403 and an audit row from elsewhere, nothing written; a listed address passes", async ({
    client,
    assert,
  }) => {
    forgetRefusals()
    const affiliate = await anAffiliate()
    const key = await keyOf(client, affiliate)
    const mine = await postLead(client, key, intakeBody())
    mine.assertStatus(201)
    await db
      .table('whitelists')
      .insert({ user_id: affiliate.id, ip_address: '10.9.9.9', created_at: new Date() })
    const before = await leadCount()
    const from = (address: string) => ({ 'X-Forwarded-For': address })
    await behindProxies('loopback', async () => {
      const refused = await postLead(client, key, intakeBody(), from('198.51.100.4'))
      refused.assertStatus(403)
      assert.equal(
        refused.body().message,
        'Access from this address is not allowed for this account'
      )
      const read = await getLead(client, key, mine.body().id).header(
        'X-Forwarded-For',
        '198.51.100.4'
      )
      read.assertStatus(403)
      assert.notProperty(read.body(), 'email')
      assert.equal(await leadCount(), before)
      const rows = await auditRows({ action: 'user.address_refused', staffId: affiliate.id })
      assert.lengthOf(rows, 1)
      assert.equal(rows[0].ip, '198.51.100.4')

      ;(await postLead(client, key, intakeBody(), from('10.9.9.9'))).assertStatus(201)
      ;(
        await getLead(client, key, mine.body().id).header('X-Forwarded-For', '10.9.9.9')
      ).assertStatus(200)
    })
    // Without a trusted proxy the test client is 127.0.0.1: not listed either.
    ;(await postLead(client, key, intakeBody())).assertStatus(403)
  })

  test("the site's webhookApiKeyLeads adds live leads (no affiliate) and cannot read leads", async ({
    client,
    assert,
  }) => {
    const secret = 'landing-pages-secret-123'
    ;(await postLead(client, secret, intakeBody())).assertStatus(401)
    await settings.put('webhookApiKeyLeads', { value1: secret })
    const response = await postLead(client, secret, intakeBody())
    response.assertStatus(201)
    const lead = await Lead.findOrFail(response.body().id)
    assert.equal(lead.source, 'live')
    assert.isNull(lead.affiliateId)
    ;(await getLead(client, secret, lead.id)).assertStatus(403)
    await settings.put('webhookApiKeyLeads', { value1: null })
    ;(await postLead(client, secret, intakeBody())).assertStatus(401)
  })
})

test.group('Lead intake API: GET /api/v1/leads/{id}', (group) => {
  isolate(group)

  test("another affiliate's lead, an unknown id, a lead nobody brought: 404; a garbage id: 404", async ({
    client,
  }) => {
    const key = await keyOf(client, await userOfRole(4))
    const other = await anAffiliate()
    const theirs = await aLead({ affiliateId: other.id })
    const nobodys = await aLead({ affiliateId: null })
    for (const id of [theirs.id, nobodys.id, 99999999, 'abc', '1e3', '-1']) {
      ;(await getLead(client, key, id)).assertStatus(404)
    }
  })

  test('shows registration and first deposit as the CRM records them', async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const key = await keyOf(client, affiliate)
    const lead = await aLead({
      affiliateId: affiliate.id,
      registeredAt: DateTime.fromISO('2026-01-02T03:04:05Z'),
      ftdAt: DateTime.fromISO('2026-01-03T00:00:00Z'),
    })
    const shown = await getLead(client, key, lead.id)
    shown.assertStatus(200)
    assert.isTrue(shown.body().registered)
    assert.isTrue(shown.body().ftd)
    assert.match(shown.body().ftdAt, /^2026-01-03T00:00:00/)
  })
})
