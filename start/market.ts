/*
| The market role inside the web process (the embedded default, DESIGN.md
| "Processes"). MARKET_FEED=simulator turns the role on: a live adapter for
| every provider whose key is set in the API settings, the built-in simulator
| for the markets no configured provider covers, feed heartbeats, price
| fan-out to browsers and candles. MARKET_FEED=off (the default) runs none of
| it. `npm run demo` turns it on.
*/
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { startPriceFanout } from '#services/market/price_fanout'
import { startStaleBroadcast } from '#services/market/stale_broadcast'
import candleAggregator from '#services/market/candle_aggregator'
import priceStream from '#services/market/price_stream'
import redis from '@adonisjs/redis/services/main'
import { RiskEngine } from '#services/market/risk_engine'
import feedManager from '#services/market/feeds/feed_manager'
import heartbeatStore from '#services/market/heartbeat_store'

if (env.get('MARKET_FEED', 'off') === 'simulator') {
  const stops: (() => void | Promise<void>)[] = []
  app.ready(async () => {
    stops.push(startPriceFanout())
    stops.push(startStaleBroadcast())
    stops.push(candleAggregator.start())
    // Before the feeds, so no tick goes unchecked: stops fire with no browser open.
    stops.push(await new RiskEngine().start())
    await feedManager.start({
      urls: {
        polygon: env.get('POLYGON_WS_URL'),
        eodhd: env.get('EODHD_WS_URL'),
        oanda: env.get('OANDA_STREAM_URL'),
        currencyApi: env.get('CURRENCY_API_URL'),
      },
    })
    stops.push(() => feedManager.stop())
  })
  app.terminating(async () => {
    for (const stop of stops.reverse()) await stop()
  })
}

/*
| Several web processes (REDIS_URL): price frames cross them through Redis,
| serialized once by the publisher and encoded once per process; the last
| feed heartbeat is kept there for the web processes' API Status page.
*/
if (env.get('REDIS_URL')) {
  let stopRelay: (() => Promise<void>) | null = null
  let stopSharing: (() => void) | null = null
  app.ready(() => {
    stopRelay = priceStream.relayThrough(redis)
    stopSharing = heartbeatStore.shareThrough(redis)
  })
  app.terminating(async () => {
    stopSharing?.()
    await stopRelay?.()
  })
}
