import { createRequire } from 'node:module'
import logger from '@adonisjs/core/services/logger'

/**
 * Pub/sub over PostgreSQL LISTEN/NOTIFY, for deployments without Redis
 * (issue 22 §2). It holds ONE connection of its own, outside the pool: a
 * LISTEN belongs to a session, and a pooled connection would carry it to
 * whoever borrows it next. NOTIFY goes out on the same connection, never in
 * the caller's transaction (it would wait for that commit, or vanish with its
 * rollback). On any error the connection is dropped and reopened after a
 * short pause, and every channel listened to again; messages sent meanwhile
 * are lost, which listeners must tolerate (they are hints; the database is
 * the truth).
 *
 * Same shape as an `@adonisjs/redis` connection's publish/subscribe.
 */

/** The part of node-postgres' Client used here (the package ships no types). */
interface PgClient {
  connect(): Promise<void>
  query(sql: string, values?: unknown[]): Promise<unknown>
  end(): Promise<void>
  on(event: 'notification', fn: (n: { channel: string; payload?: string }) => void): void
  on(event: 'error' | 'end', fn: (error?: Error) => void): void
  removeAllListeners(): void
}

type PgClientConstructor = new (config: object) => PgClient

const RECONNECT_MS = 1_000

/** A channel name quoted as an identifier (LISTEN takes no bind parameters). */
export function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`
}

export class PgNotifyRelay {
  readonly #config: object
  readonly #handlers = new Map<string, Set<(message: string) => void>>()
  #client: PgClient | null = null
  #connecting: Promise<PgClient> | null = null
  #retry: NodeJS.Timeout | null = null
  #closed = false

  /** `config`: node-postgres connection options (host, port, user, password, database). */
  constructor(config: object) {
    // A silent network split must end the session (then it reconnects), not leave it deaf for hours.
    this.#config = {
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
      ...config,
    }
  }

  async publish(channel: string, message: string) {
    const client = await this.#connected()
    await client.query('SELECT pg_notify($1, $2)', [channel, message])
  }

  subscribe(
    channel: string,
    handler: (message: string) => void,
    options: { onSubscription?: (count: number) => void; onError?: (error: unknown) => void } = {}
  ) {
    const first = !this.#handlers.has(channel)
    if (first) this.#handlers.set(channel, new Set())
    this.#handlers.get(channel)!.add(handler)
    const ready = first
      ? this.#connected().then((client) => client.query(`LISTEN ${quoteIdent(channel)}`))
      : this.#connected()
    ready.then(
      () => options.onSubscription?.(this.#handlers.size),
      (error) => options.onError?.(error)
    )
  }

  async unsubscribe(channel: string) {
    if (!this.#handlers.delete(channel)) return
    const client = this.#client
    if (client) await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {})
  }

  /** Closes the connection for good. */
  async quit() {
    this.#closed = true
    if (this.#retry) clearTimeout(this.#retry)
    const client = this.#client ?? (await this.#connecting?.catch(() => null))
    this.#client = null
    if (client) {
      client.removeAllListeners()
      client.on('error', () => {})
      await client.end().catch(() => {})
    }
  }

  #connected(): Promise<PgClient> {
    if (this.#closed) return Promise.reject(new Error('relay closed'))
    if (this.#client) return Promise.resolve(this.#client)
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = null
    })
    return this.#connecting
  }

  async #open() {
    const require = createRequire(import.meta.url)
    const { Client } = require('pg') as { Client: PgClientConstructor }
    const client = new Client(this.#config)
    client.on('error', (error) => this.#lost(client, error))
    client.on('end', () => this.#lost(client))
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.#handlers.get(channel) ?? []) {
        try {
          handler(payload ?? '')
        } catch (error) {
          logger.warn({ err: error, channel }, 'notification handler failed')
        }
      }
    })
    try {
      await client.connect()
      for (const channel of this.#handlers.keys())
        await client.query(`LISTEN ${quoteIdent(channel)}`)
    } catch (error) {
      client.removeAllListeners()
      client.on('error', () => {})
      await client.end().catch(() => {})
      this.#scheduleReconnect()
      throw error
    }
    if (this.#closed) {
      await client.end().catch(() => {})
      throw new Error('relay closed')
    }
    this.#client = client
    return client
  }

  #lost(client: PgClient, error?: Error) {
    if (this.#client !== client) return
    this.#client = null
    client.removeAllListeners()
    client.on('error', () => {})
    client.end().catch(() => {})
    if (this.#closed) return
    logger.warn({ err: error }, 'LISTEN/NOTIFY connection lost; reconnecting')
    this.#scheduleReconnect()
  }

  /** Listeners must hear again without waiting for the next publish. */
  #scheduleReconnect() {
    if (this.#closed || this.#retry || this.#handlers.size === 0) return
    this.#retry = setTimeout(() => {
      this.#retry = null
      this.#connected().catch((error) =>
        logger.warn({ err: error }, 'LISTEN/NOTIFY reconnect failed')
      )
    }, RECONNECT_MS)
  }
}
