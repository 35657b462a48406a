import { test } from '@japa/runner'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import { EodhdFeed } from '#services/market/feeds/eodhd_feed'
import { EodhdWsFake } from '#tests/fakes/eodhd_ws_fake'
import { sleep, waitFor } from '#tests/fakes/net'
import { FAST, demoFeedInstruments, resetMarketState } from '#tests/helpers/market_feeds'

const KEY = 'eodhd-test-token'

test.group('EODHD us-quote websocket feed', (group) => {
  let fake: EodhdWsFake
  let feeds: EodhdFeed[] = []
  const start = async (options: { apiKey?: string; rejectAtHandshake?: boolean } = {}) => {
    fake = await EodhdWsFake.start({ apiKey: KEY, rejectAtHandshake: options.rejectAtHandshake })
    const feed = new EodhdFeed({
      ...FAST,
      apiKey: options.apiKey ?? KEY,
      baseUrl: fake.url,
      instruments: demoFeedInstruments('stock'),
    })
    feeds.push(feed)
    feed.start()
    return feed
  }
  const subscribed = () => waitFor(() => fake.subscriptions().length > 0, 'subscription')

  group.each.setup(() => {
    resetMarketState()
    return async () => {
      await Promise.all(feeds.splice(0).map((f) => f.stop()))
      await fake?.close()
      resetMarketState()
    }
  })

  test('authorized by the token in the query string, subscribes to exactly its stocks', async ({
    assert,
  }) => {
    await start()
    await subscribed()
    assert.deepEqual(fake.subscriptions(), [
      'AAPL',
      'AMZN',
      'GOOGL',
      'JPM',
      'META',
      'MSFT',
      'NVDA',
      'TSLA',
    ])
    assert.deepEqual(feedHealth.heartbeat('eodStock')?.success, true)
    assert.equal(feedHealth.heartbeat('eodStock')?.message, 'Connected')
    assert.equal(feedHealth.feedOf('AAPL'), 'eodStock')
  })

  test('bid and ask come from bp and ap, as exact strings at the stock decimals', async ({
    assert,
  }) => {
    await start()
    await subscribed()
    assert.equal(fake.quote('AAPL', 189.83, 189.87), 1)
    fake.quote('MSFT', '421.6512', '421.7349')
    fake.quote('IBM', 170.1, 170.2) // not subscribed, not ours
    await waitFor(() => !!priceBook.get('MSFT'), 'quotes')
    assert.include(priceBook.get('AAPL')!, {
      bids: '189.830',
      asks: '189.870',
      closeoutBid: '189.830',
      feed: 'eodStock',
    })
    assert.include(priceBook.get('MSFT')!, { bids: '421.651', asks: '421.735' })
    assert.isUndefined(priceBook.get('IBM'))
  })

  test('a wrong token answered by a status message: heartbeat false with its message, no quotes', async ({
    assert,
  }) => {
    await start({ apiKey: 'wrong' })
    await waitFor(() => feedHealth.heartbeat('eodStock')?.message === 'Unauthorized', 'refusal')
    await sleep(30)
    assert.deepInclude(feedHealth.heartbeat('eodStock'), {
      success: false,
      message: 'Unauthorized',
    })
    assert.deepEqual(fake.subscriptions(), [])
    assert.equal(fake.quote('AAPL', 189.83, 189.87), 0)
    assert.isUndefined(priceBook.get('AAPL'))
  })

  test('a wrong token refused at the handshake: heartbeat false with the HTTP status and message', async ({
    assert,
  }) => {
    await start({ apiKey: 'wrong', rejectAtHandshake: true })
    await waitFor(
      () => feedHealth.heartbeat('eodStock')?.message.startsWith('HTTP') ?? false,
      'refusal'
    )
    assert.deepInclude(feedHealth.heartbeat('eodStock'), {
      success: false,
      message: 'HTTP 401: Unauthorized',
    })
    assert.equal(fake.connections, 0)
    assert.isUndefined(priceBook.get('AAPL'))
  })

  test('reconnects after a drop and subscribes again (subscriptions do not survive)', async ({
    assert,
  }) => {
    await start()
    await subscribed()
    fake.drop()
    await waitFor(() => fake.connections === 2, 'reconnection')
    await subscribed()
    await waitFor(() => feedHealth.heartbeat('eodStock')?.success === true, 'connected again')
    fake.quote('TSLA', 178.2, 178.26)
    await waitFor(() => !!priceBook.get('TSLA'), 'quote after reconnect')
    assert.equal(priceBook.get('TSLA')!.asks, '178.260')
  })

  test('stop() closes the socket and leaves no retry pending', async ({ assert }) => {
    const feed = await start()
    await subscribed()
    await feed.stop()
    await waitFor(() => fake.openClients === 0, 'socket closed')
    await sleep(FAST.backoff.maxMs * 2)
    assert.equal(fake.connections, 1)
    assert.isUndefined(feedHealth.feedOf('AAPL'))
    // No retry timer survived stop(): no reconnection came during twice the longest backoff, and the
    // fake saw its socket close. (Counting the process's handles is unreliable: the database pool opens its own.)
    await fake.close()
  })
})
