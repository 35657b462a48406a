import { test } from '@japa/runner'
import { failingFeeds } from '#domain/feed_status'

test.group('failingFeeds: the feeds the admin dashboard warns of (issue 21 item 8)', () => {
  test('a running feed refused or unreachable is failing; no key, simulated or connecting is not', ({
    assert,
  }) => {
    assert.deepEqual(
      failingFeeds({
        polygonForex: { success: false, message: 'Unauthorized' },
        polygonCrypto: { success: true, message: 'Connected' },
        eodStock: { success: false, message: 'Simulated market (no API key)' },
        oandaRest: { success: false, message: 'connect ECONNREFUSED 127.0.0.1:1' },
      }),
      [
        { feed: 'polygonForex', label: 'Polygon (Forex)', message: 'Unauthorized' },
        {
          feed: 'oandaRest',
          label: 'Oanda Rest (Others)',
          message: 'connect ECONNREFUSED 127.0.0.1:1',
        },
      ]
    )
    assert.deepEqual(failingFeeds({ oandaRest: { success: false, message: 'Not configured' } }), [])
    assert.deepEqual(failingFeeds({ eodStock: { success: false, message: 'Connecting' } }), [])
    assert.deepEqual(failingFeeds(null), [])
  })
})
