import { test } from '@japa/runner'
import { digestOf, digestsDiffer, sameStopOuts, stopOutsOfRow } from '#domain/risk_book'

test.group('risk book digests (app/domain/risk_book.ts)', () => {
  const positions = [
    { id: 7, amount: 1000, openRate: 1.08662, tp: 1.09, sl: null },
    { id: 9, amount: 40, openRate: 100, tp: null, sl: 80 },
  ]

  test('sums what an event could change', ({ assert }) => {
    assert.deepEqual(digestOf(positions), {
      count: 2,
      ids: 16,
      amount: 1040,
      openRate: 101.08662,
      profit: 1.09,
      loss: 80,
      targets: 2,
    })
    assert.deepEqual(digestOf([]), {
      count: 0,
      ids: 0,
      amount: 0,
      openRate: 0,
      profit: 0,
      loss: 0,
      targets: 0,
    })
  })

  test('float rounding is not a difference; a point on a rate, a moved or cleared target is', ({
    assert,
  }) => {
    const book = digestOf(positions)
    // PostgreSQL's exact sum of the same numerics, read back as a float.
    assert.isFalse(digestsDiffer(book, { ...book, openRate: Number('101.08662000') }))
    assert.isFalse(digestsDiffer(book, { ...book, openRate: book.openRate * (1 + 1e-12) }))
    assert.isTrue(digestsDiffer(book, { ...book, openRate: book.openRate + 0.00001 }))
    assert.isTrue(digestsDiffer(book, { ...book, loss: 80.00001 }))
    assert.isTrue(digestsDiffer(book, { ...book, targets: 1 }))
    assert.isTrue(digestsDiffer(book, { ...book, ids: 17 }))
    assert.isTrue(digestsDiffer(book, { ...book, count: 3 }))
  })

  test("a plan row's stop-outs, the default 50 where it sets none or a non-positive one", ({
    assert,
  }) => {
    const s = stopOutsOfRow({ forex_stopout: '40.00', stock_stopout: 95, crypto_stopout: '0' })
    assert.deepEqual(s, { forex: 40, commodity: 50, index: 50, stock: 95, crypto: 50 })
    assert.isTrue(
      sameStopOuts(stopOutsOfRow(null), {
        forex: 50,
        commodity: 50,
        index: 50,
        stock: 50,
        crypto: 50,
      })
    )
    assert.isFalse(sameStopOuts(s, stopOutsOfRow(null)))
  })
})
