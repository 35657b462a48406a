import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import Lead from '#models/lead'
import type User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

function upload(client: ApiClient, user: User, text: string) {
  return client
    .post('/admin/leads/csv')
    .header('Accept', 'application/json')
    .file('file', Buffer.from(text, 'utf8'), { filename: 'leads.csv', contentType: 'text/csv' })
    .withCsrfToken()
    .loginAs(user)
}

/**
 * Optional CSV columns are optional (issue 21 item 8): a file without
 * leadSourceId and leadStatus — or with only a phone column — imports, the
 * leads taking the default status; one naming neither email nor phone is
 * refused with the rule the upload modal states.
 */
test.group('Leads: CSV upload with only some columns', (group) => {
  isolate(group)

  test('a file without leadSourceId and leadStatus imports with the default status', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await upload(
      client,
      admin,
      'firstName,lastName,email\r\nOlga,Optional,olga@optional-columns.test\r\n'
    )
    response.assertStatus(200)
    assert.deepInclude(response.body(), { rows: 1, created: 1, invalid: 0 })
    const olga = await Lead.query()
      .where('email', 'olga@optional-columns.test')
      .preload('salesStatus')
      .firstOrFail()
    assert.equal(olga.firstName, 'Olga')
    assert.isNull(olga.leadSourceId)
    assert.equal(olga.salesStatus.status, 'New')
  })

  test('a phone-only file imports; a file with neither email nor phone is a 422 under file', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const phones = await upload(client, admin, 'phone,city\r\n+44 20 7946 0000,London\r\n')
    phones.assertStatus(200)
    assert.deepInclude(phones.body(), { created: 1 })
    assert.isNotNull(await Lead.findBy('phone', '+44 20 7946 0000'))

    const neither = await upload(client, admin, 'firstName,city\r\nNo,Where\r\n')
    neither.assertStatus(422)
    assert.equal(fieldErrors(neither.body()).file, 'The file needs an email or a phone column')
  })
})
