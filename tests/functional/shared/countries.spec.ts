import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'

test.group('GET /countries', (group) => {
  isolate(group)

  test('returns the common country names, sorted, in the countries-service shape', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'get', '/countries')
    response.assertStatus(200)
    const list = response.body() as { name: { common: string } }[]
    assert.isAbove(list.length, 190)
    for (const entry of list) {
      assert.sameMembers(Object.keys(entry), ['name'])
      assert.sameMembers(Object.keys(entry.name), ['common'])
    }
    const names = list.map((c) => c.name.common)
    assert.includeMembers(names, ['Germany', 'Spain', 'United States', 'Japan'])
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'en'))
    )
    assert.equal(new Set(names).size, names.length)
  })

  test('is cacheable by the browser', async ({ client, assert }) => {
    const response = await api(client, 'get', '/countries')
    assert.include(response.header('cache-control'), 'max-age')
  })
})
