import { test } from '@japa/runner'
import {
  closeEvidenceOf,
  closeEvidenceText,
  closingSide,
  EVIDENCE_TEMPLATES,
  EVIDENCE_WORDS,
  feedName,
  feedText,
  quoteClock,
  type CloseEvidence,
  type EvidenceInput,
} from '#domain/execution_evidence'
import { SPANISH } from '#database/demo/translations'
import { fillPlaceholders } from '#domain/translate'

const QUOTE: CloseEvidence = {
  bid: '1.0841',
  ask: '1.08422',
  quotedAt: '2026-11-26T14:03:22.514Z',
  source: 'polygon',
  equity: null,
  margin: null,
  marginLevel: null,
}

const row = (over: Partial<EvidenceInput> = {}): EvidenceInput => ({
  type: 'buy',
  closeReason: 'manual',
  partial: false,
  closeEvidence: QUOTE,
  digits: 5,
  currency: 'USD',
  ...over,
})

test.group('execution evidence: the sentence of each close (issue 24 item 2)', () => {
  test('the issue example: a buy stopped by its stop-loss closes at the bid', ({ assert }) => {
    assert.equal(
      closeEvidenceText(row({ closeReason: 'stop_loss' })),
      'Closed by stop-loss at 1.08410 (bid), quote 14:03:22.514 UTC, feed Polygon'
    )
  })

  test('a sell closes at the ask', ({ assert }) => {
    assert.equal(closingSide('sell'), 'ask')
    assert.equal(closingSide('buy'), 'bid')
    assert.equal(
      closeEvidenceText(row({ type: 'sell', closeReason: 'take_profit' })),
      'Closed by take-profit at 1.08422 (ask), quote 14:03:22.514 UTC, feed Polygon'
    )
  })

  test('each close reason has its own sentence', ({ assert }) => {
    const text = (over: Partial<EvidenceInput>) => closeEvidenceText(row(over))!
    const tail = 'at 1.08410 (bid), quote 14:03:22.514 UTC, feed Polygon'
    assert.equal(text({ closeReason: 'manual' }), `Closed manually ${tail}`)
    assert.equal(text({ closeReason: 'manual', partial: true }), `Partially closed ${tail}`)
    assert.equal(text({ closeReason: 'take_profit' }), `Closed by take-profit ${tail}`)
    assert.equal(text({ closeReason: 'stop_loss' }), `Closed by stop-loss ${tail}`)
    assert.equal(text({ closeReason: 'trailing_stop' }), `Closed by trailing stop ${tail}`)
    assert.equal(text({ closeReason: 'admin' }), `Closed by the broker ${tail}`)
    assert.equal(text({ closeReason: 'stop_out' }), `Stopped out ${tail}`)
    assert.equal(text({ closeReason: null }), `Closed ${tail}`)
  })

  test("a stop-out adds the account's equity, margin and margin level at the trigger", ({
    assert,
  }) => {
    const evidence = { ...QUOTE, equity: '48.2', margin: '1000', marginLevel: '4.82' }
    assert.equal(
      closeEvidenceText(row({ closeReason: 'stop_out', closeEvidence: evidence })),
      'Stopped out at 1.08410 (bid), quote 14:03:22.514 UTC, feed Polygon; ' +
        'equity $48.20, margin $1,000.00, margin level 4.82%'
    )
  })

  test('JPY digits: the price keeps the instrument digits', ({ assert }) => {
    const evidence = { ...QUOTE, bid: '156.2', ask: '156.215' }
    assert.equal(
      closeEvidenceText(row({ digits: 3, closeEvidence: evidence, type: 'sell' })),
      'Closed manually at 156.215 (ask), quote 14:03:22.514 UTC, feed Polygon'
    )
  })

  test('feeds read as their products', ({ assert }) => {
    assert.equal(feedName('polygon'), 'Polygon')
    assert.equal(feedName('eodhd'), 'EODHD')
    assert.equal(feedName('oanda'), 'OANDA')
    assert.equal(feedName('currencyApi'), 'CurrencyAPI')
    assert.equal(feedName('simulator'), 'Simulator')
    assert.equal(feedName('stored'), 'Stored price')
    assert.equal(feedName('other_feed'), 'other_feed')
  })

  test('a feed named by a word is translated, a product name is not', ({ assert }) => {
    const spanish = (key: string) => ({ Simulator: 'Simulador' })[key] ?? key
    assert.equal(feedText('simulator', spanish), 'Simulador')
    assert.equal(feedText('polygon', spanish), 'Polygon')
  })

  test('no sentence for an open row, an old row without evidence, or a missing side', ({
    assert,
  }) => {
    assert.isNull(closeEvidenceText(row({ closeEvidence: null })))
    assert.isNull(closeEvidenceText(row({ closeEvidence: { ...QUOTE, bid: null } })))
    assert.isNull(closeEvidenceText(row({ closeEvidence: { ...QUOTE, source: null } })))
    assert.isNull(closeEvidenceText(row({ closeEvidence: { ...QUOTE, quotedAt: 'not a time' } })))
  })

  test('the stored columns give no evidence when none was stored', ({ assert }) => {
    const none = {
      closeBid: null,
      closeAsk: null,
      closeQuotedAt: null,
      closeSource: null,
      closeEquity: null,
      closeMargin: null,
      closeMarginLevel: null,
    }
    assert.isNull(closeEvidenceOf(none))
    assert.deepEqual(closeEvidenceOf({ ...none, closeBid: '1.1', closeSource: 'oanda' }), {
      bid: '1.1',
      ask: null,
      quotedAt: null,
      source: 'oanda',
      equity: null,
      margin: null,
      marginLevel: null,
    })
  })

  test('the quote time keeps its milliseconds in UTC', ({ assert }) => {
    assert.equal(quoteClock('2026-11-26T09:03:22.514-05:00'), '14:03:22.514')
    assert.isNull(quoteClock('x'))
  })

  test('translated through the dictionary with its placeholders (Spanish)', ({ assert }) => {
    for (const key of [...Object.values(EVIDENCE_TEMPLATES), ...EVIDENCE_WORDS]) {
      assert.properties(SPANISH, [key])
    }
    const t = (key: string, vars?: Record<string, string | number>) =>
      fillPlaceholders(SPANISH[key] ?? key, vars)
    const text = closeEvidenceText(row({ closeReason: 'stop_loss', type: 'sell' }), t)!
    assert.include(text, '1.08422')
    assert.include(text, '14:03:22.514')
    assert.include(text, 'Polygon')
    assert.include(text, SPANISH.ask)
    assert.notInclude(text, '{')
  })
})
