import { test } from '@japa/runner'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import changeBus, { CHANGE_CHANNEL, type ChangeRelay } from '#services/change_bus'
import feedHealth from '#services/market/feed_health'
import priceBook from '#services/market/price_book'
import feedManager, { SIMULATED_MESSAGE } from '#services/market/feeds/feed_manager'
import { PolygonWsFake } from '#tests/fakes/polygon_ws_fake'
import { EodhdWsFake } from '#tests/fakes/eodhd_ws_fake'
import { waitFor } from '#tests/fakes/net'
import { FAST, resetMarketState } from '#tests/helpers/market_feeds'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

const ALL = ['forex', 'commodity', 'index', 'stock', 'crypto']

/**
 * Saving an API key restarts that feed in the market role without an app
 * restart (issue 12 item 6): the markets it covers move from the simulator to
 * the provider (a local fake Polygon server) and back when the key is cleared.
 */
test.group('API Settings restart the feeds live', (group) => {
  isolate(group)
  let polygon: PolygonWsFake
  let eodhd: EodhdWsFake

  group.each.setup(async () => {
    // Whatever an earlier file left running or cached must not decide what starts here.
    await feedManager.stop()
    settings.forget()
    resetMarketState()
    polygon = await PolygonWsFake.start({ apiKey: 'pk-live' })
    eodhd = await EodhdWsFake.start({ apiKey: 'ek-live' })
    // The market role of this process, the 60 s fallback check far away: only the change bus can act.
    await feedManager.start({
      ...FAST,
      heartbeatMs: 60_000,
      settingsWatchMs: 600_000,
      urls: { polygon: polygon.url, eodhd: eodhd.url },
    })
    return async () => {
      await feedManager.stop()
      await Promise.all([polygon.close(), eodhd.close()])
      resetMarketState()
    }
  })

  test('a saved Polygon key starts the Polygon adapter; clearing it hands forex and crypto back to the simulator', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const keys = await Setting.query().whereIn('key', ['polygonAPI', 'eodAPI', 'oandaAPI'])
    assert.deepEqual(
      feedManager.running,
      [],
      `feeds running at the start; key rows: ${JSON.stringify(keys)}`
    )
    assert.deepEqual([...feedManager.simulated], ALL)
    assert.equal(feedManager.heartbeat().feeds.polygonForex.message, SIMULATED_MESSAGE)

    const saved = await api(client, 'put', '/admin/apis/polygonAPI', {
      key: 'polygonAPI',
      value1: 'pk-live',
    }).loginAs(admin)
    saved.assertStatus(200)
    await waitFor(() => feedManager.running.length === 2, 'the Polygon adapter', 5000)
    assert.deepEqual(feedManager.running, ['polygonForex', 'polygonCrypto'])
    assert.deepEqual([...feedManager.simulated], ['commodity', 'index', 'stock'])
    assert.equal(feedHealth.feedOf('EUR_USD'), 'polygonForex')
    assert.equal(feedHealth.feedOf('AAPL'), 'simulator')
    // The two clusters connect independently: wait for both, not only forex.
    await waitFor(
      () =>
        feedManager.heartbeat().feeds.polygonForex.success &&
        feedManager.heartbeat().feeds.polygonCrypto.success,
      'Polygon connected',
      5000
    )
    assert.deepEqual(feedManager.heartbeat().feeds.polygonCrypto, {
      success: true,
      message: 'Connected',
    })
    await waitFor(() => polygon.subscriptions('forex').length > 0, 'forex subscriptions', 5000)
    polygon.forexQuote('EUR/USD', 1.0861, 1.0863)
    await waitFor(() => priceBook.get('EUR_USD')?.feed === 'polygonForex', 'a live quote', 5000)

    const cleared = await api(client, 'put', '/admin/apis/polygonAPI', {
      key: 'polygonAPI',
      value1: '',
      clear: ['value1'],
    }).loginAs(admin)
    cleared.assertStatus(200)
    // The adapter stops before the simulator takes its markets back: wait for both.
    await waitFor(
      () => feedManager.running.length === 0 && feedManager.simulated.length === ALL.length,
      'the adapter stopped and the simulator back',
      5000
    )
    assert.deepEqual([...feedManager.simulated], ALL)
    assert.equal(feedHealth.feedOf('EUR_USD'), 'simulator')
    await waitFor(() => polygon.openClients === 0, 'sockets closed', 5000)
    assert.deepEqual(feedManager.heartbeat().feeds.polygonForex, {
      success: false,
      message: SIMULATED_MESSAGE,
    })
  })

  test("another provider's key restarts only its own feed; a wrong key shows the provider's refusal", async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await api(client, 'put', '/admin/apis/polygonAPI', {
      key: 'polygonAPI',
      value1: 'pk-live',
    }).loginAs(admin)
    await waitFor(() => polygon.openClients === 2, 'both Polygon clusters', 5000)
    const polygonConnections = polygon.connections

    await api(client, 'put', '/admin/apis/eodAPI', { key: 'eodAPI', value1: 'wrong' }).loginAs(
      admin
    )
    await waitFor(() => feedManager.running.includes('eodStock'), 'the EOD adapter', 5000)
    await waitFor(
      () => feedManager.heartbeat().feeds.eodStock.message === 'Unauthorized',
      "EOD's refusal",
      5000
    )
    assert.isFalse(feedManager.heartbeat().feeds.eodStock.success)
    assert.deepEqual([...feedManager.simulated], ['commodity', 'index'])

    // Saving Voiso or the same Polygon key again touches no feed.
    await api(client, 'put', '/admin/apis/voiso', { key: 'voiso', value1: 'eu-1' }).loginAs(admin)
    await api(client, 'put', '/admin/apis/polygonAPI', { key: 'polygonAPI', value1: '' }).loginAs(
      admin
    )
    await feedManager.reload()
    assert.equal(polygon.connections, polygonConnections, 'Polygon never reconnected')
  })

  test('a key saved by another process reaches this market role through the change bus', async ({
    assert,
  }) => {
    // Redis as the other process sees it: this process hears what is published there.
    let deliver: (message: string) => void = () => {}
    const relay: ChangeRelay = {
      publish() {},
      subscribe(channel, handler) {
        if (channel === CHANGE_CHANNEL) deliver = handler
      },
      unsubscribe() {},
    }
    const leave = changeBus.relayThrough(relay)
    try {
      // The web process wrote the row (its own transaction) and announced it.
      await Setting.updateOrCreate({ key: 'polygonAPI' }, { value1: 'pk-live' })
      assert.deepEqual(feedManager.running, [])
      deliver(JSON.stringify({ topic: 'settings', detail: 'polygonAPI', origin: 'web-2' }))
      await waitFor(() => feedManager.running.length === 2, 'the Polygon adapter', 5000)
      await waitFor(
        () => feedManager.heartbeat().feeds.polygonForex.success,
        'Polygon connected',
        5000
      )

      // A change of another setting restarts nothing.
      const connections = polygon.connections
      deliver(JSON.stringify({ topic: 'settings', detail: 'appName', origin: 'web-2' }))
      await feedManager.reload()
      assert.equal(polygon.connections, connections)
    } finally {
      await leave()
    }
  })
})
