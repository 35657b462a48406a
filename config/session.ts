import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

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
    database: stores.database(),
    cookie: stores.cookie(),
    redis: stores.redis({ connection: 'main' }),
  },
})

export default sessionConfig
