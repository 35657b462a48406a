import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Translation from '#models/translation'
import { MAX_UNTRANSLATED_KEYS } from '#actions/translations/save_missing_translation'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'

test.group('POST /translations/:lng backlog cap', (group) => {
  isolate(group)

  test('stops recording new keys once a language has the maximum untranslated backlog', async ({ client, assert }) => {
    const existing = await Translation.query().where('code', 'es').whereNull('value').count('* as total')
    const missing = MAX_UNTRANSLATED_KEYS - Number(existing[0].$extras.total)
    const now = DateTime.now().toSQL({ includeOffset: false })
    const rows = Array.from({ length: missing }, (_, i) => ({ code: 'es', key: `filler ${i}`, value: null, created_at: now }))
    for (let i = 0; i < rows.length; i += 500) await db.table('translations').multiInsert(rows.slice(i, i + 500))

    const response = await api(client, 'post', '/translations/es', { key: 'One key too many' })
    response.assertStatus(200)
    assert.isNull(await Translation.query().where('code', 'es').where('key', 'One key too many').first())
  })
})
