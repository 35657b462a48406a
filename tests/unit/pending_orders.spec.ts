import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  endOfTradingDay,
  isTriggered,
  PENDING_REASON_TEXT,
  pendingOrderLabel,
  placementErrors,
} from '#domain/pending_orders'

const BID = '1.08650'
const ASK = '1.08662'

test.group('pending orders: trigger rules (issue 23: buy compares the ask, sell the bid)', () => {
  test('buy limit fills when ask ≤ price', ({ assert }) => {
    const order = { type: 'buy', execution: 'limit', price: '1.08600' } as const
    assert.isFalse(isTriggered(order, '1.08590', '1.08601'))
    assert.isTrue(isTriggered(order, '1.08590', '1.08600'))
    assert.isTrue(isTriggered(order, '1.08500', '1.08512'))
    // The bid below the price does not count for a buy.
    assert.isFalse(isTriggered(order, '1.08000', '1.08600000001'))
  })

  test('sell limit fills when bid ≥ price', ({ assert }) => {
    const order = { type: 'sell', execution: 'limit', price: '1.08700' } as const
    assert.isFalse(isTriggered(order, '1.08699', '1.09000'))
    assert.isTrue(isTriggered(order, '1.08700', '1.08712'))
    assert.isTrue(isTriggered(order, '1.08800', '1.08812'))
  })

  test('buy stop fills when ask ≥ price', ({ assert }) => {
    const order = { type: 'buy', execution: 'stop', price: '1.08700' } as const
    assert.isFalse(isTriggered(order, '1.08690', '1.08699'))
    assert.isTrue(isTriggered(order, '1.08690', '1.08700'))
    // A gap far past the stop still triggers (it fills at market).
    assert.isTrue(isTriggered(order, '1.09500', '1.09512'))
    // The bid above the price does not count for a buy.
    assert.isFalse(isTriggered(order, '1.08800', '1.08699'))
  })

  test('sell stop fills when bid ≤ price', ({ assert }) => {
    const order = { type: 'sell', execution: 'stop', price: '1.08600' } as const
    assert.isFalse(isTriggered(order, '1.08601', '1.08500'))
    assert.isTrue(isTriggered(order, '1.08600', '1.08612'))
    assert.isTrue(isTriggered(order, '1.07000', '1.07012'))
  })

  test('exact decimals: no float rounding at the 8th decimal', ({ assert }) => {
    const order = { type: 'buy', execution: 'limit', price: '0.30000000' } as const
    assert.isTrue(isTriggered(order, '0.1', '0.30000000'))
    assert.isFalse(isTriggered(order, '0.1', '0.30000001'))
    const jpy = { type: 'sell', execution: 'stop', price: '151.414' } as const
    assert.isTrue(isTriggered(jpy, '151.414', '151.426'))
    assert.isFalse(isTriggered(jpy, '151.415', '151.426'))
  })
})

test.group('pending orders: placement rules', () => {
  const base = { bid: BID, ask: ASK, profit: null, loss: null }

  test('buy limit below the ask; buy stop above it', ({ assert }) => {
    assert.deepEqual(
      placementErrors({ ...base, type: 'buy', execution: 'limit', price: '1.08661' }),
      []
    )
    assert.deepEqual(
      placementErrors({ ...base, type: 'buy', execution: 'limit', price: '1.08662' }),
      [{ field: 'price', message: 'A buy limit price must be below the ask (1.08662)' }]
    )
    assert.deepEqual(
      placementErrors({ ...base, type: 'buy', execution: 'stop', price: '1.08663' }),
      []
    )
    assert.deepEqual(
      placementErrors({ ...base, type: 'buy', execution: 'stop', price: '1.08662' }),
      [{ field: 'price', message: 'A buy stop price must be above the ask (1.08662)' }]
    )
    // Between bid and ask: below the ask is a valid buy limit, not a valid buy stop.
    assert.lengthOf(
      placementErrors({ ...base, type: 'buy', execution: 'stop', price: '1.08655' }),
      1
    )
  })

  test('sell limit above the bid; sell stop below it', ({ assert }) => {
    assert.deepEqual(
      placementErrors({ ...base, type: 'sell', execution: 'limit', price: '1.08651' }),
      []
    )
    assert.deepEqual(
      placementErrors({ ...base, type: 'sell', execution: 'limit', price: '1.0865' }),
      [{ field: 'price', message: 'A sell limit price must be above the bid (1.0865)' }]
    )
    assert.deepEqual(
      placementErrors({ ...base, type: 'sell', execution: 'stop', price: '1.08649' }),
      []
    )
    assert.deepEqual(
      placementErrors({ ...base, type: 'sell', execution: 'stop', price: '1.08650' }),
      [{ field: 'price', message: 'A sell stop price must be below the bid (1.0865)' }]
    )
  })

  test('a zero price is refused before anything else', ({ assert }) => {
    assert.deepEqual(
      placementErrors({ ...base, type: 'sell', execution: 'stop', price: '0', profit: '5' }),
      [{ field: 'price', message: 'Price must be greater than zero' }]
    )
  })

  test('buy targets: take-profit above the order price, stop-loss between 0 and it', ({
    assert,
  }) => {
    const buy = { ...base, type: 'buy', execution: 'limit', price: '1.08000' } as const
    assert.deepEqual(placementErrors({ ...buy, profit: '1.08001', loss: '1.07999' }), [])
    // Measured from the trigger price, not the ask: a TP below the ask is fine for a buy limit.
    assert.deepEqual(placementErrors({ ...buy, profit: '1.08500' }), [])
    assert.deepEqual(placementErrors({ ...buy, profit: '1.08000', loss: '1.08000' }), [
      { field: 'profit', message: 'Take profit must be above the order price (1.08)' },
      { field: 'loss', message: 'Stop loss must be between 0 and the order price (1.08)' },
    ])
    assert.deepEqual(placementErrors({ ...buy, loss: '0' }), [
      { field: 'loss', message: 'Stop loss must be between 0 and the order price (1.08)' },
    ])
  })

  test('sell targets: take-profit between 0 and the order price, stop-loss above it', ({
    assert,
  }) => {
    const sell = { ...base, type: 'sell', execution: 'stop', price: '1.08000' } as const
    assert.deepEqual(placementErrors({ ...sell, profit: '1.07999', loss: '1.08001' }), [])
    assert.deepEqual(placementErrors({ ...sell, profit: '1.08', loss: '1.08' }), [
      { field: 'profit', message: 'Take profit must be between 0 and the order price (1.08)' },
      { field: 'loss', message: 'Stop loss must be above the order price (1.08)' },
    ])
    assert.deepEqual(placementErrors({ ...sell, profit: '0' }), [
      { field: 'profit', message: 'Take profit must be between 0 and the order price (1.08)' },
    ])
  })

  test('price and target errors are reported together', ({ assert }) => {
    assert.deepEqual(
      placementErrors({
        ...base,
        type: 'sell',
        execution: 'limit',
        price: '1.08000',
        profit: '1.09',
      }),
      [
        { field: 'price', message: 'A sell limit price must be above the bid (1.0865)' },
        { field: 'profit', message: 'Take profit must be between 0 and the order price (1.08)' },
      ]
    )
  })
})

test.group('pending orders: end of the trading day', () => {
  const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' })
  const utc = (at: DateTime) => at.toUTC().toISO()

  test('forex, commodities and indices: the next 17:00 New York', ({ assert }) => {
    // Wednesday 15:00 EST → 17:00 EST = 22:00 UTC the same day.
    assert.equal(
      utc(endOfTradingDay('forex', ny('2026-11-18T15:00:00'))),
      '2026-11-18T22:00:00.000Z'
    )
    // At 17:00 exactly the day has rolled: the next day's 17:00.
    assert.equal(
      utc(endOfTradingDay('forex', ny('2026-11-18T17:00:00'))),
      '2026-11-19T22:00:00.000Z'
    )
    assert.equal(
      utc(endOfTradingDay('commodity', ny('2026-11-18T18:30:00'))),
      '2026-11-19T22:00:00.000Z'
    )
    // Summer time (EDT, UTC−4): 17:00 New York is 21:00 UTC.
    assert.equal(
      utc(endOfTradingDay('index', ny('2026-07-15T10:00:00'))),
      '2026-07-15T21:00:00.000Z'
    )
  })

  test("stocks: that day's session close, early closes and holidays included", ({ assert }) => {
    assert.equal(
      utc(endOfTradingDay('stock', ny('2026-11-18T10:00:00'))),
      '2026-11-18T21:00:00.000Z'
    )
    // The day after Thanksgiving closes at 13:00.
    assert.equal(
      utc(endOfTradingDay('stock', ny('2026-11-27T12:00:00'))),
      '2026-11-27T18:00:00.000Z'
    )
    // After the close: the next session's close.
    assert.equal(
      utc(endOfTradingDay('stock', ny('2026-11-18T16:00:00'))),
      '2026-11-19T21:00:00.000Z'
    )
    // Thanksgiving (closed all day): the next session, which closes early.
    assert.equal(
      utc(endOfTradingDay('stock', ny('2026-11-26T12:00:00'))),
      '2026-11-27T18:00:00.000Z'
    )
    // Friday after the close: Monday's.
    assert.equal(
      utc(endOfTradingDay('stock', ny('2026-11-20T16:30:00'))),
      '2026-11-23T21:00:00.000Z'
    )
  })

  test('crypto: the next 00:00 UTC', ({ assert }) => {
    const at = DateTime.fromISO('2026-11-18T23:59:59Z')
    assert.equal(utc(endOfTradingDay('crypto', at)), '2026-11-19T00:00:00.000Z')
    assert.equal(
      utc(endOfTradingDay('crypto', DateTime.fromISO('2026-11-19T00:00:00Z'))),
      '2026-11-20T00:00:00.000Z'
    )
    // Whatever zone the moment is given in.
    assert.equal(
      utc(endOfTradingDay('crypto', ny('2026-11-18T20:00:00'))),
      '2026-11-20T00:00:00.000Z'
    )
  })
})

test.group('pending orders: labels and reasons', () => {
  test('labels as traders know them; every reason has a text', ({ assert }) => {
    assert.equal(pendingOrderLabel('buy', 'limit'), 'Buy Limit')
    assert.equal(pendingOrderLabel('buy', 'stop'), 'Buy Stop')
    assert.equal(pendingOrderLabel('sell', 'limit'), 'Sell Limit')
    assert.equal(pendingOrderLabel('sell', 'stop'), 'Sell Stop')
    assert.equal(PENDING_REASON_TEXT.expired, 'Expired')
    assert.equal(PENDING_REASON_TEXT.staff, 'Cancelled by the broker')
  })
})
