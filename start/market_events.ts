/*
| Market events across processes (app/services/market/market_events.ts):
| Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on a
| connection of its own when the database is PostgreSQL; on SQLite the app is
| one process and its listeners hear everything in-process.
*/
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import env from '#start/env'
import marketEvents from '#services/market/market_events'
import { PgNotifyRelay } from '#services/pg_notify_relay'
import { redisChannel } from '#services/redis_names'

const CHANNEL = redisChannel('market-events')

let leave: (() => Promise<void>) | null = null
/** A SIGTERM during boot: joining after it would hold a connection nobody closes. */
let stopping = false
if (env.get('REDIS_URL')) {
  app.ready(() => {
    if (stopping) return
    // A connection, not the manager: the manager's subscribe drops the readiness callbacks.
    leave = marketEvents.relayThrough(redis.connection(), CHANNEL).leave
  })
} else {
  const connection = db.manager.get(db.primaryConnectionName)
  if (connection?.config.client === 'pg') {
    const relay = new PgNotifyRelay(connection.config.connection as object)
    app.ready(() => {
      if (stopping) return
      const joined = marketEvents.relayThrough(relay, CHANNEL)
      leave = async () => {
        await joined.leave()
        await relay.quit()
      }
    })
  }
}
app.terminating(async () => {
  stopping = true
  await leave?.()
})
