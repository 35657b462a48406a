import { test } from '@japa/runner'
import { money } from '#domain/money'
import {
  improvesStop,
  trailedStop,
  trailingCandidate,
  trailingDistance,
  trailingDistanceErrors,
} from '#domain/trailing'

const errors = (input: Parameters<typeof trailingDistanceErrors>[0]) =>
  trailingDistanceErrors(input).map((e) => e.message)

test.group('trailing stop: distance (issue 23 item 2)', () => {
  test('price mode takes the distance as typed', ({ assert }) => {
    assert.equal(trailingDistance('0.0015', 'price', 'USD').toFixed(), '0.0015')
    assert.equal(trailingDistance('0.35', 'price', 'JPY').toFixed(), '0.35')
  })

  test('pips mode multiplies by the pip size: 0.0001, or 0.01 against JPY', ({ assert }) => {
    assert.equal(trailingDistance('15', 'pips', 'USD').toFixed(), '0.0015')
    assert.equal(trailingDistance('12.5', 'pips', 'usd').toFixed(), '0.00125')
    assert.equal(trailingDistance('15', 'pips', 'JPY').toFixed(), '0.15')
    assert.equal(trailingDistance('15', 'pips', 'jpy').toFixed(), '0.15')
  })

  test('refusals: zero, finer than the column, below one price step, a buy stop at or below zero', ({
    assert,
  }) => {
    const base = { type: 'buy' as const, mode: 'price' as const, digits: 5 }
    assert.deepEqual(errors({ ...base, distance: money('0') }), [
      'Trailing distance must be greater than zero',
    ])
    assert.deepEqual(errors({ ...base, distance: money('0.000000001'), digits: 10 }), [
      'Trailing distance must have at most 8 decimals',
    ])
    assert.deepEqual(
      errors({ ...base, mode: 'pips', distance: money('0.000000001'), digits: 10 }),
      ['Trailing distance in pips has too many decimals']
    )
    assert.deepEqual(errors({ ...base, distance: money('0.000001') }), [
      'Trailing distance must be at least one price step (0.00001)',
    ])
    assert.deepEqual(errors({ ...base, digits: 3, distance: money('0.001') }), [])
    assert.deepEqual(
      errors({ ...base, distance: money('1.08662'), bid: '1.0865', ask: '1.08662' }),
      ['Trailing distance must be less than the current price (1.08662)']
    )
    assert.deepEqual(
      errors({ ...base, distance: money('0.0015'), bid: '1.0865', ask: '1.08662' }),
      []
    )
    // A sell's stop sits above the price: any width is a usable rate.
    assert.deepEqual(
      errors({ ...base, type: 'sell', distance: money('5'), bid: '1.0865', ask: '1.08662' }),
      []
    )
  })
})

test.group('trailing stop: the trailed stop', () => {
  test('a buy trails the ask from below; a sell trails the bid from above', ({ assert }) => {
    const quote = { bid: '1.08650', ask: '1.08662', digits: 5 }
    assert.equal(
      trailingCandidate({ ...quote, type: 'buy', distance: '0.0015' }).toFixed(),
      '1.08512'
    )
    assert.equal(
      trailingCandidate({ ...quote, type: 'sell', distance: '0.0015' }).toFixed(),
      '1.088'
    )
  })

  test('a buy stop moves only up, never back', ({ assert }) => {
    const buy = { type: 'buy' as const, distance: '0.0015', digits: 5 }
    // No stop yet: the candidate is set.
    assert.equal(trailedStop({ ...buy, bid: '1.0865', ask: '1.08662', stop: null }), '1.08512')
    // The price rises: the stop follows.
    assert.equal(trailedStop({ ...buy, bid: '1.0870', ask: '1.08712', stop: '1.08512' }), '1.08562')
    // The price falls back: the stop stays.
    assert.isNull(trailedStop({ ...buy, bid: '1.0860', ask: '1.08612', stop: '1.08562' }))
    // Equal is not an improvement.
    assert.isNull(trailedStop({ ...buy, bid: '1.0870', ask: '1.08712', stop: '1.08562' }))
    // A stop the customer set already better stays.
    assert.isNull(trailedStop({ ...buy, bid: '1.0870', ask: '1.08712', stop: '1.0860' }))
  })

  test('a sell stop moves only down, never back', ({ assert }) => {
    const sell = { type: 'sell' as const, distance: '0.0015', digits: 5 }
    assert.equal(trailedStop({ ...sell, bid: '1.0865', ask: '1.08662', stop: null }), '1.088')
    assert.equal(trailedStop({ ...sell, bid: '1.0855', ask: '1.08562', stop: '1.088' }), '1.087')
    assert.isNull(trailedStop({ ...sell, bid: '1.0875', ask: '1.08762', stop: '1.087' }))
    assert.isNull(trailedStop({ ...sell, bid: '1.0855', ask: '1.08562', stop: '1.087' }))
    assert.isNull(trailedStop({ ...sell, bid: '1.0855', ask: '1.08562', stop: '1.0865' }))
  })

  test('pips mode on a JPY pair: 20 pips = 0.20, 3 price digits', ({ assert }) => {
    const distance = trailingDistance('20', 'pips', 'JPY')
    assert.equal(
      trailedStop({
        type: 'buy',
        bid: '151.414',
        ask: '151.426',
        distance,
        digits: 3,
        stop: '150.000',
      }),
      '151.226'
    )
    assert.equal(
      trailedStop({
        type: 'sell',
        bid: '151.414',
        ask: '151.426',
        distance,
        digits: 3,
        stop: null,
      }),
      '151.614'
    )
  })

  test('rounded to the price digits away from the market: the gap is never less than the distance', ({
    assert,
  }) => {
    // 1.08662 − 0.000015 = 1.086605 → 1.08660 (down) for a buy
    assert.equal(
      trailedStop({
        type: 'buy',
        bid: '1.0865',
        ask: '1.08662',
        distance: '0.000015',
        digits: 5,
        stop: null,
      }),
      '1.0866'
    )
    // 1.0865 + 0.000015 = 1.086515 → 1.08652 (up) for a sell
    assert.equal(
      trailedStop({
        type: 'sell',
        bid: '1.0865',
        ask: '1.08662',
        distance: '0.000015',
        digits: 5,
        stop: null,
      }),
      '1.08652'
    )
    // A stock quoted to 2 digits: 187.456 − 0.5 = 186.956 → 186.95
    assert.equal(
      trailedStop({
        type: 'buy',
        bid: '187.40',
        ask: '187.456',
        distance: '0.5',
        digits: 2,
        stop: null,
      }),
      '186.95'
    )
  })

  test('a candidate at or below zero is no stop', ({ assert }) => {
    assert.isNull(
      trailedStop({ type: 'buy', bid: '0.5', ask: '0.5', distance: '0.5', digits: 4, stop: null })
    )
  })

  test('improvesStop: none is the worst stop', ({ assert }) => {
    assert.isTrue(improvesStop('buy', '1.1', null))
    assert.isTrue(improvesStop('buy', '1.1', '1.0'))
    assert.isFalse(improvesStop('buy', '1.0', '1.0'))
    assert.isTrue(improvesStop('sell', '1.0', '1.1'))
    assert.isFalse(improvesStop('sell', '1.2', '1.1'))
  })
})
