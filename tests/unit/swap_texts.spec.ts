import { test } from '@japa/runner'
import { SPANISH } from '#database/demo/translations'
import { swapEntryDescription } from '#domain/swaps'
import { compileDictionary, lookup } from '#domain/translate'

test.group('swap ledger entries in Spanish', () => {
  test('one day and a triple day read in Spanish', ({ assert }) => {
    const es = compileDictionary(SPANISH)
    assert.equal(lookup(es, 'Swap EUR_USD 2026-01-13'), 'Swap de EUR_USD 2026-01-13')
    assert.equal(lookup(es, 'Swap EUR_USD 2026-01-14 (×3)'), 'Swap de EUR_USD 2026-01-14 (×3)')
  })

  test('the entry names the instrument and the day, and three days on the triple day', ({
    assert,
  }) => {
    assert.equal(swapEntryDescription('2026-01-13', 'EUR_USD', 1), 'Swap EUR_USD 2026-01-13')
    assert.equal(swapEntryDescription('2026-01-14', 'EUR_USD', 3), 'Swap EUR_USD 2026-01-14 (×3)')
  })
})
