/*
| The market role inside the web process (the embedded default, DESIGN.md
| "Processes"): with MARKET_FEED=simulator the built-in simulator quotes every
| instrument, prices fan out to browsers and candles are built and stored.
| `npm run demo` turns it on.
*/
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { startSimulator } from '#services/market/simulator'
import { startPriceFanout } from '#services/market/price_fanout'
import candleAggregator from '#services/market/candle_aggregator'

if (env.get('MARKET_FEED', 'off') === 'simulator') {
  const stops: (() => void | Promise<void>)[] = []
  app.ready(async () => {
    stops.push(startPriceFanout())
    stops.push(candleAggregator.start())
    stops.push(await startSimulator())
  })
  app.terminating(async () => {
    for (const stop of stops.reverse()) await stop()
  })
}
