import { test } from '@japa/runner'
import { applyTick, bucketStart } from '#domain/candles'

const at = (iso: string) => Date.parse(iso)

test.group('candles', () => {
  test('buckets by minute and by UTC day', ({ assert }) => {
    assert.equal(bucketStart('1m', at('2026-11-23T10:15:42.500Z')), at('2026-11-23T10:15:00Z'))
    assert.equal(bucketStart('1d', at('2026-11-23T23:59:59Z')), at('2026-11-23T00:00:00Z'))
  })

  test('builds open, high, low, close from ticks in one bucket', ({ assert }) => {
    let c = applyTick(null, '1m', '1.08450', at('2026-11-23T10:15:01Z'))
    c = applyTick(c, '1m', '1.08462', at('2026-11-23T10:15:10Z'))
    c = applyTick(c, '1m', '1.08431', at('2026-11-23T10:15:20Z'))
    c = applyTick(c, '1m', '1.08440', at('2026-11-23T10:15:59Z'))
    assert.deepEqual(c, {
      start: at('2026-11-23T10:15:00Z'),
      open: '1.08450',
      high: '1.08462',
      low: '1.08431',
      close: '1.08440',
      ticks: 4,
    })
  })

  test('a tick in the next bucket starts a new bar opened at that price', ({ assert }) => {
    const first = applyTick(null, '1m', '151.420', at('2026-11-23T10:15:30Z'))
    const next = applyTick(first, '1m', '151.433', at('2026-11-23T10:16:00Z'))
    assert.deepEqual(next, {
      start: at('2026-11-23T10:16:00Z'),
      open: '151.433',
      high: '151.433',
      low: '151.433',
      close: '151.433',
      ticks: 1,
    })
  })

  test('a late tick for an earlier bucket is ignored', ({ assert }) => {
    const bar = applyTick(null, '1m', '10', at('2026-11-23T10:16:00Z'))
    assert.isNull(applyTick(bar, '1m', '11', at('2026-11-23T10:15:59Z')))
  })

  test('compares prices as decimals, not text', ({ assert }) => {
    let c = applyTick(null, '1d', '9.99', at('2026-11-23T10:00:00Z'))
    c = applyTick(c, '1d', '10.01', at('2026-11-23T11:00:00Z'))
    assert.equal(c!.high, '10.01')
    assert.equal(c!.low, '9.99')
  })
})
