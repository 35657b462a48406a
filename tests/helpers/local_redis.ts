import { connect } from 'node:net'
import type { Group } from '@japa/runner/core'
import { parseRedisUrl } from '#config/redis'

/** The Redis the Redis-backed tests use: REDIS_URL, or the local one CI and dev machines run. */
export const REDIS = parseRedisUrl(process.env.REDIS_URL || 'redis://127.0.0.1:6379')

/** True when something accepts a connection at REDIS within a second. */
export function redisAnswers() {
  return new Promise<boolean>((done) => {
    const socket = connect({ host: REDIS.host, port: REDIS.port })
    const answer = (answers: boolean) => {
      socket.destroy()
      done(answers)
    }
    socket.setTimeout(1000)
    socket.once('connect', () => answer(true))
    socket.once('timeout', () => answer(false))
    socket.once('error', () => answer(false))
  })
}

/**
 * Whether the group can run: without Redis its tests are skipped on a dev machine, and under CI
 * (which has Redis) a missing one is an error rather than a silent skip.
 */
export function redisOrSkip(group: Group, reachable: boolean) {
  if (reachable) return true
  if (process.env.CI === 'true') throw new Error(`No Redis at ${REDIS.host}:${REDIS.port}`)
  group.tap((t) => t.skip(true, `no Redis at ${REDIS.host}:${REDIS.port}`))
  return false
}
