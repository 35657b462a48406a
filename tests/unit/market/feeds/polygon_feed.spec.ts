import { test } from '@japa/runner'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import {
  PolygonFeed,
  nameFromPolygonPair,
  polygonTicker,
} from '#services/market/feeds/polygon_feed'
import { PolygonWsFake } from '#tests/fakes/polygon_ws_fake'
import { sleep, waitFor } from '#tests/fakes/net'
import { FAST, demoFeedInstruments, resetMarketState } from '#tests/helpers/market_feeds'

const KEY = 'polygon-test-key'

test.group('Polygon (Massive) websocket feed', (group) => {
  let fake: PolygonWsFake
  let feeds: PolygonFeed[] = []
  const forex = (apiKey = KEY) => {
    const feed = new PolygonFeed({
      ...FAST,
      cluster: 'forex',
      apiKey,
      baseUrl: fake.url,
      instruments: demoFeedInstruments('forex'),
    })
    feeds.push(feed)
    return feed
  }
  const connected = (feed: 'polygonForex' | 'polygonCrypto') =>
    waitFor(() => feedHealth.heartbeat(feed)?.success === true, `${feed} connected`)

  group.each.setup(async () => {
    resetMarketState()
    fake = await PolygonWsFake.start({ apiKey: KEY })
    return async () => {
      await Promise.all(feeds.splice(0).map((f) => f.stop()))
      await fake.close()
      resetMarketState()
    }
  })

  test('maps pairs both ways', ({ assert }) => {
    assert.equal(polygonTicker('EUR_USD'), 'EUR-USD')
    assert.equal(nameFromPolygonPair('EUR/USD'), 'EUR_USD')
    assert.equal(nameFromPolygonPair('btc-usd'), 'BTC_USD')
  })

  test('authenticates, then subscribes to exactly its forex pairs', async ({ assert }) => {
    const feed = forex()
    feed.start()
    assert.deepEqual(feedHealth.heartbeat('polygonForex')?.message, 'Connecting')
    await connected('polygonForex')
    await waitFor(() => fake.subscriptions('forex').length > 0, 'subscription')
    assert.equal(fake.authAttempts, 1)
    const expected = demoFeedInstruments('forex')
      .map((i) => `C.${i.name.replace('_', '-')}`)
      .sort()
    assert.deepEqual(fake.subscriptions('forex'), expected)
    assert.deepEqual(fake.subscriptions('crypto'), [])
    assert.equal(feedHealth.heartbeat('polygonForex')?.message, 'Connected')
    assert.equal(feedHealth.feedOf('EUR_USD'), 'polygonForex')
  })

  test('writes quotes as exact decimal strings at the pair decimals, marked with the feed', async ({
    assert,
  }) => {
    forex().start()
    await waitFor(() => fake.subscriptions('forex').length > 0, 'subscription')
    assert.equal(fake.forexQuote('EUR/USD', 1.08652, 1.08661), 1)
    fake.forexQuote('USD-JPY', 151.4236, 151.4361) // more digits than the pair keeps
    fake.forexQuote('GBP/USD', '1.2712', '1.27131') // strings too
    await waitFor(() => !!priceBook.get('GBP_USD'), 'quotes')
    const eur = priceBook.get('EUR_USD')!
    assert.include(eur, {
      bids: '1.08652',
      asks: '1.08661',
      closeoutBid: '1.08652',
      closeoutAsk: '1.08661',
      feed: 'polygonForex',
    })
    assert.include(priceBook.get('USD_JPY')!, { bids: '151.424', asks: '151.436' })
    assert.include(priceBook.get('GBP_USD')!, { bids: '1.27120', asks: '1.27131' })
    assert.isFalse(feedHealth.isFeedStale('polygonForex'))
  })

  test('reads mixed frames and ignores pairs, events and prices that are not ours or not sane', async ({
    assert,
  }) => {
    forex().start()
    await waitFor(() => fake.subscriptions('forex').length > 0, 'subscription')
    fake.sendRaw(
      'forex',
      JSON.stringify([
        { ev: 'status', status: 'success', message: 'subscribed to: C.EUR-USD' },
        { ev: 'C', p: 'USD/TRY', a: 32.5, b: 32.4, t: 1 },
        { ev: 'CA', pair: 'EUR/USD', o: 1, c: 1, h: 1, l: 1, v: 1, s: 1, e: 2 },
        { ev: 'C', p: 'AUD/USD', a: 0.6548, b: 0.6549, t: 1 }, // crossed
        { ev: 'C', p: 'NZD/USD', a: 'NaN', b: 0.5982, t: 1 },
        { ev: 'C', p: 'EUR/GBP', a: 0.85321, b: 0.85309, t: 1 },
      ])
    )
    fake.sendRaw('forex', 'not json')
    await waitFor(() => !!priceBook.get('EUR_GBP'), 'the good quote')
    assert.include(priceBook.get('EUR_GBP')!, { bids: '0.85309', asks: '0.85321' })
    for (const name of ['USD_TRY', 'EUR_USD', 'AUD_USD', 'NZD_USD'])
      assert.isUndefined(priceBook.get(name), name)
  })

  test('the crypto cluster subscribes to XQ quotes and reads bp/ap', async ({ assert }) => {
    const feed = new PolygonFeed({
      ...FAST,
      cluster: 'crypto',
      apiKey: KEY,
      baseUrl: fake.url,
      instruments: demoFeedInstruments('crypto'),
    })
    feeds.push(feed)
    feed.start()
    await connected('polygonCrypto')
    await waitFor(() => fake.subscriptions('crypto').length > 0, 'subscription')
    assert.deepEqual(fake.subscriptions('crypto'), [
      'XQ.BTC-USD',
      'XQ.DOGE-USD',
      'XQ.ETH-USD',
      'XQ.LTC-USD',
      'XQ.SOL-USD',
      'XQ.XRP-USD',
    ])
    fake.cryptoQuote('BTC-USD', 67250.1, 67262.35)
    fake.cryptoQuote('DOGE-USD', 0.1582, 0.1584)
    await waitFor(() => !!priceBook.get('DOGE_USD'), 'quotes')
    assert.include(priceBook.get('BTC_USD')!, {
      bids: '67250.10',
      asks: '67262.35',
      feed: 'polygonCrypto',
    })
    assert.include(priceBook.get('DOGE_USD')!, { bids: '0.158200', asks: '0.158400' })
  })

  test('a wrong key: heartbeat false with the provider message, no subscription, no quotes', async ({
    assert,
  }) => {
    forex('wrong-key').start()
    await waitFor(
      () =>
        fake.authAttempts >= 1 && feedHealth.heartbeat('polygonForex')?.message !== 'Connecting',
      'refusal'
    )
    await sleep(30) // the close that follows must not overwrite the message
    assert.deepEqual(
      {
        success: feedHealth.heartbeat('polygonForex')?.success,
        message: feedHealth.heartbeat('polygonForex')?.message,
      },
      { success: false, message: 'authentication failed' }
    )
    assert.deepEqual(fake.subscriptions('forex'), [])
    assert.equal(fake.forexQuote('EUR/USD', 1.08652, 1.08661), 0)
    assert.isUndefined(priceBook.get('EUR_USD'))
  })

  test('reconnects after the server drops, subscribes again and quotes resume', async ({
    assert,
  }) => {
    forex().start()
    await connected('polygonForex')
    await waitFor(() => fake.subscriptions('forex').length > 0, 'subscription')
    fake.drop()
    await waitFor(
      () => feedHealth.heartbeat('polygonForex')?.success === false,
      'disconnect reported'
    )
    assert.match(feedHealth.heartbeat('polygonForex')!.message, /^Disconnected/)
    await waitFor(
      () => fake.connections === 2 && fake.subscriptions('forex').length > 0,
      'resubscription'
    )
    await connected('polygonForex')
    fake.forexQuote('EUR/USD', 1.0866, 1.0867)
    await waitFor(() => !!priceBook.get('EUR_USD'), 'quote after reconnect')
    assert.equal(priceBook.get('EUR_USD')!.bids, '1.08660')
  })

  test('stop() closes the socket, cancels retries and releases its instruments', async ({
    assert,
  }) => {
    const feed = forex()
    feed.start()
    await connected('polygonForex')
    await feed.stop()
    await waitFor(() => fake.openClients === 0, 'socket closed')
    await sleep(FAST.backoff.maxMs * 2)
    assert.equal(fake.connections, 1)
    assert.isUndefined(feedHealth.heartbeat('polygonForex'))
    assert.isUndefined(feedHealth.feedOf('EUR_USD'))
  })

  test('stop() while still reconnecting leaves nothing behind', async ({ assert }) => {
    const feed = forex()
    feed.start()
    await connected('polygonForex')
    fake.drop()
    await waitFor(() => feedHealth.heartbeat('polygonForex')?.success === false, 'disconnect')
    await feed.stop()
    const connections = fake.connections
    await sleep(FAST.backoff.maxMs * 2)
    assert.equal(fake.connections, connections)
    assert.equal(fake.openClients, 0)
  })

  test('a feed goes stale when ticks stop and fresh again when they resume', async ({ assert }) => {
    // Long enough that a busy machine still checks freshness before the quote ages out.
    feedHealth.staleAfterMs = 400
    forex().start()
    await waitFor(() => fake.subscriptions('forex').length > 0, 'subscription')
    fake.forexQuote('EUR/USD', 1.08652, 1.08661)
    await waitFor(() => !!priceBook.get('EUR_USD'), 'quote')
    assert.isFalse(feedHealth.isStale('EUR_USD', priceBook.get('EUR_USD')!.at))
    await waitFor(
      () => feedHealth.isStale('EUR_USD', priceBook.get('EUR_USD')!.at),
      'staleness',
      3000
    )
    // Another instrument of the same feed ticking makes the whole feed fresh again.
    fake.forexQuote('GBP/USD', 1.2712, 1.27131)
    await waitFor(() => !feedHealth.isStale('EUR_USD', priceBook.get('EUR_USD')!.at), 'fresh again')
    assert.isFalse(feedHealth.isFeedStale('polygonForex'))
  })
})
