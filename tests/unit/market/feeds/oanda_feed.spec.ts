import { test } from '@japa/runner'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import { LineSplitter } from '#services/market/feeds/line_splitter'
import { OandaFeed, oandaStreamBase, oandaStreamUrl } from '#services/market/feeds/oanda_feed'
import { OANDA_UNAUTHORIZED, OandaStreamFake } from '#tests/fakes/oanda_stream_fake'
import { sleep, waitFor } from '#tests/fakes/net'
import { FAST, demoFeedInstruments, resetMarketState } from '#tests/helpers/market_feeds'

const ACCOUNT = '101-004-1234567-001'
const TOKEN = 'oanda-test-token'
const OURS = [
  ...['XAU_USD', 'XAG_USD', 'WTICO_USD', 'BCO_USD', 'NATGAS_USD'],
  ...['SPX500_USD', 'NAS100_USD', 'US30_USD', 'DE30_EUR', 'UK100_GBP', 'JP225_USD'],
]

test.group('OANDA v20 pricing stream feed', (group) => {
  let fake: OandaStreamFake
  let feeds: OandaFeed[] = []
  const start = async (
    options: {
      apiKey?: string
      accountId?: string
      keepaliveMs?: number
      heartbeatMs?: number
    } = {}
  ) => {
    fake = await OandaStreamFake.start({
      accountId: ACCOUNT,
      apiKey: TOKEN,
      heartbeatMs: options.heartbeatMs,
    })
    const feed = new OandaFeed({
      ...FAST,
      keepaliveMs: options.keepaliveMs ?? FAST.keepaliveMs,
      accountId: options.accountId ?? ACCOUNT,
      apiKey: options.apiKey ?? TOKEN,
      mode: 'fxpractice',
      baseUrl: fake.url,
      instruments: demoFeedInstruments('commodity', 'index'),
    })
    feeds.push(feed)
    feed.start()
    return feed
  }
  const streaming = () =>
    waitFor(
      () => fake.openStreams === 1 && feedHealth.heartbeat('oandaRest')?.success === true,
      'stream open'
    )

  group.each.setup(() => {
    resetMarketState()
    return async () => {
      await Promise.all(feeds.splice(0).map((f) => f.stop()))
      await fake?.close()
      resetMarketState()
    }
  })

  test('fxpractice and fxtrade pick the practice and live stream hosts; an override wins', ({
    assert,
  }) => {
    assert.equal(oandaStreamBase('fxpractice'), 'https://stream-fxpractice.oanda.com')
    assert.equal(oandaStreamBase('fxtrade'), 'https://stream-fxtrade.oanda.com')
    // Anything else is practice: a typo must never reach the live account.
    assert.equal(oandaStreamBase(null), 'https://stream-fxpractice.oanda.com')
    assert.equal(oandaStreamBase('FXTRADE '), 'https://stream-fxpractice.oanda.com')
    assert.equal(oandaStreamBase('fxtrade', 'http://127.0.0.1:9/'), 'http://127.0.0.1:9')
    assert.equal(
      oandaStreamUrl(oandaStreamBase('fxtrade'), ACCOUNT, ['XAU_USD', 'SPX500_USD']),
      'https://stream-fxtrade.oanda.com/v3/accounts/101-004-1234567-001/pricing/stream?instruments=XAU_USD,SPX500_USD'
    )
    const live = new OandaFeed({
      accountId: ACCOUNT,
      apiKey: TOKEN,
      mode: 'fxtrade',
      instruments: demoFeedInstruments('commodity'),
    })
    assert.isTrue(live.url.startsWith('https://stream-fxtrade.oanda.com/v3/accounts/'))
  })

  test('opens the stream with the Bearer token for exactly its commodities and indices', async ({
    assert,
  }) => {
    await start()
    await streaming()
    assert.lengthOf(fake.requests, 1)
    assert.equal(fake.requests[0].path, `/v3/accounts/${ACCOUNT}/pricing/stream`)
    assert.equal(fake.requests[0].authorization, `Bearer ${TOKEN}`)
    assert.deepEqual(fake.requests[0].instruments, OURS)
    assert.equal(feedHealth.heartbeat('oandaRest')?.message, 'Connected')
    assert.equal(feedHealth.feedOf('SPX500_USD'), 'oandaRest')
  })

  test('PRICE lines: first bid/ask level, closeout prices and tradeable reach the price book', async ({
    assert,
  }) => {
    await start()
    await streaming()
    fake.price('XAU_USD', {
      bid: '2385.21',
      ask: '2385.56',
      closeoutBid: '2385.11',
      closeoutAsk: '2385.66',
    })
    fake.price('NATGAS_USD', { bid: '2.64100', ask: '2.64600' }) // more digits than the instrument keeps
    fake.price('DE30_EUR', { bid: '18610.5', ask: '18612.0', tradeable: false })
    fake.price('EUR_USD', { bid: '1.08652', ask: '1.08661' }) // not requested: never written to us
    await waitFor(() => !!priceBook.get('DE30_EUR'), 'prices')
    assert.deepInclude(priceBook.get('XAU_USD')!, {
      bids: '2385.21',
      asks: '2385.56',
      closeoutBid: '2385.11',
      closeoutAsk: '2385.66',
      feed: 'oandaRest',
    })
    assert.isUndefined(priceBook.get('XAU_USD')!.tradeable)
    assert.include(priceBook.get('NATGAS_USD')!, { bids: '2.6410', asks: '2.6460' })
    assert.include(priceBook.get('DE30_EUR')!, {
      bids: '18610.50',
      asks: '18612.00',
      tradeable: false,
    })
    assert.isUndefined(priceBook.get('EUR_USD'))
  })

  test('a line split across chunks is written only once its end arrives', async ({ assert }) => {
    await start()
    await streaming()
    const line = `${fake.priceLine('XAG_USD', { bid: '28.412', ask: '28.437' })}\n`
    fake.write(line.slice(0, 37))
    await sleep(30)
    assert.isUndefined(priceBook.get('XAG_USD'))
    fake.write(line.slice(37))
    await waitFor(() => !!priceBook.get('XAG_USD'), 'the completed line')
    assert.include(priceBook.get('XAG_USD')!, { bids: '28.412', asks: '28.437' })

    // The tail of one line and a whole heartbeat and price in one chunk, then the rest.
    await fake.priceSplit('BCO_USD', { bid: '82.601', ask: '82.631' }, 5)
    fake.write(
      [
        fake.priceLine('US30_USD', { bid: '39450.2', ask: '39452.2' }),
        '{"type":"HEARTBEAT","time":"2026-11-23T10:00:00.000000000Z"}',
        fake.priceLine('JP225_USD', { bid: '38716', ask: '38724' }), // its newline comes later
      ].join('\n')
    )
    await waitFor(() => !!priceBook.get('US30_USD'), 'first of the chunk')
    assert.isUndefined(priceBook.get('JP225_USD'))
    fake.write('\n')
    await waitFor(() => !!priceBook.get('JP225_USD'), 'the rest')
    assert.include(priceBook.get('BCO_USD')!, { bids: '82.601', asks: '82.631' })
    assert.include(priceBook.get('JP225_USD')!, { bids: '38716.00', asks: '38724.00' })
  })

  test('the line splitter keeps partial lines and split multi-byte characters', ({ assert }) => {
    const splitter = new LineSplitter()
    const bytes = new TextEncoder().encode('{"a":"é"}\r\n{"b":1}\n{"c"')
    const cut = 6 // inside the two bytes of é
    assert.deepEqual(splitter.push(bytes.slice(0, cut)), [])
    assert.deepEqual(splitter.push(bytes.slice(cut)), ['{"a":"é"}', '{"b":1}'])
    assert.deepEqual(splitter.push(new TextEncoder().encode(':2}\n\n')), ['{"c":2}'])
    assert.equal(splitter.pendingLength, 0)
  })

  test('a wrong token: heartbeat false with OANDA errorMessage, no prices', async ({ assert }) => {
    await start({ apiKey: 'wrong' })
    await waitFor(
      () => feedHealth.heartbeat('oandaRest')?.message.startsWith('HTTP') ?? false,
      'refusal'
    )
    assert.deepInclude(feedHealth.heartbeat('oandaRest'), {
      success: false,
      message: `HTTP 401: ${OANDA_UNAUTHORIZED}`,
    })
    assert.equal(fake.openStreams, 0)
    assert.isUndefined(priceBook.get('XAU_USD'))
  })

  test('a wrong account number is refused too', async ({ assert }) => {
    await start({ accountId: '101-004-0000000-001' })
    await waitFor(
      () => feedHealth.heartbeat('oandaRest')?.message.startsWith('HTTP') ?? false,
      'refusal'
    )
    assert.deepInclude(feedHealth.heartbeat('oandaRest'), {
      success: false,
      message: 'HTTP 403: The provided request was forbidden.',
    })
  })

  test('reconnects after the stream drops and prices resume', async ({ assert }) => {
    await start()
    await streaming()
    fake.drop()
    await waitFor(() => fake.requests.length === 2 && fake.openStreams === 1, 'a new stream')
    await waitFor(() => feedHealth.heartbeat('oandaRest')?.success === true, 'connected again')
    fake.price('XAU_USD', { bid: '2386.00', ask: '2386.35' })
    await waitFor(() => !!priceBook.get('XAU_USD'), 'price after reconnect')
    assert.equal(priceBook.get('XAU_USD')!.bids, '2386.00')
  })

  test('heartbeats keep a quiet stream open', async ({ assert }) => {
    await start({ keepaliveMs: 150, heartbeatMs: 15 })
    await streaming()
    await sleep(450)
    assert.lengthOf(fake.requests, 1)
    assert.deepInclude(feedHealth.heartbeat('oandaRest'), { success: true, message: 'Connected' })
  })

  test('silence past the keepalive is reported and the stream reopened', async ({ assert }) => {
    const reports: string[] = []
    const report = feedHealth.report.bind(feedHealth)
    feedHealth.report = (feed, success, message, at) => {
      if (feed === 'oandaRest') reports.push(`${success} ${message}`)
      report(feed, success, message, at)
    }
    try {
      await start({ keepaliveMs: 80 })
      await streaming()
      await waitFor(() => reports.length >= 4, 'a reopened stream')
    } finally {
      feedHealth.report = report
    }
    assert.deepEqual(reports.slice(0, 4), [
      'false Connecting',
      'true Connected',
      'false No data for 80 ms',
      'true Connected',
    ])
  })

  test('stop() aborts the stream and leaves no retry pending', async ({ assert }) => {
    const feed = await start()
    await streaming()
    await feed.stop()
    await waitFor(() => fake.openStreams === 0, 'stream closed')
    await sleep(FAST.backoff.maxMs * 2)
    assert.lengthOf(fake.requests, 1)
    assert.isUndefined(feedHealth.feedOf('XAU_USD'))
    // No retry timer survived stop(): no reconnection came during twice the longest backoff, and the
    // fake saw its socket close. (Counting the process's handles is unreliable: the database pool opens its own.)
    await fake.close()
  })
})
