import os from 'node:os'
import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  fenceRefusal,
  leaseExpired,
  leaseHolderId,
  LEASE_TTL_MS,
  type LeaseRow,
} from '#domain/market_lease'

/** A check a market-role write runs first in its own transaction; it throws when the lease is gone. */
export type Fence = (trx: TransactionClientContract) => Promise<void>

/** A fenced write of a deposed holder: its transaction rolls back. */
export class LeaseLostError extends Error {
  code = 'E_MARKET_LEASE_LOST'
  constructor(reason: string) {
    super(`Market role write refused: ${reason}`)
  }
}

export interface LeaseStatus {
  holder: string | null
  epoch: number
  acquiredAt: Date | null
  renewedAt: Date | null
  expiresAt: Date | null
  /** Someone holds it now (not expired). */
  held: boolean
  /** This process holds it now. */
  isMe: boolean
}

export interface MarketLeaseOptions {
  /** This process's id in the row (default host:pid:random). */
  holder?: string
  ttlMs?: number
  /** The row's name (tests use their own). */
  name?: string
  /** The connection to use (default: the app's default connection). */
  client?: () => QueryClientContract
}

type Client = QueryClientContract | TransactionClientContract

/**
 * The market lease (issue 22 item 1; docs/DECISIONS.md "The market lease"): a
 * row of `market_leases` that one process at a time holds. Acquiring and
 * renewing are each ONE conditional UPDATE (compare-and-set), timed by the
 * database's clock, so two processes can never both succeed and no process's
 * own clock matters. Every takeover increments the epoch; the holder's money
 * writes call `assertLeaseHeld(trx, epoch)` inside their transaction, so a
 * deposed holder (a paused VM, a network split) cannot commit once another
 * took over. On PostgreSQL that check holds the row FOR SHARE, so a takeover's
 * UPDATE waits for a fenced write already under way to commit: the new
 * holder's epoch starts after the old holder's last write. SQLite has one
 * writer and one process (the embedded shape), which holds the lease trivially.
 */
export class MarketLease {
  readonly holder: string
  readonly ttlMs: number
  readonly name: string
  #client: () => QueryClientContract
  #rowReady: Promise<void> | null = null

  constructor(options: MarketLeaseOptions = {}) {
    this.holder =
      options.holder ?? leaseHolderId(os.hostname(), process.pid, randomBytes(3).toString('hex'))
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS
    this.name = options.name ?? 'market'
    this.#client = options.client ?? (() => db.connection())
  }

  /**
   * Takes the lease if it is free (nobody, expired, or a leftover of this very
   * holder): one more epoch. Returns the new epoch, or null when another
   * process holds it.
   */
  async acquire(): Promise<number | null> {
    await this.#ensureRow()
    const client = this.#client()
    const now = nowSql(client)
    const rows = await run(
      client,
      `UPDATE market_leases
          SET holder = ?, epoch = epoch + 1, acquired_at = ${now}, renewed_at = ${now},
              expires_at = ${now} + ?
        WHERE name = ? AND (holder IS NULL OR holder = ? OR expires_at <= ${now})
        RETURNING epoch`,
      [this.holder, this.ttlMs, this.name, this.holder]
    )
    return rows.length ? Number(rows[0].epoch) : null
  }

  /**
   * Extends the lease held at `epoch`; false when another process took it
   * (the caller stops the role at once and stands by). A lease that ran out
   * while nobody took it (a slow database, a long SQLite transaction) is
   * extended: every takeover changes the epoch, and the fence refused this
   * holder's writes while it was expired.
   */
  async renew(epoch: number): Promise<boolean> {
    const client = this.#client()
    const now = nowSql(client)
    const rows = await run(
      client,
      `UPDATE market_leases SET renewed_at = ${now}, expires_at = ${now} + ?
        WHERE name = ? AND holder = ? AND epoch = ?
        RETURNING epoch`,
      [this.ttlMs, this.name, this.holder, epoch]
    )
    return rows.length === 1
  }

  /** Gives the lease up (graceful shutdown): it expires now, so a standby takes over at its next try. */
  async release(epoch: number): Promise<boolean> {
    const client = this.#client()
    const now = nowSql(client)
    const rows = await run(
      client,
      `UPDATE market_leases SET expires_at = ${now}
        WHERE name = ? AND holder = ? AND epoch = ? AND expires_at > ${now}
        RETURNING epoch`,
      [this.name, this.holder, epoch]
    )
    return rows.length === 1
  }

  /**
   * The fence of a market-role write: inside its transaction, throws
   * LeaseLostError unless this process holds the lease at `epoch` and it has
   * not expired. On PostgreSQL the row stays share-locked until the
   * transaction ends, so no takeover happens in between.
   */
  async assertLeaseHeld(trx: TransactionClientContract, epoch: number): Promise<void> {
    const { row, now } = await this.#read(trx, true)
    const refusal = fenceRefusal(row, this.holder, epoch, now)
    if (refusal) throw new LeaseLostError(refusal)
  }

  /** The fence for the role's writes at `epoch`. */
  fence(epoch: number): Fence {
    return (trx) => this.assertLeaseHeld(trx, epoch)
  }

  /** Who holds the lease (API Status, logs). */
  async status(): Promise<LeaseStatus> {
    const { row, now } = await this.#read(this.#client(), false)
    const held = !!row && row.holder !== null && !leaseExpired(row, now)
    const date = (ms: number | null | undefined) => (ms ? new Date(ms) : null)
    return {
      holder: row?.holder ?? null,
      epoch: row?.epoch ?? 0,
      acquiredAt: date(row?.acquiredAt),
      renewedAt: date(row?.renewedAt),
      expiresAt: date(row?.expiresAt),
      held,
      isMe: held && row!.holder === this.holder,
    }
  }

  async #read(client: Client, share: boolean): Promise<{ row: LeaseRow | null; now: number }> {
    const lock = share && isPostgres(client) ? ' FOR SHARE' : ''
    const rows = await run(
      client,
      `SELECT holder, epoch, expires_at, acquired_at, renewed_at, ${nowSql(client)} AS now
         FROM market_leases WHERE name = ?${lock}`,
      [this.name]
    )
    const r = rows[0]
    if (!r) return { row: null, now: 0 }
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
    return {
      row: {
        holder: r.holder ?? null,
        epoch: Number(r.epoch),
        expiresAt: Number(r.expires_at),
        acquiredAt: num(r.acquired_at),
        renewedAt: num(r.renewed_at),
      },
      now: Number(r.now),
    }
  }

  /** The row exists before the first compare-and-set; inserting it twice is harmless. */
  #ensureRow() {
    this.#rowReady ??= run(
      this.#client(),
      `INSERT INTO market_leases (name, holder, epoch, expires_at) VALUES (?, NULL, 0, 0)
         ON CONFLICT (name) DO NOTHING`,
      [this.name]
    )
      .then(() => undefined)
      .catch((error) => {
        this.#rowReady = null
        throw error
      })
    return this.#rowReady
  }
}

function isPostgres(client: Client) {
  return client.dialect.name === 'postgres'
}

/** The database's clock in milliseconds since 1970, as SQL (one statement sees one instant). */
function nowSql(client: Client) {
  return isPostgres(client)
    ? 'CAST(FLOOR(EXTRACT(EPOCH FROM statement_timestamp()) * 1000) AS BIGINT)'
    : "CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)"
}

/** The rows of a raw statement (PostgreSQL answers { rows }, better-sqlite3 an array). */
async function run(client: Client, sql: string, bindings: unknown[]): Promise<any[]> {
  const result = await client.rawQuery(sql, bindings as any[])
  return Array.isArray(result) ? result : (result?.rows ?? [])
}

/** This process's lease (its holder id names the process in logs and on API Status). */
const marketLease = new MarketLease()
export default marketLease
