import { test } from '@japa/runner'
import { ORDER_COUNT_BLOCK, blockRows, locatePage } from '#domain/trade_list'

const B = ORDER_COUNT_BLOCK

test.group('trades list paging (per-block counts)', () => {
  // Newest block first: block 9 holds 3 open + 10 closed, block 7 none, block 2 holds 5 open + 0 closed.
  const blocks = [
    { bucket: 9, open: 3, closed: 10 },
    { bucket: 7, open: 0, closed: 0 },
    { bucket: 2, open: 5, closed: 0 },
  ]

  test('a block holds open, closed or both', ({ assert }) => {
    assert.equal(blockRows(blocks[0], 'open'), 3)
    assert.equal(blockRows(blocks[0], 'closed'), 10)
    assert.equal(blockRows(blocks[0], 'all'), 13)
  })

  test('the total is the sum over the blocks of the type', ({ assert }) => {
    assert.equal(locatePage(blocks, 'all', 0).total, 18)
    assert.equal(locatePage(blocks, 'open', 0).total, 8)
    assert.equal(locatePage(blocks, 'closed', 0).total, 10)
  })

  test('a page starts in the block holding its first row, skipping the rows before it there', ({
    assert,
  }) => {
    assert.deepEqual(locatePage(blocks, 'all', 0).start, { belowId: 10 * B, skip: 0 })
    assert.deepEqual(locatePage(blocks, 'all', 12).start, { belowId: 10 * B, skip: 12 })
    assert.deepEqual(locatePage(blocks, 'all', 13).start, { belowId: 3 * B, skip: 0 })
    assert.deepEqual(locatePage(blocks, 'all', 15).start, { belowId: 3 * B, skip: 2 })
    assert.deepEqual(locatePage(blocks, 'open', 3).start, { belowId: 3 * B, skip: 0 })
  })

  test('a page past the end has no start; an empty list has total 0', ({ assert }) => {
    assert.isNull(locatePage(blocks, 'all', 18).start)
    assert.isNull(locatePage(blocks, 'closed', 10).start)
    assert.deepEqual(locatePage([], 'all', 0), { total: 0, start: null })
  })
})
