import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports'

/* With REDIS_URL, broadcasts cross app instances through Redis pub/sub. */
const redisUrl = env.get('REDIS_URL')

export default defineConfig({
  pingInterval: '30s',
  transport: redisUrl
    ? {
        driver: redis({
          host: new URL(redisUrl).hostname,
          port: Number(new URL(redisUrl).port || 6379),
          keyPrefix: 'transmit',
        }),
      }
    : null,
})
