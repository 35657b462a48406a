import { test } from '@japa/runner'
import Translation from '#models/translation'
import { SPANISH } from '#database/demo/translations'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, demoUser } from '#tests/helpers/users'

test.group('GET /translations/:lng', (group) => {
  isolate(group)

  test('returns the Spanish map', async ({ client, assert }) => {
    const response = await api(client, 'get', '/translations/es')
    response.assertStatus(200)
    assert.deepEqual(response.body(), SPANISH)
    assert.equal(response.body()['Login'], 'Iniciar sesión')
  })

  test('keys without a translation yet are left out', async ({ client, assert }) => {
    await Translation.create({ code: 'es', key: 'Untranslated text', value: null })
    const response = await api(client, 'get', '/translations/es')
    assert.notProperty(response.body(), 'Untranslated text')
  })

  test('English is offered and returns its (possibly empty) map', async ({ client }) => {
    const response = await api(client, 'get', '/translations/en')
    response.assertStatus(200)
  })

  test('an unknown language is a 404', async ({ client }) => {
    const response = await api(client, 'get', '/translations/xx')
    response.assertStatus(404)
    response.assertBodyContains({ message: 'Not found' })
  })

  test('is public and reachable signed in', async ({ client }) => {
    const customer = await demoUser(DEMO.customer)
    ;(await api(client, 'get', '/translations/es').loginAs(customer)).assertStatus(200)
  })
})

test.group('POST /translations/:lng', (group) => {
  isolate(group)

  test('stores a missing key with an empty value for staff to fill', async ({ client, assert }) => {
    const response = await api(client, 'post', '/translations/es', { key: 'Some new text' })
    response.assertStatus(200)
    const row = await Translation.query()
      .where('code', 'es')
      .where('key', 'Some new text')
      .firstOrFail()
    assert.isNull(row.value)
    // Not served until translated.
    assert.notProperty((await api(client, 'get', '/translations/es')).body(), 'Some new text')
  })

  test('English is refused: its texts need no rows (issue 9, item 5)', async ({
    client,
    assert,
  }) => {
    const before = await Translation.query().where('code', 'en').count('* as total')
    const response = await api(client, 'post', '/translations/en', { key: 'Some new text' })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).key, 'English texts need no translation')
    const after = await Translation.query().where('code', 'en').count('* as total')
    assert.equal(Number(after[0].$extras.total), Number(before[0].$extras.total))
  })

  test('saving a key twice keeps one row and an existing translation', async ({
    client,
    assert,
  }) => {
    ;(await api(client, 'post', '/translations/es', { key: 'Login' })).assertStatus(200)
    ;(await api(client, 'post', '/translations/es', { key: 'Login' })).assertStatus(200)
    const rows = await Translation.query().where('code', 'es').where('key', 'Login')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].value, 'Iniciar sesión')
  })

  test('an unknown language is a 404 and stores nothing', async ({ client, assert }) => {
    const response = await api(client, 'post', '/translations/xx', { key: 'Some new text' })
    response.assertStatus(404)
    assert.isNull(await Translation.query().where('code', 'xx').first())
  })

  test('an empty or missing key answers 422', async ({ client, assert }) => {
    for (const body of [{}, { key: '' }, { key: '   ' }]) {
      const response = await api(client, 'post', '/translations/es', body)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).key, 'Key is required', JSON.stringify(body))
    }
  })

  test('a key longer than 500 characters answers 422', async ({ client, assert }) => {
    const response = await api(client, 'post', '/translations/es', { key: 'x'.repeat(501) })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).key, 'Key must be at most 500 characters')
  })

  test('needs a CSRF token like every write', async ({ client }) => {
    const response = await client
      .post('/translations/es')
      .json({ key: 'Some new text' })
      .header('Accept', 'application/json')
    response.assertStatus(403)
  })
})
