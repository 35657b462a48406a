/*
| The market role (DESIGN.md "Processes", issue 22). A process whose APP_ROLES
| include `market` (the default `web,market` is the embedded shape) and whose
| MARKET_FEED is not `off` competes for the market lease; exactly one such
| process holds it and runs the role: a live adapter for every provider whose
| key is set in the API settings, the built-in simulator for the markets no
| configured provider covers, feed heartbeats, price fan-out to browsers,
| stale frames, candles, the risk engine and the pending orders. The others stand by and take
| over within a few seconds of the holder's death, resuming from the database.
| MARKET_FEED=off (the default) runs none of it; `npm run demo` turns it on.
*/
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { startPriceFanout } from '#services/market/price_fanout'
import { startStaleBroadcast } from '#services/market/stale_broadcast'
import candleAggregator from '#services/market/candle_aggregator'
import priceStream from '#services/market/price_stream'
import redis from '@adonisjs/redis/services/main'
import { RiskEngine } from '#services/market/risk_engine'
import { PendingEngine } from '#services/market/pending_engine'
import { RolloverScheduler } from '#services/market/rollover_scheduler'
import { reconcileAfterRollover } from '#actions/ledger/reconcile_after_rollover'
import feedManager from '#services/market/feeds/feed_manager'
import heartbeatStore from '#services/market/heartbeat_store'
import exposureSnapshots from '#services/market/exposure_snapshots'
import marketLease from '#services/market/market_lease'
import { MarketRole, type RoleStep } from '#services/market/market_role'

const roles = env.get('APP_ROLES', 'web,market').split(',')

if (roles.includes('market') && env.get('MARKET_FEED', 'off') !== 'off') {
  // In this order; a lost lease stops them in reverse: the feeds first.
  const steps: RoleStep[] = [
    ({ fence }) => startPriceFanout({ fence }),
    () => startStaleBroadcast(),
    ({ fence }) => {
      const stop = candleAggregator.start({ fence })
      // The next holder's bars may be merged into the stored ones: forget ours.
      return async () => {
        await stop()
        candleAggregator.reset()
      }
    },
    // Before the feeds, so no tick goes unchecked: stops fire with no browser open.
    // The dealing desk's exposure snapshots (issue 24 item 3) come from this engine's book.
    async ({ fence }) => {
      const engine = new RiskEngine({ fence })
      const stopEngine = await engine.start()
      const stopSnapshots = exposureSnapshots.start(engine)
      return async () => {
        stopSnapshots()
        await stopEngine()
      }
    },
    // Every pending order, loaded afresh by each holder: a standby that takes over resumes them all.
    ({ fence }) => new PendingEngine({ fence }).start(),
    async () => {
      await feedManager.start({
        urls: {
          polygon: env.get('POLYGON_WS_URL'),
          eodhd: env.get('EODHD_WS_URL'),
          oanda: env.get('OANDA_STREAM_URL'),
          currencyApi: env.get('CURRENCY_API_URL'),
        },
      })
      return () => feedManager.stop()
    },
    // Overnight swaps at 17:00 New York, missed days caught up; after the risk engine, which hears each debit.
    // Each finished rollover day is followed by the end-of-day reconciliation of the books.
    ({ fence }) =>
      new RolloverScheduler({
        fence,
        afterRollover: (date) => reconcileAfterRollover(date),
      }).start(),
  ]
  const role = new MarketRole({ lease: marketLease, steps })
  app.ready(() => role.start())
  app.terminating(() => role.stop())
}

/*
| Several web processes (REDIS_URL): price frames cross them through Redis,
| serialized once by the publisher and encoded once per process; the last
| feed heartbeat is kept there for the web processes' API Status page.
*/
if (env.get('REDIS_URL')) {
  let stopRelay: (() => Promise<void>) | null = null
  let stopSharing: (() => void) | null = null
  let stopExposure: (() => void) | null = null
  app.ready(() => {
    stopRelay = priceStream.relayThrough(redis)
    stopSharing = heartbeatStore.shareThrough(redis)
    stopExposure = exposureSnapshots.shareThrough(redis)
  })
  app.terminating(async () => {
    stopSharing?.()
    stopExposure?.()
    await stopRelay?.()
  })
}
