import { test } from '@japa/runner'
import Language from '#models/language'
import Translation from '#models/translation'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { SPANISH } from '#database/demo/translations'

const admin = () => demoUser(DEMO.admin)
const spanishRows = Object.keys(SPANISH).length
const login = async () =>
  await Translation.query().where('code', 'es').where('key', 'Login').firstOrFail()

test.group('A language’s translations page', (group) => {
  isolate(group)

  test('GET /admin/languages/es renders the table page for the code', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/admin/languages/es')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/languages/translations')
    assert.deepEqual(response.inertiaProps.language, { name: 'Español', code: 'es' })
    assert.isFalse(response.inertiaProps.isEnglish)
    const english = await client
      .get('/admin/languages/en')
      .loginAs(await admin())
      .withInertia()
    english.assertStatus(200)
    assert.isTrue(english.inertiaProps.isEnglish)
  })

  test('an unknown or malformed code is a 404 on the page and on the API', async ({ client }) => {
    for (const code of ['xx', 'de', 'ES', 'e', 'toolongcode', 'es%20', 'es-']) {
      const page = await client
        .get(`/admin/languages/${code}`)
        .loginAs(await admin())
        .withInertia()
      page.assertStatus(404)
      const list = await api(client, 'get', `/admin/languages/api/${code}`).loginAs(await admin())
      list.assertStatus(404)
    }
  })

  test('only admins open the page and the API', async ({ client }) => {
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      ;(await client.get('/admin/languages/es').loginAs(user).withInertia()).assertStatus(403)
      ;(await api(client, 'get', '/admin/languages/api/es').loginAs(user)).assertStatus(403)
    }
    ;(await api(client, 'get', '/admin/languages/api/es')).assertStatus(401)
  })
})

test.group('GET /admin/languages/api/:code', (group) => {
  isolate(group)

  test('pages the rows (ID, KEY, VALUE), 15 by default, newest first', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'get', '/admin/languages/api/es').loginAs(await admin())
    response.assertStatus(200)
    assert.deepEqual(response.body().meta, {
      total: spanishRows,
      perPage: 15,
      currentPage: 1,
      lastPage: Math.ceil(spanishRows / 15),
    })
    const ids = response.body().data.map((r: any) => r.id)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a)
    )
    const last = await Translation.query().where('code', 'es').orderBy('id', 'desc').firstOrFail()
    assert.deepEqual(response.body().data[0], {
      id: last.id,
      code: 'es',
      key: last.key,
      value: last.value,
      untranslated: false,
    })
    const page2 = await api(client, 'get', '/admin/languages/api/es?page=2&limit=50').loginAs(
      await admin()
    )
    assert.lengthOf(page2.body().data, 50)
    assert.equal(page2.body().meta.currentPage, 2)
  })

  test('reported keys without a text come first, marked, and the status filter shows only them', async ({
    client,
    assert,
  }) => {
    const reported = await Translation.create({ code: 'es', key: 'A reported key', value: null })
    const blank = await Translation.create({ code: 'es', key: 'A blank key', value: '  ' })
    // Newer rows than the reported ones, translated: still after them.
    await Translation.create({ code: 'es', key: 'Newest translated', value: 'Lo más nuevo' })

    const response = await api(client, 'get', '/admin/languages/api/es').loginAs(await admin())
    const top = response.body().data.slice(0, 3)
    assert.deepEqual(
      top.map((r: any) => [r.key, r.value, r.untranslated]),
      [
        ['A blank key', '  ', true],
        ['A reported key', '', true],
        ['Newest translated', 'Lo más nuevo', false],
      ]
    )

    const only = await api(client, 'get', '/admin/languages/api/es?status=untranslated').loginAs(
      await admin()
    )
    assert.deepEqual(
      only.body().data.map((r: any) => r.id),
      [blank.id, reported.id]
    )
    assert.equal(only.body().meta.total, 2)
    const translated = await api(
      client,
      'get',
      '/admin/languages/api/es?status=translated'
    ).loginAs(await admin())
    assert.equal(translated.body().meta.total, spanishRows + 1)
  })

  test('searches key and value case-insensitively, wildcards literal; sorts by key on request', async ({
    client,
    assert,
  }) => {
    await Translation.createMany([
      { code: 'es', key: 'Zebra crossing', value: 'Paso de cebra' },
      { code: 'es', key: 'Another thing', value: '100% CEBRA' },
      { code: 'es', key: 'Unrelated_one', value: 'nada' },
    ])
    const byKeyOrValue = await api(client, 'get', '/admin/languages/api/es?search=cebra').loginAs(
      await admin()
    )
    assert.sameMembers(
      byKeyOrValue.body().data.map((r: any) => r.key),
      ['Zebra crossing', 'Another thing']
    )
    const literal = await api(client, 'get', '/admin/languages/api/es?search=0%25 c').loginAs(
      await admin()
    )
    assert.deepEqual(
      literal.body().data.map((r: any) => r.key),
      ['Another thing']
    )
    const underscore = await api(client, 'get', '/admin/languages/api/es?search=d_o').loginAs(
      await admin()
    )
    assert.deepEqual(
      underscore.body().data.map((r: any) => r.key),
      ['Unrelated_one']
    )
    const sorted = await api(
      client,
      'get',
      '/admin/languages/api/es?search=cebra&sort=key&order=asc'
    ).loginAs(await admin())
    assert.deepEqual(
      sorted.body().data.map((r: any) => r.key),
      ['Another thing', 'Zebra crossing']
    )
  })

  test('bad query values are 422 under their field', async ({ client, assert }) => {
    const cases: [string, string, string][] = [
      ['status=missing', 'status', 'Status must be untranslated or translated'],
      ['limit=20', 'limit', 'Page size must be one of 15, 25, 50'],
      ['page=0', 'page', 'Page must be a whole number of at least 1'],
      ['sort=value', 'sort', 'This list cannot be sorted by that column'],
      ['order=up', 'order', 'Sort order must be asc or desc'],
      [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters'],
    ]
    for (const [query, field, message] of cases) {
      const response = await api(client, 'get', `/admin/languages/api/es?${query}`).loginAs(
        await admin()
      )
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, query)
    }
  })
})

test.group('POST/PUT/DELETE /admin/languages/translations', (group) => {
  isolate(group)

  test('adds a translation: 201, the spec’s toast, the row, an audit row', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/languages/translations', {
      code: ' ES ',
      key: ' Brand new text ',
      value: ' Texto nuevo ',
    }).loginAs(await admin())
    response.assertStatus(201)
    assert.equal(response.body().message, 'Translation added successfully')
    const row = await Translation.query()
      .where('code', 'es')
      .where('key', 'Brand new text')
      .firstOrFail()
    assert.equal(row.value, 'Texto nuevo')
    assert.deepEqual(response.body().translation, {
      id: row.id,
      code: 'es',
      key: 'Brand new text',
      value: 'Texto nuevo',
      untranslated: false,
    })
    const audit = await onlyAuditRow('translation.create', row.id)
    assert.deepEqual(audit.changes.value, { before: null, after: 'Texto nuevo' })
    assert.equal(audit.target_type, 'translation')
  })

  test('edits a translation and fills a reported key: the spec’s toast, audited before → after', async ({
    client,
    assert,
  }) => {
    const row = await login()
    const response = await api(client, 'put', `/admin/languages/translations/${row.id}`, {
      code: 'es',
      key: 'Login',
      value: 'Entrar',
    }).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Translation updated successfully')
    await row.refresh()
    assert.equal(row.value, 'Entrar')
    const audit = await onlyAuditRow('translation.update', row.id)
    assert.deepEqual(audit.changes, { value: { before: 'Iniciar sesión', after: 'Entrar' } })

    const reported = await Translation.create({ code: 'es', key: 'A reported key', value: null })
    const filled = await api(client, 'put', `/admin/languages/translations/${reported.id}`, {
      code: 'es',
      key: 'A reported key',
      value: 'Una clave informada',
    }).loginAs(await admin())
    filled.assertStatus(200)
    assert.isFalse(filled.body().translation.untranslated)
  })

  test('deletes a translation: the spec’s toast, audited with what it said', async ({
    client,
    assert,
  }) => {
    const row = await login()
    const response = await api(client, 'delete', `/admin/languages/translations/${row.id}`).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Translation deleted successfully')
    assert.isNull(await Translation.find(row.id))
    const audit = await onlyAuditRow('translation.delete', row.id)
    assert.deepEqual(audit.changes.key, { before: 'Login', after: null })
  })

  test('code, key and value are required: 422 under the field, nothing written', async ({
    client,
    assert,
  }) => {
    const row = await login()
    const before = await auditCount()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ key: 'k', value: 'v' }, 'code', 'Code is required'],
      [{ code: '', key: 'k', value: 'v' }, 'code', 'Code is required'],
      [{ code: 'es', value: 'v' }, 'key', 'Key is required'],
      [{ code: 'es', key: '', value: 'v' }, 'key', 'Key is required'],
      [{ code: 'es', key: '   ', value: 'v' }, 'key', 'Key is required'],
      [{ code: 'es', key: 'k' }, 'value', 'Value is required'],
      [{ code: 'es', key: 'k', value: ' ' }, 'value', 'Value is required'],
      [{ code: 'es', key: 'k', value: null }, 'value', 'Value is required'],
      [
        { code: 'es', key: 'x'.repeat(501), value: 'v' },
        'key',
        'Key must be at most 500 characters',
      ],
      [
        { code: 'es', key: 'k', value: 'x'.repeat(5001) },
        'value',
        'Value must be at most 5000 characters',
      ],
    ]
    for (const [body, field, message] of cases) {
      for (const [method, url] of [
        ['post', '/admin/languages/translations'],
        ['put', `/admin/languages/translations/${row.id}`],
      ] as const) {
        const response = await api(client, method, url, body).loginAs(await admin())
        response.assertStatus(422)
        assert.equal(
          fieldErrors(response.body())[field],
          message,
          `${method} ${JSON.stringify(body)}`
        )
      }
    }
    assert.equal((await login()).value, 'Iniciar sesión')
    assert.equal(await auditCount(), before)
  })

  test('an unknown language code in the body is 422 under code; English is refused too', async ({
    client,
    assert,
  }) => {
    const row = await login()
    for (const [code, message] of [
      ['xx', 'No such language'],
      ['toolongcode-x', 'No such language'],
      ['en', 'English texts need no translation'],
    ]) {
      for (const [method, url] of [
        ['post', '/admin/languages/translations'],
        ['put', `/admin/languages/translations/${row.id}`],
      ] as const) {
        const response = await api(client, method, url, {
          code,
          key: 'Some text',
          value: 'Algún texto',
        }).loginAs(await admin())
        response.assertStatus(422)
        assert.equal(fieldErrors(response.body()).code, message, `${method} ${code}`)
      }
    }
    assert.isNull(await Translation.query().where('key', 'Some text').first())
  })

  test('a key a language already has is 422 under key, for add and for edit', async ({
    client,
    assert,
  }) => {
    const added = await api(client, 'post', '/admin/languages/translations', {
      code: 'es',
      key: 'Login',
      value: 'Otra vez',
    }).loginAs(await admin())
    added.assertStatus(422)
    assert.equal(
      fieldErrors(added.body()).key,
      'This key already has a translation in this language'
    )
    const other = await Translation.query().where('code', 'es').where('key', 'Logout').first()
    const target =
      other ?? (await Translation.create({ code: 'es', key: 'Logout', value: 'Salir' }))
    const edited = await api(client, 'put', `/admin/languages/translations/${target.id}`, {
      code: 'es',
      key: 'Login',
      value: 'Salir',
    }).loginAs(await admin())
    edited.assertStatus(422)
    assert.equal(
      fieldErrors(edited.body()).key,
      'This key already has a translation in this language'
    )
    // The same key in another language is fine; keeping its own key is fine.
    await Language.create({ name: 'Deutsch', code: 'de' })
    ;(
      await api(client, 'post', '/admin/languages/translations', {
        code: 'de',
        key: 'Login',
        value: 'Anmelden',
      }).loginAs(await admin())
    ).assertStatus(201)
    const row = await login()
    ;(
      await api(client, 'put', `/admin/languages/translations/${row.id}`, {
        code: 'es',
        key: 'Login',
        value: 'Acceder',
      }).loginAs(await admin())
    ).assertStatus(200)
  })

  test('a value keeps its key’s placeholders', async ({ client, assert }) => {
    const cases: [string, string, string][] = [
      ['Total: {n}', 'Total', 'The value must keep the placeholders of the key: {n}'],
      ['Total: {n}', 'Total: {m}', 'The value must keep the placeholders of the key: {n}'],
      ['Hello', 'Hola {name}', 'The value may not hold placeholders in braces: its key has none'],
    ]
    for (const [key, value, message] of cases) {
      const response = await api(client, 'post', '/admin/languages/translations', {
        code: 'es',
        key,
        value,
      }).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).value, message)
    }
    ;(
      await api(client, 'post', '/admin/languages/translations', {
        code: 'es',
        key: 'Pay {amount} to {name}',
        value: 'Paga a {name} {amount}',
      }).loginAs(await admin())
    ).assertStatus(201)
  })

  test('an unknown or malformed row id is a 404 for edit and delete', async ({ client }) => {
    for (const id of ['999999', '2147483647']) {
      ;(
        await api(client, 'put', `/admin/languages/translations/${id}`, {
          code: 'es',
          key: 'k',
          value: 'v',
        }).loginAs(await admin())
      ).assertStatus(404)
      ;(
        await api(client, 'delete', `/admin/languages/translations/${id}`).loginAs(await admin())
      ).assertStatus(404)
    }
    for (const id of ['0', '-1', '0x10', '1e3', 'abc', '99999999999']) {
      ;(
        await api(client, 'delete', `/admin/languages/translations/${id}`).loginAs(await admin())
      ).assertStatus(404)
    }
  })

  test('only admins may write', async ({ client, assert }) => {
    const row = await login()
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      ;(
        await api(client, 'post', '/admin/languages/translations', {
          code: 'es',
          key: 'New',
          value: 'Nuevo',
        }).loginAs(user)
      ).assertStatus(403)
      ;(
        await api(client, 'put', `/admin/languages/translations/${row.id}`, {
          code: 'es',
          key: 'Login',
          value: 'Hack',
        }).loginAs(user)
      ).assertStatus(403)
      ;(
        await api(client, 'delete', `/admin/languages/translations/${row.id}`).loginAs(user)
      ).assertStatus(403)
    }
    ;(await api(client, 'delete', `/admin/languages/translations/${row.id}`)).assertStatus(401)
    assert.equal((await login()).value, 'Iniciar sesión')
  })
})
