import { test } from '@japa/runner'
import Language from '#models/language'
import Translation from '#models/translation'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import { auditCount, auditRows } from '#tests/helpers/audit'
import { SPANISH } from '#database/demo/translations'
import { MAX_LANGUAGES } from '#domain/languages'

const admin = () => demoUser(DEMO.admin)
const SEEDED = [
  { name: 'English', code: 'en' },
  { name: 'Español', code: 'es' },
]
const spanishRows = Object.keys(SPANISH).length

async function languages() {
  return (await Language.query().orderBy('id', 'asc')).map((l) => ({ name: l.name, code: l.code }))
}

const rowsOf = async (code: string) =>
  Number((await Translation.query().where('code', code).count('* as n'))[0].$extras.n)

test.group('Languages page', (group) => {
  isolate(group)

  test('GET /admin/languages renders the list with each language’s row counts', async ({
    client,
    assert,
  }) => {
    await Translation.create({ code: 'es', key: 'A reported key', value: null })
    const response = await client
      .get('/admin/languages')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/languages/index')
    assert.deepEqual(response.inertiaProps.languages, [
      { name: 'English', code: 'en', translations: 0, untranslated: 0 },
      { name: 'Español', code: 'es', translations: spanishRows + 1, untranslated: 1 },
    ])
    assert.notProperty(response.inertiaProps, 'menu')
  })

  test('only admins open it: a manager gets 403, a visitor is sent to sign in', async ({
    client,
  }) => {
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const response = await client
        .get('/admin/languages')
        .loginAs(await userOfRole(roleId))
        .withInertia()
      response.assertStatus(403)
    }
    const visitor = await client.get('/admin/languages').redirects(0)
    visitor.assertStatus(302)
  })
})

test.group('POST /admin/languages (the list as a whole)', (group) => {
  isolate(group)

  test('adds a language, renames one, answers the list and the spec’s toast; audited', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/languages', {
      lotSelector: [
        { name: 'English', code: 'en' },
        { name: 'Spanish', code: 'es' },
        { name: ' Deutsch ', code: ' DE ' },
        { name: 'Português (Brasil)', code: 'pt-BR' },
      ],
    }).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(response.body().message, 'Languages updated successfully')
    assert.deepEqual(await languages(), [
      { name: 'English', code: 'en' },
      { name: 'Spanish', code: 'es' },
      { name: 'Deutsch', code: 'de' },
      { name: 'Português (Brasil)', code: 'pt-br' },
    ])
    assert.deepEqual(
      response.body().languages.map((l: any) => [l.code, l.translations]),
      [
        ['en', 0],
        ['es', spanishRows],
        ['de', 0],
        ['pt-br', 0],
      ]
    )
    // Renaming keeps the language's translations.
    assert.equal(await rowsOf('es'), spanishRows)
    // The pickers (branding.appLangs) see the new list at once.
    assert.deepEqual(
      (await settings.languages()).map((l) => l.code),
      ['en', 'es', 'de', 'pt-br']
    )
    const audit = await auditRow()
    assert.deepEqual(audit.changes.languages, {
      before: 'English (en), Español (es)',
      after: 'English (en), Spanish (es), Deutsch (de), Português (Brasil) (pt-br)',
    })
  })

  test('saving the same list changes nothing and writes no audit row', async ({
    client,
    assert,
  }) => {
    const before = await auditCount()
    const response = await api(client, 'post', '/admin/languages', {
      lotSelector: SEEDED,
    }).loginAs(await admin())
    response.assertStatus(200)
    assert.equal(await auditCount(), before)
  })

  test('English cannot be removed: 422, nothing written', async ({ client, assert }) => {
    const before = await auditCount()
    for (const lotSelector of [
      [{ name: 'Español', code: 'es' }],
      [],
      [
        { name: 'English', code: 'eng' },
        { name: 'Español', code: 'es' },
      ],
    ]) {
      const response = await api(client, 'post', '/admin/languages', { lotSelector }).loginAs(
        await admin()
      )
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).lotSelector, 'English (en) cannot be removed')
    }
    assert.deepEqual(await languages(), SEEDED)
    assert.equal(await rowsOf('es'), spanishRows)
    assert.equal(await auditCount(), before)
  })

  test('removing a language with translations needs a confirmation; confirmed, its rows go', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/admin/languages', {
      lotSelector: [{ name: 'English', code: 'en' }],
    }).loginAs(await admin())
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      `Removing Español (es) will delete ${spanishRows} translations`
    )
    assert.deepEqual(await languages(), SEEDED)
    assert.equal(await rowsOf('es'), spanishRows)

    const notConfirmed = await api(client, 'post', '/admin/languages', {
      lotSelector: [{ name: 'English', code: 'en' }],
      confirm: false,
    }).loginAs(await admin())
    notConfirmed.assertStatus(409)

    const confirmed = await api(client, 'post', '/admin/languages', {
      lotSelector: [{ name: 'English', code: 'en' }],
      confirm: true,
    }).loginAs(await admin())
    confirmed.assertStatus(200)
    assert.deepEqual(await languages(), [{ name: 'English', code: 'en' }])
    assert.equal(await rowsOf('es'), 0)
    const audit = await auditRow()
    assert.deepEqual(audit.changes.translationsDeleted, { before: 0, after: spanishRows })
    // The dictionary of a removed language is gone for every page.
    ;(await api(client, 'get', '/translations/es')).assertStatus(404)
  })

  test('one row makes the message singular; a language without rows goes without asking', async ({
    client,
    assert,
  }) => {
    await Language.createMany([
      { name: 'Deutsch', code: 'de' },
      { name: 'Français', code: 'fr' },
    ])
    await Translation.create({ code: 'de', key: 'Login', value: 'Anmelden' })
    const asked = await api(client, 'post', '/admin/languages', {
      lotSelector: SEEDED,
    }).loginAs(await admin())
    asked.assertStatus(409)
    assert.equal(
      asked.body().message,
      'Removing Deutsch (de), Français (fr) will delete 1 translation'
    )

    const withoutRows = await api(client, 'post', '/admin/languages', {
      lotSelector: [...SEEDED, { name: 'Deutsch', code: 'de' }],
    }).loginAs(await admin())
    withoutRows.assertStatus(200)
    assert.deepEqual(
      (await languages()).map((l) => l.code),
      ['en', 'es', 'de']
    )
  })

  test('a duplicate code (in any case) is refused under its entry', async ({ client, assert }) => {
    const response = await api(client, 'post', '/admin/languages', {
      lotSelector: [...SEEDED, { name: 'Spanish again', code: 'ES' }],
    }).loginAs(await admin())
    response.assertStatus(422)
    assert.equal(
      fieldErrors(response.body())['lotSelector.2.code'],
      'Each language code may appear only once'
    )
    assert.deepEqual(await languages(), SEEDED)
  })

  test('bad entries: names and codes required, codes must be language codes', async ({
    client,
    assert,
  }) => {
    const cases: [unknown, string, string][] = [
      [{ name: '', code: 'de' }, 'lotSelector.2.name', 'Name is required'],
      [{ name: '   ', code: 'de' }, 'lotSelector.2.name', 'Name is required'],
      [{ code: 'de' }, 'lotSelector.2.name', 'Name is required'],
      [
        { name: 'x'.repeat(65), code: 'de' },
        'lotSelector.2.name',
        'Name must be at most 64 characters',
      ],
      [{ name: 'Deutsch', code: '' }, 'lotSelector.2.code', 'Code is required'],
      [{ name: 'Deutsch' }, 'lotSelector.2.code', 'Code is required'],
      ...['d', 'deutsch', 'de_DE', 'de-', '12', 'de-de-de', 'de de', '../x', 'de-x'].map(
        (code) =>
          [
            { name: 'Deutsch', code },
            'lotSelector.2.code',
            'Code must be a language code such as es or pt-br',
          ] as [unknown, string, string]
      ),
      [{ name: 'Deutsch', code: 7 }, 'lotSelector.2.code', 'Code is required'],
      ['de', 'lotSelector.2', 'Each language needs a name and a code'],
    ]
    for (const [entry, field, message] of cases) {
      const response = await api(client, 'post', '/admin/languages', {
        lotSelector: [...SEEDED, entry],
      }).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(entry))
    }
    for (const body of [{}, { lotSelector: 'en' }, { lotSelector: null }]) {
      const response = await api(client, 'post', '/admin/languages', body).loginAs(await admin())
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).lotSelector, 'The language list is required')
    }
    const tooMany = Array.from({ length: MAX_LANGUAGES + 1 }, (_, i) => ({
      name: `L${i}`,
      code: `l${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    }))
    const response = await api(client, 'post', '/admin/languages', {
      lotSelector: tooMany,
    }).loginAs(await admin())
    response.assertStatus(422)
    assert.equal(
      fieldErrors(response.body()).lotSelector,
      `The list holds at most ${MAX_LANGUAGES} languages`
    )
    const badConfirm = await api(client, 'post', '/admin/languages', {
      lotSelector: SEEDED,
      confirm: 'perhaps',
    }).loginAs(await admin())
    badConfirm.assertStatus(422)
    assert.equal(fieldErrors(badConfirm.body()).confirm, 'Confirm must be true or false')
    assert.deepEqual(await languages(), SEEDED)
  })

  test('only admins may save it', async ({ client, assert }) => {
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const response = await api(client, 'post', '/admin/languages', {
        lotSelector: [{ name: 'English', code: 'en' }],
        confirm: true,
      }).loginAs(await userOfRole(roleId))
      response.assertStatus(403)
    }
    ;(await api(client, 'post', '/admin/languages', { lotSelector: SEEDED })).assertStatus(401)
    assert.deepEqual(await languages(), SEEDED)
  })
})

/** The newest audit row of the languages list, its changes parsed. */
async function auditRow() {
  const [row] = await auditRows({ action: 'language.update' }, 1)
  return { ...row, changes: JSON.parse(row.changes) }
}
