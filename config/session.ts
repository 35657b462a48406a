import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { touchAtMostEvery } from '#services/session_touch'

/** A session unchanged by a request has its expiry pushed back at most this often (issue 25). */
const TOUCH_EVERY_MS = 60_000

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'broker-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  /*
   * Server-side by default: the cookie holds only the session id, so logout or
   * an ended session cannot be replayed. Redis when REDIS_URL is set (several
   * app instances), else the database. `cookie` only when asked for by name.
   */
  store: env.get('SESSION_DRIVER') ?? (env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    database: touchAtMostEvery(stores.database(), TOUCH_EVERY_MS),
    cookie: stores.cookie(),
    redis: touchAtMostEvery(stores.redis({ connection: 'main' }), TOUCH_EVERY_MS),
  },
})

export default sessionConfig
