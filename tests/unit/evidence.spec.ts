import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  closeEvidenceColumns,
  fillEvidenceColumns,
  formatQuoteTime,
  sourceLabel,
  sourceOfFeed,
} from '#domain/evidence'
import { money } from '#domain/money'

test.group('execution evidence (issue 24 item 2)', () => {
  test('each feed of the price book names its provider', ({ assert }) => {
    assert.equal(sourceOfFeed('polygonForex'), 'polygon')
    assert.equal(sourceOfFeed('polygonCrypto'), 'polygon')
    assert.equal(sourceOfFeed('eodStock'), 'eodhd')
    assert.equal(sourceOfFeed('oandaRest'), 'oanda')
    assert.equal(sourceOfFeed('simulator'), 'simulator')
    assert.equal(sourceOfFeed(undefined), 'simulator')
    assert.equal(sourceLabel('polygon'), 'Polygon')
    assert.equal(sourceLabel('stored'), 'Stored price')
  })

  test('the quote time keeps its milliseconds, in the column and as read', ({ assert }) => {
    const at = Date.UTC(2026, 10, 18, 14, 3, 22, 514)
    const columns = closeEvidenceColumns({ bid: '1.08410', ask: '1.08422', at, source: 'polygon' })
    assert.match(columns.close_quoted_at, /:22\.514$/)
    assert.equal(DateTime.fromSQL(columns.close_quoted_at).toMillis(), at)
    assert.equal(columns.close_bid, '1.0841')
    assert.equal(columns.close_source, 'polygon')
    assert.isNull(columns.close_equity)
    assert.equal(formatQuoteTime(at), '2026-11-18 14:03:22.514 UTC')
    assert.match(fillEvidenceColumns({ bid: '1', ask: '2', at }).fill_quoted_at, /\.514$/)
  })

  test('a stop-out stores the account at the trigger', ({ assert }) => {
    const columns = closeEvidenceColumns(
      { bid: '83', ask: '83', at: 0, source: 'stored' },
      { equity: money('280'), margin: money('800'), marginLevel: money('35') }
    )
    assert.equal(columns.close_equity, '280')
    assert.equal(columns.close_margin, '800')
    assert.equal(columns.close_margin_level, '35')
  })
})
