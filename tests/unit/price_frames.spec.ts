import { test } from '@japa/runner'
import {
  decodeQuote,
  decodeQuotes,
  encodeQuote,
  encodeQuotes,
  parsePriceChannel,
  priceCategoryChannel,
  priceInstrumentChannel,
} from '#domain/price_frames'
import { transmitRequestProblem } from '#domain/channels'

test.group('Price frames: the compact wire format', () => {
  test('an ask of the same digits goes as whole points above the bid', ({ assert }) => {
    assert.deepEqual(encodeQuote('EUR_USD', '1.08450', '1.08462'), ['EUR_USD', '1.08450', 12])
    assert.deepEqual(encodeQuote('USD_JPY', '151.230', '151.245'), ['USD_JPY', '151.230', 15])
    assert.deepEqual(encodeQuote('BTC_USD', '67000.10', '67010.10'), ['BTC_USD', '67000.10', 1000])
    assert.deepEqual(encodeQuote('XYZ', '100', '101'), ['XYZ', '100', 1])
    // A crossed or locked book still round-trips.
    assert.deepEqual(encodeQuote('X', '1.00010', '1.00000'), ['X', '1.00010', -10])
  })

  test('anything else keeps the ask as its own string', ({ assert }) => {
    assert.deepEqual(encodeQuote('A', '1.2', '1.21'), ['A', '1.2', '1.21'])
    assert.deepEqual(encodeQuote('B', '-1.5', '1.5'), ['B', '-1.5', '1.5'])
    assert.deepEqual(encodeQuote('C', '1e5', '100001'), ['C', '1e5', '100001'])
    assert.deepEqual(encodeQuote('D', '01.50', '01.62'), ['D', '01.50', '01.62'])
    // More digits than a safe integer holds.
    assert.deepEqual(encodeQuote('E', '1234567890.1234567', '1234567890.1234568'), [
      'E',
      '1234567890.1234567',
      '1234567890.1234568',
    ])
  })

  test('decoding gives back the exact strings that were encoded', ({ assert }) => {
    const cases: [string, string][] = [
      ['1.08450', '1.08462'],
      ['0.000123', '0.000135'],
      ['0.4', '0.5'],
      ['0.9', '1.0'],
      ['99.999', '100.001'],
      ['151.230', '151.245'],
      ['67000.10', '67010.10'],
      ['100', '101'],
      ['0', '0'],
      ['1.00010', '1.00000'],
      ['1.2', '1.21'],
      ['999999999999999', '999999999999999'],
      ['12345678.1234567', '12345678.1234599'],
    ]
    for (const [bids, asks] of cases) {
      assert.deepEqual(decodeQuote(encodeQuote('X', bids, asks)), { name: 'X', bids, asks })
    }
    // Many random prices of every digit count.
    for (let i = 0; i < 2000; i++) {
      const decimals = i % 8
      const bid = Math.floor(Math.random() * 10 ** (1 + (i % 7)))
      const spread = Math.floor(Math.random() * 5000)
      const text = (points: number) =>
        decimals === 0 ? String(points) : (points / 10 ** decimals).toFixed(decimals)
      const bids = text(bid)
      const asks = text(bid + spread)
      assert.deepEqual(decodeQuote(encodeQuote('R', bids, asks)), { name: 'R', bids, asks })
    }
  })

  test('a payload of tuples is smaller than the objects it replaces and decodes to them', ({
    assert,
  }) => {
    const quotes = [
      { name: 'EUR_USD', bids: '1.08450', asks: '1.08462' },
      { name: 'BTC_USD', bids: '67000.10', asks: '67010.10' },
    ]
    const payload = encodeQuotes(quotes)
    assert.deepEqual(decodeQuotes(JSON.parse(JSON.stringify(payload))), quotes)
    const before = JSON.stringify(
      quotes.map((q) => ({ ...q, closeoutBid: q.bids, closeoutAsk: q.asks }))
    )
    assert.isBelow(JSON.stringify(payload).length * 3, before.length)
    // Not a price payload (a control frame): no quotes, no throw.
    assert.deepEqual(decodeQuotes({ type: 'stale', instruments: [] }), [])
    assert.deepEqual(decodeQuotes([['X', 1, 2], 'junk']), [])
  })

  test('price channels: a category or one instrument; nothing else', ({ assert }) => {
    assert.equal(priceCategoryChannel('forex'), 'prices/forex')
    assert.equal(priceInstrumentChannel('EUR_USD'), 'prices/i/EUR_USD')
    assert.deepEqual(parsePriceChannel('prices/crypto'), { category: 'crypto' })
    assert.deepEqual(parsePriceChannel('prices/i/BRK.B'), { instrument: 'BRK.B' })
    for (const other of [
      'prices',
      'prices/',
      'prices/nope',
      'prices/i/',
      'prices/i/a b',
      'x/forex',
    ]) {
      assert.isNull(parsePriceChannel(other), other)
    }
    // The Transmit request guard knows them.
    assert.isNull(
      transmitRequestProblem({ uid: 'u-1', channel: 'prices/forex' }, ['uid', 'channel'])
    )
    assert.isNull(
      transmitRequestProblem({ uid: 'u-1', channel: 'prices/i/EUR_USD' }, ['uid', 'channel'])
    )
    assert.deepEqual(
      transmitRequestProblem({ uid: 'u-1', channel: 'prices/nope' }, ['uid', 'channel']),
      { field: 'channel', message: 'No such channel' }
    )
  })
})
