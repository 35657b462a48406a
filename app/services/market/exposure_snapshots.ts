import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import { DateTime } from 'luxon'
import { EXPOSURE_CHANNEL } from '#domain/channels'
import { marginCallLevelFrom } from '#domain/book_settings'
import { conversionRate, midPrice } from '#domain/conversion'
import {
  categoryTotals,
  decimalText,
  usdPerUnit,
  usdText,
  type BookMode,
  type ExposureFigures,
} from '#domain/exposure'
import type { Category } from '#domain/instruments'
import { latestRolloverDate, rolloverInstant } from '#domain/swaps'
import priceBook from '#services/market/price_book'
import settings from '#services/settings_service'
import type { AccountFigures, ModeFigures } from '#services/market/exposure_book'
import type { RiskEngine } from '#services/market/risk_engine'

/*
 * The exposure screen's snapshots (issue 24 item 3). The market role builds
 * one at most once a second from the risk engine's book and publishes it:
 * kept in this process, stored in Redis for the web processes (with
 * REDIS_URL), pushed on the staff-only `exposure` Transmit channel. A web
 * process without the role reads the latest from Redis; older than
 * SNAPSHOT_FRESH_MS, a snapshot says nothing about now (the role is down).
 *
 * Today's realized P/L is one grouped query over the orders closed since the
 * latest 17:00 New York rollover (the (instrument, close_time) index), run at
 * most every REALIZED_EVERY_MS: the engine forgets a position when it closes.
 */

export const EXPOSURE_KEY = 'exposure:snapshot'
export const SNAPSHOT_EVERY_MS = 1_000
export const SNAPSHOT_FRESH_MS = 10_000
const REALIZED_EVERY_MS = 5_000
const NAME_CACHE = 10_000
/** A customer renamed by staff shows under the new name within this long. */
export const NAME_TTL_MS = 60_000

export interface ExposureRow {
  instrument: string
  category: Category
  longUnits: string
  shortUnits: string
  netUnits: string
  grossUnits: string
  /** Signed net notional in USD. */
  usdNotional: string | null
  usdGross: string | null
  positions: number
  clientsUnrealizedPl: string | null
  realizedToday: string
}

export interface ExposureAccount {
  balanceId: number
  userId: number
  name: string
  currency: string
  positions: number
  usdNotional: string
  unrealizedPl: string | null
  equity: string
  margin: string
  marginLevel: string | null
}

export interface ExposureTotal {
  category: Category
  positions: number
  usdNotional: string
  usdGross: string
  clientsUnrealizedPl: string
  realizedToday: string
}

export interface ModeSnapshot {
  data: ExposureRow[]
  totals: ExposureTotal[]
  topByNotional: ExposureAccount[]
  topByUnrealizedPl: ExposureAccount[]
  marginCalls: ExposureAccount[]
  marginCallCount: number
}

export interface ExposureSnapshot {
  builtAt: string
  buildMs: number
  marginCallLevel: string
  /** The New York day whose rollover starts "today" for the realized P/L. */
  since: string
  modes: Record<BookMode, ModeSnapshot>
}

/** The Redis side: what `@adonisjs/redis` connections offer. */
export interface SnapshotShare {
  set(key: string, value: string, mode: 'PX', ms: number): Promise<unknown>
  get(key: string): Promise<string | null>
}

/** `${mode} ${instrument}` → today's realized P/L in USD. */
type Realized = Map<string, { category: Category; usd: number }>

class ExposureSnapshots {
  #latest: { snapshot: ExposureSnapshot; at: number } | null = null
  #share: SnapshotShare | null = null
  #realized: { at: number; since: string; sums: Realized } | null = null
  #names = new Map<number, string>()
  /** When `#names` was last emptied: a name is re-read at least this often (a renamed customer). */
  #namesSince = Date.now()

  /**
   * Builds a snapshot of `engine`'s book now. The figures are synchronous
   * (the book cannot change under them); names and realized P/L are reads.
   */
  async build(engine: RiskEngine, now = Date.now()): Promise<ExposureSnapshot> {
    const level = marginCallLevelFrom(await settings.rows())
    const since = latestRolloverDate(DateTime.fromMillis(now, { zone: 'utc' }))
    const realized = await this.#realizedSince(since, now)
    const started = performance.now()
    const figures = engine.exposureFigures(Number(level))
    const buildMs = performance.now() - started
    await this.#learnNames(figures, now)
    return {
      builtAt: new Date(now).toISOString(),
      buildMs: Math.round(buildMs * 10) / 10,
      marginCallLevel: level,
      since,
      modes: {
        real: this.#mode('real', figures.real, realized),
        demo: this.#mode('demo', figures.demo, realized),
      },
    }
  }

  /** Keeps, stores and pushes a snapshot. */
  publish(snapshot: ExposureSnapshot, at = Date.now()) {
    this.#latest = { snapshot, at }
    const text = JSON.stringify(snapshot)
    this.#share
      ?.set(EXPOSURE_KEY, text, 'PX', SNAPSHOT_FRESH_MS)
      .catch((error) => logger.warn({ err: error }, 'exposure snapshot not shared'))
    transmit.broadcast(EXPOSURE_CHANNEL, { type: 'exposure', snapshot: text })
  }

  /** The latest fresh snapshot of this process or of the market process; null when none is. */
  async latest(now = Date.now()): Promise<ExposureSnapshot | null> {
    if (this.#latest && now - this.#latest.at <= SNAPSHOT_FRESH_MS) return this.#latest.snapshot
    if (!this.#share) return null
    try {
      const text = await this.#share.get(EXPOSURE_KEY)
      const snapshot = text ? (JSON.parse(text) as ExposureSnapshot) : null
      if (!snapshot?.modes || now - Date.parse(snapshot.builtAt) > SNAPSHOT_FRESH_MS) return null
      return snapshot
    } catch (error) {
      logger.warn({ err: error }, 'shared exposure snapshot not read')
      return null
    }
  }

  /** Shares snapshots across processes; returns the function that stops sharing. */
  shareThrough(share: SnapshotShare) {
    this.#share = share
    return () => {
      if (this.#share === share) this.#share = null
    }
  }

  forget() {
    this.#latest = null
    this.#realized = null
    this.#names.clear()
  }

  /**
   * The market role's step: a snapshot every second while the engine runs
   * (a slow build skips a beat rather than piling up).
   */
  start(engine: RiskEngine, everyMs = SNAPSHOT_EVERY_MS) {
    let building = false
    const timer = setInterval(() => {
      if (building || !engine.ready) return
      building = true
      this.build(engine)
        .then((snapshot) => this.publish(snapshot))
        .catch((error) => logger.error({ err: error }, 'exposure snapshot failed'))
        .finally(() => (building = false))
    }, everyMs)
    return () => {
      clearInterval(timer)
      this.#latest = null
    }
  }

  #mode(mode: BookMode, f: ModeFigures, realized: Realized): ModeSnapshot {
    const seen = new Set<string>()
    const rows = f.rows.map((row) => {
      seen.add(row.instrument)
      return { ...row, realizedToday: realized.get(`${mode} ${row.instrument}`)?.usd ?? 0 }
    })
    // Instruments closed today with nothing open now still show their realized P/L.
    for (const [key, { category, usd }] of realized) {
      const [rowMode, instrument] = key.split(' ')
      if (rowMode !== mode || seen.has(instrument)) continue
      rows.push({ ...closedOnly(instrument, category), realizedToday: usd })
    }
    rows.sort((a, b) => (a.instrument < b.instrument ? -1 : 1))
    return {
      data: rows.map(rowText),
      totals: categoryTotals(rows).map((t) => ({
        category: t.category,
        positions: t.positions,
        usdNotional: usdText(t.usdNotional)!,
        usdGross: usdText(t.usdGross)!,
        clientsUnrealizedPl: usdText(t.clientsUnrealizedPl)!,
        realizedToday: usdText(t.realizedToday)!,
      })),
      topByNotional: f.topByNotional.map((a) => this.#account(a)),
      topByUnrealizedPl: f.topByUnrealizedPl.map((a) => this.#account(a)),
      marginCalls: f.marginCalls.map((a) => this.#account(a)),
      marginCallCount: f.marginCallCount,
    }
  }

  #account(a: AccountFigures): ExposureAccount {
    return {
      balanceId: a.balanceId,
      userId: a.userId,
      name: this.#names.get(a.userId) ?? `#${a.userId}`,
      currency: a.currency,
      positions: a.positions,
      usdNotional: usdText(a.usdNotional)!,
      unrealizedPl: usdText(a.unrealizedPl),
      equity: usdText(a.equity)!,
      margin: usdText(a.margin)!,
      marginLevel: a.marginLevel === null ? null : a.marginLevel.toFixed(2),
    }
  }

  /** The names of the few customers a snapshot lists, remembered for NAME_TTL_MS. */
  async #learnNames(figures: Record<BookMode, ModeFigures>, now: number) {
    if (now - this.#namesSince > NAME_TTL_MS) {
      this.#names.clear()
      this.#namesSince = now
    }
    const wanted = new Set<number>()
    for (const f of Object.values(figures)) {
      for (const a of [...f.topByNotional, ...f.topByUnrealizedPl, ...f.marginCalls]) {
        if (!this.#names.has(a.userId)) wanted.add(a.userId)
      }
    }
    if (wanted.size === 0) return
    if (this.#names.size > NAME_CACHE) this.#names.clear()
    const rows = await db
      .from('users')
      .select('id', 'full_name', 'email')
      .whereIn('id', [...wanted])
    for (const r of rows) {
      this.#names.set(Number(r.id), String(r.full_name || r.email || `#${r.id}`))
    }
  }

  /** Today's realized P/L in USD per mode and instrument. */
  async #realizedSince(since: string, now: number): Promise<Realized> {
    const cached = this.#realized
    if (cached && cached.since === since && now - cached.at < REALIZED_EVERY_MS) return cached.sums
    const from = rolloverInstant(since)
    const format = db.connection().dialect.dateTimeFormat
    const rows = await db
      .from('orders as o')
      .join('balances as b', 'b.id', 'o.balance_id')
      .select('o.instrument', 'o.kind', 'b.mode', 'b.currency')
      .sum('o.pro_loss as pl')
      .where('o.close_time', '>=', from.toFormat(format))
      .whereNull('o.deleted_at')
      .groupBy('o.instrument', 'o.kind', 'b.mode', 'b.currency')
    const usdPer = usdOfCurrency()
    const sums: Realized = new Map()
    for (const r of rows) {
      const perUnit = usdPer(String(r.currency))
      if (perUnit === null) continue
      const key = `${r.mode} ${r.instrument}`
      const known = sums.get(key)
      const usd = Number(r.pl ?? 0) * perUnit
      if (known) known.usd += usd
      else sums.set(key, { category: r.kind as Category, usd })
    }
    this.#realized = { at: now, since, sums }
    return sums
  }
}

function closedOnly(instrument: string, category: Category): ExposureFigures {
  return {
    instrument,
    category,
    longUnits: 0,
    shortUnits: 0,
    netUnits: 0,
    grossUnits: 0,
    positions: 0,
    usdNotional: 0,
    usdGross: 0,
    clientsUnrealizedPl: 0,
  }
}

function rowText(row: ExposureFigures & { realizedToday: number }): ExposureRow {
  return {
    instrument: row.instrument,
    category: row.category,
    longUnits: decimalText(row.longUnits, 8),
    shortUnits: decimalText(row.shortUnits, 8),
    netUnits: decimalText(row.netUnits, 8),
    grossUnits: decimalText(row.grossUnits, 8),
    usdNotional: usdText(row.usdNotional),
    usdGross: usdText(row.usdGross),
    positions: row.positions,
    clientsUnrealizedPl: usdText(row.clientsUnrealizedPl),
    realizedToday: usdText(row.realizedToday)!,
  }
}

function usdOfCurrency() {
  const mid = (pair: string) => {
    const q = priceBook.get(pair)
    return q ? midPrice(q.bids, q.asks) : null
  }
  return (currency: string) => {
    const rate = conversionRate(currency, 'USD', mid)
    return usdPerUnit(rate ? rate.toNumber() : null)
  }
}

const exposureSnapshots = new ExposureSnapshots()
export default exposureSnapshots
