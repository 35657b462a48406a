import { EventEmitter } from 'node:events'
import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { redisChannel } from '#services/redis_names'

/**
 * "Something every process caches has changed": site settings, API settings,
 * translations. A staff write calls `changeBus.announce(topic)` after its
 * transaction commits; listeners in this process run at once, and with
 * REDIS_URL set the news crosses to every other web or market process through
 * Redis pub/sub (start/change_bus.ts wires it). Each process drops its copy and
 * re-reads from the database, which stays the single source of truth.
 */
export type ChangeTopic = 'settings' | 'translations' | 'languages'

export interface ChangeNews {
  topic: ChangeTopic
  /** What changed inside the topic (a language code, a setting key), when it helps listeners. */
  detail?: string
}

/** The Redis side: what `@adonisjs/redis` connections offer. */
export interface ChangeRelay {
  publish(channel: string, message: string): Promise<unknown> | unknown
  subscribe(channel: string, handler: (message: string) => void): unknown
  unsubscribe(channel: string): Promise<unknown> | unknown
}

/** `${REDIS_PREFIX}:changes`: one deployment's processes only. */
export const CHANGE_CHANNEL = redisChannel('changes')

export class ChangeBus {
  readonly #local = new EventEmitter<{ change: [ChangeNews] }>()
  /** Tells this process's own messages apart when Redis echoes them back. */
  readonly #origin = randomUUID()
  #relay: ChangeRelay | null = null

  /** `channel`: another deployment's (tests); this deployment's by default. */
  constructor(readonly channel = CHANGE_CHANNEL) {
    this.#local.setMaxListeners(50)
  }

  /** Runs `listener` for every change of `topic`, here or in another process. Returns the unsubscribe. */
  on(topic: ChangeTopic, listener: (news: ChangeNews) => void) {
    const filtered = (news: ChangeNews) => {
      if (news.topic !== topic) return
      try {
        listener(news)
      } catch (error) {
        logger.warn({ err: error, topic }, 'change listener failed')
      }
    }
    this.#local.on('change', filtered)
    return () => {
      this.#local.off('change', filtered)
    }
  }

  /** Tells this process and, through Redis, every other one. */
  announce(topic: ChangeTopic, detail?: string) {
    const news: ChangeNews = detail === undefined ? { topic } : { topic, detail }
    this.#local.emit('change', news)
    if (!this.#relay) return
    try {
      const sent = this.#relay.publish(
        this.channel,
        JSON.stringify({ ...news, origin: this.#origin })
      )
      Promise.resolve(sent).catch((error) => logger.warn({ err: error }, 'change not relayed'))
    } catch (error) {
      logger.warn({ err: error }, 'change not relayed')
    }
  }

  /** Joins the other processes through `relay`; returns the leave function. */
  relayThrough(relay: ChangeRelay) {
    this.#relay = relay
    relay.subscribe(this.channel, (message) => {
      try {
        const { origin, ...news } = JSON.parse(message) as ChangeNews & { origin?: string }
        if (origin === this.#origin) return
        this.#local.emit('change', news)
      } catch (error) {
        logger.warn({ err: error }, 'bad relayed change')
      }
    })
    return async () => {
      if (this.#relay === relay) this.#relay = null
      await relay.unsubscribe(this.channel)
    }
  }
}

const changeBus = new ChangeBus()
export default changeBus
