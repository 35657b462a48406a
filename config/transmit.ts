import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports'
import { parseRedisUrl } from '#config/redis'

/* With REDIS_URL, broadcasts cross app instances through Redis pub/sub. */
const redisUrl = env.get('REDIS_URL')

export default defineConfig({
  pingInterval: '30s',
  transport: redisUrl
    ? {
        driver: redis({ ...parseRedisUrl(redisUrl), keyPrefix: 'transmit' }),
      }
    : null,
})
