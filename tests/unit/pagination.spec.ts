import { test } from '@japa/runner'
import { DEFAULT_PAGE_SIZE, normalizePage, pageCount } from '#domain/pagination'

test.group('pagination (customer spec §9)', () => {
  test('page size is 15', ({ assert }) => {
    assert.equal(DEFAULT_PAGE_SIZE, 15)
  })

  test('pages = ceiling of total ÷ page size, at least one', ({ assert }) => {
    assert.equal(pageCount(0, 15), 1)
    assert.equal(pageCount(15, 15), 1)
    assert.equal(pageCount(16, 15), 2)
    assert.equal(pageCount(46, 15), 4)
  })

  test('normalizes bad page and size input', ({ assert }) => {
    assert.deepEqual(normalizePage('3', '25'), { page: 3, limit: 25 })
    assert.deepEqual(normalizePage('-1', '1000'), { page: 1, limit: 15 })
    assert.deepEqual(normalizePage('abc', undefined), { page: 1, limit: 15 })
  })
})
