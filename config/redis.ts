import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import { REDIS_PREFIX } from '#services/redis_names'
import type { InferConnections } from '@adonisjs/redis/types'

/* Connections open lazily: nothing dials Redis unless REDIS_URL selects it. */
const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      ...parseRedisUrl(env.get('REDIS_URL', 'redis://127.0.0.1:6379')),
      // Every key of this deployment (sessions, limiter, presence, heartbeat): `${REDIS_PREFIX}:…`.
      keyPrefix: `${REDIS_PREFIX}:`,
      retryStrategy(times) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

/** Connection options from a redis:// URL (host, port, password, database). */
export function parseRedisUrl(url: string) {
  const parsed = new URL(url)
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    password: parsed.password || undefined,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
  }
}

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
