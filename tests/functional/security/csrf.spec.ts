/*
| Every write the router knows refuses a request without the CSRF token, or
| with a forged one, before any controller runs — signed in or not. Only the
| payment providers' notices are exempt (config/shield.ts): they are verified
| by their signatures instead (tests/functional/payments/); and the lead-intake
| API, which takes no session, only an API key (tests/functional/affiliates/).
*/
import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import { registeredRoutes, urlFor } from './route_table.js'
import { changedTables, fingerprint } from './fingerprint.js'

const EXEMPT = new Set(['POST /payments/:gateway/notify', 'POST /api/v1/leads'])
/** Read when the test runs: the router is committed by then. */
const writes = () => registeredRoutes().filter((key) => !key.startsWith('GET ') && !EXEMPT.has(key))

test.group('Security · CSRF on every write', (group) => {
  isolate(group)

  test('{$self} without a token, or with a forged one, is refused and writes nothing')
    .with(writes)
    .run(async ({ client, assert }, key) => {
      const [method, pattern] = key.split(' ')
      const url = await urlFor(pattern)
      const customer = await demoUser(DEMO.customer)
      const before = await fingerprint()
      for (const token of [null, 'forged-token']) {
        let request = client
          .request(url, method.toLowerCase() as 'post')
          .header('Accept', 'application/json')
          .json({})
          .loginAs(customer)
        if (token) request = request.header('X-XSRF-TOKEN', token)
        const response = await request
        assert.equal(
          response.status(),
          403,
          `${key} with ${token ?? 'no token'}: ${response.text()}`
        )
      }
      assert.deepEqual(changedTables(before, await fingerprint()), [])
    })

  test('the exempt writes are only the payment callbacks and the lead-intake API', ({ assert }) => {
    assert.deepEqual([...EXEMPT], ['POST /payments/:gateway/notify', 'POST /api/v1/leads'])
    for (const key of EXEMPT) assert.include(registeredRoutes(), key)
  })

  test('the lead-intake API with a signed-in session and no key is refused (401) and writes nothing', async ({
    client,
    assert,
  }) => {
    const before = await fingerprint()
    const affiliate = await demoUser(DEMO.affiliate)
    const response = await client
      .post('/api/v1/leads')
      .json({ firstName: 'A', lastName: 'B', email: 'csrf-api@leads.test' })
      .loginAs(affiliate)
    response.assertStatus(401)
    assert.deepEqual(changedTables(before, await fingerprint()), [])
  })
})
