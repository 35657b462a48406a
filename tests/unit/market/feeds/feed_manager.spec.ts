import { test } from '@japa/runner'
import transmit from '@adonisjs/transmit/services/main'
import settings from '#services/settings_service'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import feedManager, {
  SIMULATED_MESSAGE,
  type HeartbeatFrame,
} from '#services/market/feeds/feed_manager'
import { PolygonWsFake } from '#tests/fakes/polygon_ws_fake'
import { EodhdWsFake } from '#tests/fakes/eodhd_ws_fake'
import { OandaStreamFake } from '#tests/fakes/oanda_stream_fake'
import { CurrencyApiFake } from '#tests/fakes/currency_api_fake'
import { waitFor } from '#tests/fakes/net'
import { FAST, resetMarketState } from '#tests/helpers/market_feeds'
import { isolate } from '#tests/helpers/isolation'
import { HEARTBEAT_CHANNEL } from '#domain/channels'

/** A feed without a key whose markets the simulator quotes. */
const SIMULATED = { success: false, message: SIMULATED_MESSAGE }

test.group('Feed manager', (group) => {
  isolate(group)
  let polygon: PolygonWsFake
  let eodhd: EodhdWsFake
  let oanda: OandaStreamFake
  let currency: CurrencyApiFake
  let frames: HeartbeatFrame[] = []
  const original = transmit.broadcast.bind(transmit)
  const lastFrame = () => frames[frames.length - 1]
  const start = () =>
    feedManager.start({
      ...FAST,
      heartbeatMs: 20,
      urls: { polygon: polygon.url, eodhd: eodhd.url, oanda: oanda.url, currencyApi: currency.url },
    })

  group.each.setup(async () => {
    resetMarketState()
    frames = []
    transmit.broadcast = ((channel: string, payload: any) => {
      if (channel === HEARTBEAT_CHANNEL) frames.push(payload)
    }) as typeof transmit.broadcast
    polygon = await PolygonWsFake.start({ apiKey: 'pk' })
    eodhd = await EodhdWsFake.start({ apiKey: 'ek' })
    oanda = await OandaStreamFake.start({ accountId: '101-1', apiKey: 'ok' })
    currency = await CurrencyApiFake.start({ apiKey: 'ck', rates: { BRL: 5 } })
    return async () => {
      await feedManager.stop()
      transmit.broadcast = original
      await Promise.all([polygon.close(), eodhd.close(), oanda.close(), currency.close()])
      resetMarketState()
    }
  })

  test('with no keys the simulator quotes every market and every feed says its market is simulated', async ({
    assert,
  }) => {
    await start()
    assert.deepEqual(feedManager.running, [])
    assert.deepEqual(feedManager.simulated, ['forex', 'commodity', 'index', 'stock', 'crypto'])
    assert.equal(feedHealth.feedOf('EUR_USD'), 'simulator')
    assert.equal(priceBook.get('AAPL')?.feed, 'simulator')
    assert.deepEqual(lastFrame(), {
      type: 'heartbeat',
      feeds: {
        polygonForex: SIMULATED,
        polygonCrypto: SIMULATED,
        eodStock: SIMULATED,
        oandaRest: SIMULATED,
      },
    })
    assert.equal(polygon.connections + eodhd.connections + oanda.requests.length, 0)
  })

  test('starts only the configured adapters; the simulator covers the rest', async ({ assert }) => {
    await settings.put('polygonAPI', { value1: 'pk' })
    await start()
    assert.deepEqual(feedManager.running, ['polygonForex', 'polygonCrypto'])
    assert.deepEqual(feedManager.simulated, ['commodity', 'index', 'stock'])
    assert.equal(feedHealth.feedOf('EUR_USD'), 'polygonForex')
    assert.equal(feedHealth.feedOf('BTC_USD'), 'polygonCrypto')
    assert.equal(feedHealth.feedOf('AAPL'), 'simulator')
    assert.equal(feedHealth.feedOf('XAU_USD'), 'simulator')
    assert.isUndefined(priceBook.get('EUR_USD'), 'the simulator leaves polygon markets alone')
    assert.equal(eodhd.connections + oanda.requests.length, 0)

    await waitFor(
      () =>
        lastFrame()?.feeds.polygonCrypto.success === true &&
        lastFrame()?.feeds.polygonForex.success,
      'connected heartbeats'
    )
    assert.deepEqual(lastFrame().feeds, {
      polygonForex: { success: true, message: 'Connected' },
      polygonCrypto: { success: true, message: 'Connected' },
      eodStock: SIMULATED,
      oandaRest: SIMULATED,
    })
    await waitFor(
      () =>
        polygon.subscriptions('forex').length === 17 &&
        polygon.subscriptions('crypto').length === 6,
      'subscriptions'
    )
  })

  test('reload() applies changed API settings: every market live, no simulator', async ({
    assert,
  }) => {
    await settings.put('polygonAPI', { value1: 'pk' })
    await start()
    await settings.put('eodAPI', { value1: 'ek' })
    await settings.put('oandaAPI', { value1: '101-1', value2: 'ok', value3: 'fxpractice' })
    await settings.put('currencyAPI', { value1: 'ck' })
    await feedManager.reload()
    assert.deepEqual(feedManager.running, [
      'polygonForex',
      'polygonCrypto',
      'eodStock',
      'oandaRest',
    ])
    assert.deepEqual(feedManager.simulated, [])
    assert.equal(feedHealth.feedOf('AAPL'), 'eodStock')
    assert.equal(feedHealth.feedOf('XAU_USD'), 'oandaRest')
    assert.equal(feedHealth.feedOf('SPX500_USD'), 'oandaRest')
    await waitFor(
      () => Object.values(lastFrame()?.feeds ?? {}).every((f) => f.success),
      'all four connected'
    )
    await waitFor(
      () => feedManager.currencyApi?.quota !== null && feedManager.currencyApi?.quota !== undefined,
      'currency quota'
    )
    // The quota may arrive before the first rates call is counted (seen once on a loaded CI machine).
    await waitFor(() => currency.calls.latest >= 1, 'the first rates call')
    assert.equal(currency.calls.latest, 1)

    // A wrong key after a reload shows on the status page.
    await settings.put('eodAPI', { value1: 'wrong' })
    await feedManager.reload()
    await waitFor(
      () => lastFrame()?.feeds.eodStock.message === 'Unauthorized',
      'refusal in the heartbeat'
    )
    assert.isFalse(lastFrame().feeds.eodStock.success)
  })

  test('API settings saved elsewhere are picked up by the periodic check', async ({ assert }) => {
    await feedManager.start({
      ...FAST,
      heartbeatMs: 20,
      settingsWatchMs: 20,
      urls: { eodhd: eodhd.url },
    })
    assert.deepEqual(feedManager.running, [])
    await settings.put('eodAPI', { value1: 'ek' })
    await waitFor(() => feedManager.running.includes('eodStock'), 'the new feed')
    assert.deepEqual(feedManager.simulated, ['forex', 'commodity', 'index', 'crypto'])
    await waitFor(() => eodhd.subscriptions().length === 8, 'stock subscriptions')
  })

  test('without the simulator a feed with no key says Not configured', async ({ assert }) => {
    await feedManager.start({ ...FAST, heartbeatMs: 20, simulate: false })
    assert.deepEqual(feedManager.simulated, [])
    assert.deepEqual(feedManager.heartbeat().feeds.eodStock, {
      success: false,
      message: 'Not configured',
    })
  })

  test('a cleared key hands its markets back to the simulator', async ({ assert }) => {
    await settings.put('polygonAPI', { value1: 'pk' })
    await start()
    await waitFor(() => polygon.openClients === 2, 'both clusters')
    assert.equal(priceBook.get('XAU_USD')?.feed, 'simulator')

    await settings.put('polygonAPI', { value1: null })
    await feedManager.reload()
    assert.deepEqual(feedManager.running, [])
    assert.deepEqual(feedManager.simulated, ['forex', 'commodity', 'index', 'stock', 'crypto'])
    assert.equal(feedHealth.feedOf('EUR_USD'), 'simulator')
    assert.equal(priceBook.get('EUR_USD')?.feed, 'simulator')
    await waitFor(() => polygon.openClients === 0, 'Polygon sockets closed')
    assert.equal(lastFrame().feeds.polygonForex.message, SIMULATED_MESSAGE)
  })

  test('reload() does nothing where the market role is off', async ({ assert }) => {
    await settings.put('polygonAPI', { value1: 'pk' })
    await feedManager.reload()
    assert.deepEqual(feedManager.running, [])
    assert.equal(polygon.connections, 0)
  })

  test('stop() ends feeds, simulator and heartbeats', async ({ assert }) => {
    await settings.put('polygonAPI', { value1: 'pk' })
    await start()
    await waitFor(() => polygon.openClients === 2, 'both clusters')
    await feedManager.stop()
    assert.deepEqual(feedManager.running, [])
    assert.isUndefined(feedHealth.feedOf('AAPL'))
    await waitFor(() => polygon.openClients === 0, 'server side sees both closed')
    const count = frames.length
    await new Promise((r) => setTimeout(r, 60))
    assert.equal(frames.length, count)
  })
})
