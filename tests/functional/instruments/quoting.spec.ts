import { test } from '@japa/runner'
import transmit from '@adonisjs/transmit/services/main'
import Instrument from '#models/instrument'
import settings from '#services/settings_service'
import priceBook from '#services/market/price_book'
import feedHealth from '#services/market/feed_health'
import feedManager from '#services/market/feeds/feed_manager'
import { PolygonWsFake } from '#tests/fakes/polygon_ws_fake'
import { waitFor } from '#tests/fakes/net'
import { FAST, resetMarketState } from '#tests/helpers/market_feeds'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { DEMO, demoUser } from '#tests/helpers/users'
import { PRICES_CHANNEL } from '#domain/channels'

const admin = () => demoUser(DEMO.admin)

const NEW_COIN = {
  name: 'ADA_USD',
  base: 'ADA',
  quote: 'USD',
  category: 'crypto',
  bids: '0.45120',
  asks: '0.45180',
  tradingview: 'BINANCE',
  alias: 'Cardano',
  leverage: 5,
  tradable: true,
}

const formOf = (i: Instrument, changes: Record<string, unknown> = {}) => ({
  name: i.name,
  base: i.base,
  quote: i.quote,
  category: i.category,
  tradingview: i.tradingview,
  alias: i.alias,
  leverage: i.leverage,
  tradable: i.tradable,
  swap: i.swap,
  ...changes,
})

test.group(
  'Instruments are quoted as soon as they change (market role in this process)',
  (group) => {
    isolate(group)
    let polygon: PolygonWsFake
    let frames: { channel: string; payload: any }[] = []
    const original = transmit.broadcast.bind(transmit)

    group.each.setup(async () => {
      resetMarketState()
      frames = []
      transmit.broadcast = ((channel: string, payload: any) => {
        frames.push({ channel, payload })
      }) as typeof transmit.broadcast
      polygon = await PolygonWsFake.start({ apiKey: 'pk' })
      return async () => {
        await feedManager.stop()
        transmit.broadcast = original
        await polygon.close()
        resetMarketState()
      }
    })

    test('the simulator quotes a new instrument at once, walks a repriced one from its new price, drops a deleted one', async ({
      client,
      assert,
    }) => {
      await feedManager.start({ ...FAST, heartbeatMs: 60_000 })
      assert.include(feedManager.simulated, 'crypto')

      const created = await api(client, 'post', '/admin/instruments', NEW_COIN).loginAs(
        await admin()
      )
      created.assertStatus(201)
      await waitFor(() => priceBook.get('ADA_USD') !== undefined, 'the first quote')
      assert.equal(priceBook.get('ADA_USD')!.feed, 'simulator')
      assert.equal(feedHealth.feedOf('ADA_USD'), 'simulator')
      // Browsers are told to re-read their instruments.
      assert.deepInclude(frames, { channel: PRICES_CHANNEL, payload: { type: 'catalog' } })

      const ada = await Instrument.findByOrFail('name', 'ADA_USD')
      await api(
        client,
        'put',
        `/admin/instruments/${ada.id}`,
        formOf(ada, { bids: '2.00000', asks: '2.00100' })
      ).loginAs(await admin())
      await waitFor(() => Number(priceBook.get('ADA_USD')?.bids) > 1.5, 'the new price')

      // An edit that leaves the price alone does not restart the walk.
      const walking = priceBook.get('ADA_USD')!
      await api(
        client,
        'put',
        `/admin/instruments/${ada.id}`,
        formOf(ada, { leverage: 3 })
      ).loginAs(await admin())
      await feedManager.instrumentsChanged({ categories: [] })
      assert.isAbove(Number(priceBook.get('ADA_USD')!.bids), 1.5)
      assert.isAtLeast(priceBook.get('ADA_USD')!.at, walking.at)

      const renamed = await api(
        client,
        'put',
        `/admin/instruments/${ada.id}`,
        formOf(ada, { name: 'CARDANO_USD' })
      ).loginAs(await admin())
      renamed.assertStatus(200)
      await waitFor(() => priceBook.get('CARDANO_USD') !== undefined, 'the new name quoted')
      assert.isUndefined(priceBook.get('ADA_USD'))
      assert.isUndefined(feedHealth.feedOf('ADA_USD'))

      ;(
        await api(client, 'delete', `/admin/instruments/${ada.id}`).loginAs(await admin())
      ).assertStatus(200)
      await waitFor(() => priceBook.get('CARDANO_USD') === undefined, 'the quote gone')
      await new Promise((r) => setTimeout(r, 300))
      assert.isUndefined(priceBook.get('CARDANO_USD'), 'the simulator no longer walks it')
      assert.isUndefined(feedHealth.feedOf('CARDANO_USD'))
    })

    test("a live feed's market: the feed reconnects subscribed to the new instrument and quotes it", async ({
      client,
      assert,
    }) => {
      await settings.put('polygonAPI', { value1: 'pk' })
      await feedManager.start({ ...FAST, heartbeatMs: 60_000, urls: { polygon: polygon.url } })
      await waitFor(() => polygon.subscriptions('crypto').length === 6, 'crypto subscriptions')

      ;(
        await api(client, 'post', '/admin/instruments', NEW_COIN).loginAs(await admin())
      ).assertStatus(201)
      await waitFor(
        () => polygon.subscriptions('crypto').length === 7,
        'the new subscription',
        3000
      )
      assert.equal(feedHealth.feedOf('ADA_USD'), 'polygonCrypto')
      assert.isUndefined(priceBook.get('ADA_USD'), 'the simulator leaves a live market alone')
      // The forex feed was not touched.
      assert.lengthOf(polygon.subscriptions('forex'), 17)

      await waitFor(
        () => {
          polygon.cryptoQuote('ADA-USD', '0.4601', '0.4607')
          return Number(priceBook.get('ADA_USD')?.bids) === 0.4601
        },
        'a provider quote',
        3000
      )

      // Moved to a simulated market: the live feed drops it, the simulator takes it.
      const ada = await Instrument.findByOrFail('name', 'ADA_USD')
      ;(
        await api(
          client,
          'put',
          `/admin/instruments/${ada.id}`,
          formOf(ada, { category: 'stock' })
        ).loginAs(await admin())
      ).assertStatus(200)
      await waitFor(
        () => feedHealth.feedOf('ADA_USD') === 'simulator',
        'the simulator takes it',
        3000
      )
      await waitFor(() => polygon.subscriptions('crypto').length === 6, 'unsubscribed', 3000)
    })

    test('where the market role is off nothing is started', async ({ client, assert }) => {
      ;(
        await api(client, 'post', '/admin/instruments', NEW_COIN).loginAs(await admin())
      ).assertStatus(201)
      await feedManager.instrumentsChanged({ categories: ['crypto'] })
      assert.isUndefined(priceBook.get('ADA_USD'))
      assert.deepEqual(feedManager.running, [])
    })
  }
)
