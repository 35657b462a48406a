import { test } from '@japa/runner'
import { askOf, bidOf, quoteFromStrings, stepScale, ticksToString, walk } from '#domain/price_walk'
import { priceDecimals } from '#domain/instruments'
import { compareDecimalStrings } from '#domain/decimal_strings'

test.group('price walk in whole ticks', () => {
  test('reads a quote at fixed decimals and writes it back exactly', ({ assert }) => {
    const q = quoteFromStrings('1.0844', '1.08454', 5)
    assert.deepEqual(q, { bidTicks: 108440, spreadTicks: 14, decimals: 5 })
    assert.equal(bidOf(q), '1.08440')
    assert.equal(askOf(q), '1.08454')
  })

  test('formats small and zero-decimal tick counts', ({ assert }) => {
    assert.equal(ticksToString(158200, 6), '0.158200')
    assert.equal(ticksToString(5, 3), '0.005')
    assert.equal(ticksToString(42, 0), '42')
  })

  test('a step moves the bid and keeps the spread', ({ assert }) => {
    const q = quoteFromStrings('151.414', '151.426', 3)
    const next = walk(q, -7, q.bidTicks)
    assert.equal(bidOf(next), '151.407')
    assert.equal(askOf(next), '151.419')
  })

  test('drifts back toward the anchor and never below one tick', ({ assert }) => {
    const far = { bidTicks: 120000, spreadTicks: 10, decimals: 5 }
    assert.isBelow(walk(far, 0, 100000).bidTicks, 120000)
    assert.equal(walk({ bidTicks: 3, spreadTicks: 2, decimals: 2 }, -10, 3).bidTicks, 1)
  })

  test('step scale is half the spread, at least a tick', ({ assert }) => {
    assert.equal(stepScale({ bidTicks: 1, spreadTicks: 14, decimals: 5 }), 7)
    assert.equal(stepScale({ bidTicks: 1, spreadTicks: 1, decimals: 5 }), 1)
  })

  test('price decimals: 5 for forex, 3 against JPY, by level elsewhere', ({ assert }) => {
    assert.equal(priceDecimals('forex', 'USD', '1.08'), 5)
    assert.equal(priceDecimals('forex', 'JPY', '151.4'), 3)
    assert.equal(priceDecimals('crypto', 'USD', '67250'), 2)
    assert.equal(priceDecimals('stock', 'USD', '189.84'), 3)
    assert.equal(priceDecimals('commodity', 'USD', '2.641'), 4)
    assert.equal(priceDecimals('crypto', 'USD', '0.1582'), 6)
  })
})

test.group('decimal string comparison', () => {
  test('orders decimal strings like numbers', ({ assert }) => {
    assert.equal(compareDecimalStrings('1.0845', '1.08452'), -1)
    assert.equal(compareDecimalStrings('1.08450', '1.0845'), 0)
    assert.equal(compareDecimalStrings('10.1', '9.99'), 1)
    assert.equal(compareDecimalStrings('0.158', '00.157'), 1)
  })
})
