import env from '#start/env'

/**
 * One prefix for every Redis key and pub/sub channel of this deployment (issue 22 §4): two
 * deployments sharing one Redis must not hear each other, and pub/sub ignores the db index.
 * Keys get it from the connection's `keyPrefix` (config/redis.ts); channels are not prefixed by
 * ioredis, so every channel name is built here.
 */
export const REDIS_PREFIX = env.get('REDIS_PREFIX') || 'broker'

/** The pub/sub channel `name` of this deployment (or of `prefix`'s), e.g. `broker:prices:frames`. */
export function redisChannel(name: string, prefix = REDIS_PREFIX) {
  return `${prefix}:${name}`
}
