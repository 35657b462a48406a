/*
| The market role inside the web process (the embedded default, DESIGN.md
| "Processes"): with MARKET_FEED=simulator the built-in simulator quotes every
| instrument and prices fan out to browsers. `npm run demo` turns it on.
*/
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { startSimulator } from '#services/market/simulator'
import { startPriceFanout } from '#services/market/price_fanout'

if (env.get('MARKET_FEED', 'off') === 'simulator') {
  const stops: (() => void)[] = []
  app.ready(async () => {
    stops.push(startPriceFanout())
    stops.push(await startSimulator())
  })
  app.terminating(() => stops.forEach((stop) => stop()))
}
