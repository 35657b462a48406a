/*
| Web processes watch the market role (issue 22 §3): when its pulse stops, this
| process's tabs hear within 5 s that every price is stale, and recover on
| their own when a holder pulses again (app/services/market/market_watch.ts).
| Runs where the process serves browsers (APP_ROLES unset or with `web`) and a
| market role can be heard: in this process (MARKET_FEED on) or through Redis.
| Without either no role can ever pulse, and nothing changes from before.
*/
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import marketWatch from '#services/market/market_watch'

const roles = env.get('APP_ROLES', 'web,market').split(',')
const canHearRole = env.get('MARKET_FEED', 'off') !== 'off' || Boolean(env.get('REDIS_URL'))

if (roles.includes('web') && canHearRole) {
  let stop: (() => void) | null = null
  app.ready(() => {
    stop = marketWatch.start()
  })
  app.terminating(() => {
    stop?.()
  })
}
