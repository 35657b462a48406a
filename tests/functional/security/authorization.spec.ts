/*
| Authorization walk: every registered route (read from the router), requested
| by a visitor and by each of the six roles, must answer as the route table
| (route_table.ts) says — and writes must hold to it with invalid bodies too:
| a refused role is refused whatever it sends, an allowed one never gets a 5xx.
*/
import { test } from '@japa/runner'
import type { ApiClient, ApiRequest } from '@japa/api-client'
import PricingPlan from '#models/pricing_plan'
import { ALL_ROLES, ROLE_HOME } from '#domain/roles'
import { isolate } from '#tests/helpers/isolation'
import { userOfRole } from '#tests/helpers/users'
import { removeKycFilesAfterEach } from '#tests/helpers/kyc'
import { EXPECTATIONS, NOT_WALKED, actors, registeredRoutes, urlFor } from './route_table.js'
import { WRITE_BASES } from './write_bodies.js'

/** Bodies a write is also sent with: wrong types everywhere, a JSON array, the form's fields as arrays. */
async function invalidBodies(key: string): Promise<unknown[]> {
  const fields = WRITE_BASES[key] ? Object.keys(await WRITE_BASES[key].body()) : []
  return [
    {
      id: '0x10',
      balanceId: [18],
      amount: 1e308,
      email: null,
      key: {},
      orderId: true,
      name: 'x'.repeat(10_000),
    },
    [1, 2, 3],
    Object.fromEntries(fields.map((field) => [field, [field]])),
  ]
}

/** Footer landing pages whose screens are built. */
/** Each footer button's page: every role's home is built. */
const BUILT_HOMES: Record<string, string> = {
  '/admin': 'staff/dashboard/index',
  '/admin/trades/all': 'staff/trades/index',
  '/admin/crm/sales/all': 'staff/crm/leads',
  '/admin/crm/retention': 'staff/crm/leads',
  '/affiliate': 'staff/affiliate/leads',
}

function request(
  client: ApiClient,
  method: string,
  url: string,
  page: boolean,
  body: unknown = {}
): ApiRequest {
  const req = client.request(url, method as any).redirects(0)
  if (method === 'GET') return page ? req : req.header('Accept', 'application/json')
  return req
    .header('Accept', 'application/json')
    .json(body as object)
    .withCsrfToken()
}

test.group('authorization walk', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('every registered route is classified in the route table', ({ assert }) => {
    const walked = registeredRoutes().filter((key) => !NOT_WALKED.includes(key))
    const unclassified = walked.filter((key) => !(key in EXPECTATIONS))
    assert.deepEqual(
      unclassified,
      [],
      'Add these routes to EXPECTATIONS in tests/functional/security/route_table.ts'
    )
    const stale = Object.keys(EXPECTATIONS).filter((key) => !walked.includes(key))
    assert.deepEqual(stale, [], 'These EXPECTATIONS entries no longer match a route')
  })

  for (const [key, expectation] of Object.entries(EXPECTATIONS)) {
    const [method, pattern] = key.split(' ')

    test(`${key}`, async ({ client, assert }) => {
      const url = await urlFor(
        pattern,
        'params' in expectation && expectation.params ? await expectation.params() : {}
      )
      const bodies: { label: string; body: unknown }[] = [{ label: 'empty body', body: {} }]
      if (method !== 'GET') {
        for (const [i, body] of (await invalidBodies(key)).entries())
          bodies.push({ label: `invalid body ${i + 1}`, body })
      }
      for (const actor of actors) {
        const user = actor.roleId ? await userOfRole(actor.roleId) : null
        const paramsFor = 'paramsFor' in expectation ? expectation.paramsFor : undefined
        const actorUrl = user && paramsFor ? await urlFor(pattern, await paramsFor(user)) : url
        for (const { label, body } of bodies) {
          let req = request(client, method, actorUrl, expectation.page, body)
          if (user) req = req.loginAs(user)
          const withSession = 'session' in expectation ? expectation.session : undefined
          if (user && withSession) req = req.withSession(await withSession(user))
          const response = await req
          const status = response.status()
          const where = `${key} as ${actor.label}, ${label} → ${status} ${(response.text() ?? '').slice(0, 200)}`

          assert.isBelow(status, 500, where)

          if (expectation.access === 'public') {
            assert.notInclude([401, 403], status, where)
          } else if (expectation.access === 'apiKey') {
            // A session, whatever its role, is no API key (tests/functional/affiliates/).
            assert.equal(status, 401, where)
          } else if (expectation.access === 'guest') {
            if (user) {
              assert.equal(status, 302, where)
              assert.equal(response.header('location'), '/dashboard', where)
            } else {
              assert.equal(status, 200, where)
            }
          } else if (!user) {
            if (expectation.page) {
              assert.equal(status, 302, where)
              assert.equal(response.header('location'), '/', where)
            } else {
              assert.equal(status, 401, where)
            }
          } else if (!expectation.access.includes(actor.roleId!)) {
            assert.equal(status, 403, where)
          } else if (label === 'empty body') {
            assert.notInclude([401, 403, 404], status, where)
            if (expectation.page) assert.equal(status, 200, where)
          } else {
            // An invalid body may name nothing (404) or be refused (4xx), but the role is never the reason.
            assert.notInclude([401, 403], status, where)
          }
        }
      }
    })
  }

  test('a page refused for a role renders the forbidden page', async ({ client }) => {
    const customer = await userOfRole(3)
    const response = await client.get('/admin').loginAs(customer).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('errors/forbidden')
  })

  test('a JSON call refused for a role gets the JSON error shape', async ({ client, assert }) => {
    const admin = await userOfRole(1)
    const basic = await PricingPlan.findByOrFail('name', 'Basic')
    const response = await client
      .post(`/dashboard/pricing/subscribe/${basic.id}`)
      .header('Accept', 'application/json')
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(403)
    assert.isString(response.body().message)
    assert.deepEqual(response.body().errors, [])
  })

  for (const roleId of ALL_ROLES) {
    const home = ROLE_HOME[roleId]
    if (!home) continue
    test(`role ${roleId}'s footer button (${home.href}) opens its workspace`, async ({
      client,
    }) => {
      const user = await userOfRole(roleId)
      const response = await client.get(home.href).loginAs(user).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent(BUILT_HOMES[home.href])
    })
  }

  test('customers have no footer role button', ({ assert }) => {
    assert.isUndefined(ROLE_HOME[3])
  })
})
