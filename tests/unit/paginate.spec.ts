import { test } from '@japa/runner'
import { likePattern } from '#queries/paginate'

test.group('list search', () => {
  test('a search text becomes a LIKE pattern with its wildcards escaped', ({ assert }) => {
    assert.equal(likePattern('ada'), '%ada%')
    assert.equal(likePattern('50%_a\\b'), '%50\\%\\_a\\\\b%')
  })
})
