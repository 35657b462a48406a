import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  decodeMarketEvents,
  encodeMarketEvents,
  marketEventKey,
  type MarketEvent,
  type MarketEventOf,
  type MarketEventType,
} from '#domain/market_events'

export type {
  OpenedRows,
  InstrumentChange,
  MarketEvent,
  MarketEventOf,
  MarketEventType,
} from '#domain/market_events'

/**
 * What the market role reacts to, wherever it happened (issue 22 §2; DESIGN:
 * one active market process, any number of web processes).
 *
 * `publish` runs this process's listeners at once and hands the event to the
 * relay (Redis pub/sub, or PostgreSQL LISTEN/NOTIFY; start/market_events.ts
 * picks it), which carries it to every other process within milliseconds.
 * Writers publish only after their transaction commits (`afterCommit`), so a
 * listener that re-reads the database sees the write. Events are hints: the
 * database stays the truth, and a message lost in a reconnection is caught up
 * by the risk engine's reconciliation.
 */

/** The pub/sub side, as `@adonisjs/redis` connections offer it (and PgNotifyRelay does). */
export interface EventRelay {
  publish(channel: string, message: string): Promise<unknown> | unknown
  subscribe(
    channel: string,
    handler: (message: string) => void,
    options?: { onSubscription?: (count: number) => void; onError?: (error: unknown) => void }
  ): unknown
  unsubscribe(channel: string): Promise<unknown> | unknown
}

type Listener<T extends MarketEventType> = (event: MarketEventOf<T>) => void

export class MarketEvents {
  /** Tells this process's own messages apart when the relay echoes them back. */
  readonly origin = randomUUID()
  readonly #listeners = new Map<MarketEventType, Set<(event: MarketEvent) => void>>()
  #relay: { relay: EventRelay; channel: string } | null = null
  /** Events of this tick, sent to the relay as one message (or a few) on the next. */
  #outbox = new Map<string, MarketEvent>()
  #flushing: Promise<void> | null = null
  /** Events waiting for the commit of the transaction that caused them. */
  readonly #afterCommit = new WeakMap<TransactionClientContract, Map<string, MarketEvent>>()

  /** Runs `listener` for each event of `type`, from this process or another. Returns the unsubscribe. */
  on<T extends MarketEventType>(type: T, listener: Listener<T>) {
    let set = this.#listeners.get(type)
    if (!set) this.#listeners.set(type, (set = new Set()))
    const entry = listener as (event: MarketEvent) => void
    set.add(entry)
    return () => {
      set.delete(entry)
    }
  }

  /** Tells this process now and the others through the relay. Call it after the commit. */
  publish(event: MarketEvent) {
    this.#deliver(event)
    if (!this.#relay) return
    // Rows handed to this process's listeners stay here: the others read them.
    const wire =
      event.type === 'order.opened' ? { type: event.type, orderId: event.orderId } : event
    this.#outbox.set(marketEventKey(wire), wire)
    this.#flushing ??= this.#flush()
  }

  /**
   * Publishes `event` once `trx` commits; nothing when it rolls back. The same
   * event registered twice on one transaction (several ledger entries on one
   * wallet) is published once. A savepoint's commit counts as the commit:
   * register on the outer transaction when the write may still be undone.
   */
  afterCommit(trx: TransactionClientContract, event: MarketEvent) {
    let pending = this.#afterCommit.get(trx)
    if (!pending) {
      const batch = new Map<string, MarketEvent>()
      pending = batch
      this.#afterCommit.set(trx, batch)
      trx.after('commit', () => {
        this.#afterCommit.delete(trx)
        for (const queued of batch.values()) this.publish(queued)
      })
    }
    pending.set(marketEventKey(event), event)
  }

  /** Resolves when what was published so far has been handed to the relay. */
  async flushed() {
    while (this.#flushing) await this.#flushing
  }

  /**
   * Joins the other processes through `relay` on `channel` at once (what is
   * published from now on is sent). `ready` resolves once subscribed, or once
   * the attempt failed (logged: the relay keeps trying, ioredis reconnects and
   * PgNotifyRelay reopens, and the book's reconciliation catches up meanwhile).
   */
  relayThrough(relay: EventRelay, channel: string) {
    this.#relay = { relay, channel }
    const ready = new Promise<void>((resolve) => {
      relay.subscribe(channel, (message) => this.#receive(message), {
        onSubscription: () => resolve(),
        onError: (error) => {
          logger.error({ err: error, channel }, 'market events: not listening to other processes')
          resolve()
        },
      })
    })
    const leave = async () => {
      await this.flushed()
      if (this.#relay?.relay === relay) this.#relay = null
      await relay.unsubscribe(channel)
    }
    return { ready, leave }
  }

  /** Sends the outbox on the next tick (the writes of one tick share a message), until it is empty. */
  async #flush() {
    await new Promise((resolve) => setImmediate(resolve))
    while (this.#outbox.size) {
      const events = [...this.#outbox.values()]
      this.#outbox.clear()
      const target = this.#relay
      if (!target) break
      try {
        for (const message of encodeMarketEvents(this.origin, events)) {
          await target.relay.publish(target.channel, message)
        }
      } catch (error) {
        logger.warn({ err: error, events: events.length }, 'market events not relayed')
      }
    }
    this.#flushing = null
  }

  #receive(message: string) {
    const decoded = decodeMarketEvents(message)
    if (!decoded.ok) {
      logger.warn(
        { reason: decoded.reason, message: message.slice(0, 200) },
        'bad market event message'
      )
      return
    }
    if (decoded.batch.origin === this.origin) return
    if (decoded.rejected.length) {
      logger.warn({ rejected: decoded.rejected.slice(0, 5) }, 'bad market events ignored')
    }
    for (const event of decoded.batch.events) this.#deliver(event)
  }

  #deliver(event: MarketEvent) {
    const set = this.#listeners.get(event.type)
    if (!set) return
    for (const listener of [...set]) {
      try {
        listener(event)
      } catch (error) {
        logger.warn({ err: error, event }, 'market event listener failed')
      }
    }
  }
}

const marketEvents = new MarketEvents()
export default marketEvents
