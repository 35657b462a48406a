/*
| Cache invalidation across processes (app/services/change_bus.ts): with
| REDIS_URL set, every web and market process hears the changes announced by
| the others.
*/
import app from '@adonisjs/core/services/app'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import changeBus from '#services/change_bus'

if (env.get('REDIS_URL')) {
  let leave: (() => Promise<void>) | null = null
  app.ready(() => {
    leave = changeBus.relayThrough(redis)
  })
  app.terminating(async () => {
    await leave?.()
  })
}
