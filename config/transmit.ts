import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports'
import { parseRedisUrl } from '#config/redis'
import { REDIS_PREFIX, redisChannel } from '#services/redis_names'

/*
| With REDIS_URL, broadcasts cross app instances through Redis pub/sub, on this
| deployment's channel (Transmit's default, `transmit::broadcast`, is shared by
| every deployment on the Redis). The bus keeps no keys; the prefix is for symmetry.
*/
export function redisTransport(redisUrl: string) {
  return {
    driver: redis({ ...parseRedisUrl(redisUrl), keyPrefix: `${REDIS_PREFIX}:transmit:` }),
    channel: redisChannel('transmit'),
  }
}

const redisUrl = env.get('REDIS_URL')

export default defineConfig({
  pingInterval: '30s',
  transport: redisUrl ? redisTransport(redisUrl) : null,
})
