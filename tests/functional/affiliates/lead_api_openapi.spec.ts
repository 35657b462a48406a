import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import { readFile } from 'node:fs/promises'
import { isolate } from '#tests/helpers/isolation'
import { fieldErrors } from '#tests/helpers/http'
import { userOfRole } from '#tests/helpers/users'
import { keyOf, postLead } from '#tests/helpers/affiliates'
import { INTAKE_FIELDS, INTAKE_REQUIRED } from '#domain/lead_api'
import { LEAD_API_DOCUMENT_PATH } from '#controllers/api/lead_api_docs_controller'

const documentOf = async () =>
  JSON.parse(await readFile(app.makePath(LEAD_API_DOCUMENT_PATH), 'utf8')) as any

/** The API's real routes: every route under /api/v1/ but the document itself, as "METHOD /path/{param}". */
function apiRoutes() {
  const all = Object.values(router.toJSON()).flat()
  return all
    .filter((route) => route.pattern.startsWith('/api/v1/') && route.name !== 'api.v1.openapi')
    .flatMap((route) =>
      route.methods
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${route.pattern.replace(/:([A-Za-z]+)/g, '{$1}')}`)
    )
    .sort()
}

test.group('Lead intake API: the OpenAPI document', (group) => {
  isolate(group)

  test('documents exactly the real routes and methods', async ({ assert }) => {
    const doc = await documentOf()
    const documented = Object.entries(doc.paths as Record<string, object>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort()
    assert.deepEqual(documented, apiRoutes())
    assert.equal(doc.openapi, '3.0.3')
  })

  test("its Lead schema's fields and required fields are the validator's", async ({
    client,
    assert,
  }) => {
    const schema = (await documentOf()).components.schemas.Lead
    assert.sameMembers(Object.keys(schema.properties), [...INTAKE_FIELDS])
    assert.sameMembers(schema.required, [...INTAKE_REQUIRED])
    const key = await keyOf(client, await userOfRole(4))
    // An empty lead: the validator names exactly the required fields.
    const empty = await postLead(client, key, {})
    empty.assertStatus(422)
    assert.sameMembers(Object.keys(fieldErrors(empty.body())), schema.required)
    // Every documented field is read by the validator: a value past its maxLength is refused under it.
    for (const [field, rules] of Object.entries(schema.properties as Record<string, any>)) {
      const body: Record<string, unknown> = { firstName: 'A', lastName: 'B', email: 'a@b.test' }
      body[field] = 'x'.repeat(rules.maxLength + 1)
      const response = await postLead(client, key, body)
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), field)
    }
  })

  test('GET /api/v1/openapi.json downloads it, to anyone (it holds no secret)', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v1/openapi.json')
    response.assertStatus(200)
    assert.match(response.header('content-disposition') ?? '', /attachment/)
    assert.deepEqual(JSON.parse(response.text()), await documentOf())
  })
})
