/*
| Issue 21 item 7: a body nested 5,000 levels deep answered 400 "Maximum call
| stack size exceeded" (the JSON parser's reviver recursing). Bodies deeper
| than MAX_INPUT_DEPTH are refused with a plain message, and no internal error
| text reaches a client, JSON or HTML.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { isolate } from '#tests/helpers/isolation'
import { DEMO, demoUser } from '#tests/helpers/users'
import { intakeBody, keyOf } from '#tests/helpers/affiliates'
import { MAX_INPUT_DEPTH, TOO_DEEP } from '#middleware/text_input_guard_middleware'
import Profile from '#models/profile'

const deepJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
const deepForm = (levels: number) => 'fullName=x&city' + '[a]'.repeat(levels) + '=1'

async function put(client: ApiClient, body: string, type: string, accept = 'application/json') {
  const customer = await demoUser(DEMO.customer)
  let request = client.put('/profile/me').header('Accept', accept).withCsrfToken().loginAs(customer)
  request = type.includes('urlencoded') ? request.unsafeForm(body) : request.unsafeJson(body)
  return request.type(type)
}

const INTERNAL = /call stack|RangeError|SyntaxError|Unexpected token|at position|node_modules/i

test.group('Deeply nested bodies', (group) => {
  isolate(group)

  test('a JSON body 5,000 levels deep, whole or in a field: 400 with a plain message, nothing written', async ({
    client,
    assert,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const before = await Profile.findByOrFail('user_id', customer.id)
    for (const body of [deepJson(5000), `{"fullName":"Carla","city":${deepJson(5000)}}`]) {
      const response = await put(client, body, 'application/json')
      response.assertStatus(400)
      assert.equal(response.body().message, TOO_DEEP)
      assert.notMatch(response.text(), INTERNAL)
    }
    const after = await Profile.findByOrFail('user_id', customer.id)
    assert.equal(after.city, before.city)
  })

  test(`past ${MAX_INPUT_DEPTH} levels is refused before any validator; a shallow body is validated as usual`, async ({
    client,
    assert,
  }) => {
    const deep = await put(
      client,
      `{"fullName":"Carla","city":${deepJson(MAX_INPUT_DEPTH + 1)}}`,
      'application/json'
    )
    deep.assertStatus(400)
    assert.equal(deep.body().message, TOO_DEEP)
    const shallow = await put(
      client,
      `{"fullName":"Carla","city":${deepJson(3)}}`,
      'application/json'
    )
    shallow.assertStatus(422)
    assert.equal(shallow.body().errors[0].field, 'city')
  })

  test('a form body 5,000 levels deep is never a 5xx and leaks nothing', async ({
    client,
    assert,
  }) => {
    const response = await put(client, deepForm(5000), 'application/x-www-form-urlencoded')
    assert.isBelow(response.status(), 500)
    assert.notEqual(response.status(), 200)
    assert.notMatch(response.text(), INTERNAL)
  })

  test('the HTML answer carries the plain message (the development page shows our source, production only the message)', async ({
    client,
    assert,
  }) => {
    const response = await put(client, deepJson(5000), 'application/json', 'text/html')
    response.assertStatus(400)
    assert.include(response.text(), TOO_DEEP)
    assert.notInclude(response.text(), 'Maximum call stack size exceeded')
  })

  test('the lead-intake API: 400 with a plain message, no lead', async ({ client, assert }) => {
    const key = await keyOf(client, await demoUser(DEMO.affiliate))
    const body = JSON.stringify(intakeBody()).replace(/}$/, `,"city":${deepJson(5000)}}`)
    const response = await client
      .post('/api/v1/leads')
      .header('Authorization', `Bearer ${key}`)
      .unsafeJson(body)
      .type('application/json')
    response.assertStatus(400)
    assert.notMatch(response.text(), INTERNAL)
  })

  test('bad JSON answers a plain message, not the parser’s', async ({ client, assert }) => {
    const response = await put(client, '{"fullName": "A",', 'application/json')
    response.assertStatus(400)
    assert.notMatch(response.text(), INTERNAL)
  })
})
