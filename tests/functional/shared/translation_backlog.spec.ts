import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Translation from '#models/translation'
import { MAX_KEYS_PER_LANGUAGE } from '#actions/translations/save_missing_translation'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'

test.group('POST /translations/:lng row cap', (group) => {
  isolate(group)

  test('refuses a new key once a language holds the maximum number of rows', async ({
    client,
    assert,
  }) => {
    const existing = await Translation.query().where('code', 'es').count('* as total')
    const missing = MAX_KEYS_PER_LANGUAGE - Number(existing[0].$extras.total)
    const now = DateTime.now().toSQL({ includeOffset: false })
    const rows = Array.from({ length: missing }, (_, i) => ({
      code: 'es',
      key: `filler ${i}`,
      value: null,
      created_at: now,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await db.table('translations').multiInsert(rows.slice(i, i + 500))

    const response = await api(client, 'post', '/translations/es', { key: 'One key too many' })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).key, 'This language has too many keys already')
    assert.isNull(
      await Translation.query().where('code', 'es').where('key', 'One key too many').first()
    )
    // A key already stored is still acknowledged (the browser reports each missing key once per tab).
    ;(await api(client, 'post', '/translations/es', { key: 'filler 0' })).assertStatus(200)
  })
})
