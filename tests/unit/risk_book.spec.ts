import { test } from '@japa/runner'
import { digestOf, digestsDiffer, sameStopOuts, stopOutsOfRow } from '#domain/risk_book'

test.group('risk book digests (app/domain/risk_book.ts)', () => {
  const positions = [
    { id: 7, amount: 1000, openRate: 1.08662, tp: 1.09, sl: null },
    { id: 9, amount: 40, openRate: 100, tp: null, sl: 80 },
    { id: 11, amount: 10, openRate: 2, tp: null, sl: 1.5, trail: { distance: 0.5 } },
  ]

  test('sums what an event could change', ({ assert }) => {
    assert.deepEqual(digestOf(positions), {
      count: 3,
      ids: 27,
      amount: 1050,
      openRate: 103.08662,
      profit: 1.09,
      loss: 81.5,
      trailing: 0.5,
      targets: 4,
    })
    assert.deepEqual(digestOf([]), {
      count: 0,
      ids: 0,
      amount: 0,
      openRate: 0,
      profit: 0,
      loss: 0,
      trailing: 0,
      targets: 0,
    })
  })

  test('float rounding is not a difference; a point on a rate, a moved or cleared target is', ({
    assert,
  }) => {
    const book = digestOf(positions)
    // PostgreSQL's exact sum of the same numerics, read back as a float.
    assert.isFalse(digestsDiffer(book, { ...book, openRate: Number('103.08662000') }))
    assert.isFalse(digestsDiffer(book, { ...book, openRate: book.openRate * (1 + 1e-12) }))
    assert.isTrue(digestsDiffer(book, { ...book, openRate: book.openRate + 0.00001 }))
    assert.isTrue(digestsDiffer(book, { ...book, loss: 81.50001 }))
    assert.isTrue(digestsDiffer(book, { ...book, targets: 1 }))
    // A trailing distance changed (issue 23 item 2).
    assert.isTrue(digestsDiffer(book, { ...book, trailing: 0.6 }))
    assert.isTrue(digestsDiffer(book, { ...book, ids: 17 }))
    assert.isTrue(digestsDiffer(book, { ...book, count: 4 }))
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
