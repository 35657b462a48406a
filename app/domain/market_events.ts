import { isCategory, type Category } from '#domain/instruments'
import type { OrderRow, WalletRow } from '#services/market/risk_book_reads'

/**
 * The news the market role reacts to (issue 22 §2), as it travels between
 * processes. Each event names what changed, never its new state: the
 * receiver re-reads the database, which stays the truth.
 */
export interface InstrumentChange {
  /** The categories touched (a moved instrument names both), so only their feeds are revisited. */
  categories: Category[]
  /** Instruments added or edited; `repriced` when their stored price is new (a simulated walk restarts from it). */
  upserted?: { name: string; repriced: boolean }[]
  /** Names no longer quoted (deleted, or the old name of a renamed one). */
  removed?: string[]
}

/**
 * The rows an order's opening committed, handed to this process's market role
 * with `order.opened` so that it need not read them back (issue 25). They
 * never travel: another process gets the bare event and reads the rows.
 */
export interface OpenedRows {
  order: OrderRow
  wallet: WalletRow
}

export type MarketEvent =
  | { type: 'order.opened'; orderId: number; rows?: OpenedRows }
  | { type: 'order.changed'; orderId: number }
  | { type: 'order.closed'; orderId: number; balanceId: number }
  /** Any ledger entry, margin or hold change on the wallet. */
  | { type: 'wallet.changed'; balanceId: number }
  /** A plan's leverages or stop-outs changed, or the plan was deleted. */
  | { type: 'plan.changed'; planId: number }
  /** A customer switched to another plan. */
  | { type: 'user.plan'; userId: number }
  | { type: 'instruments.changed'; change: InstrumentChange }
  /** A pending order was placed, modified, or left 'pending' (filled, cancelled, expired): re-read it. */
  | { type: 'pending.placed'; pendingId: number }
  | { type: 'pending.changed'; pendingId: number }
  | { type: 'pending.resolved'; pendingId: number }

export type MarketEventType = MarketEvent['type']
export type MarketEventOf<T extends MarketEventType> = Extract<MarketEvent, { type: T }>

/** The id fields of each type; `instruments.changed` is checked on its own. */
const ID_FIELDS: Record<Exclude<MarketEventType, 'instruments.changed'>, string[]> = {
  'order.opened': ['orderId'],
  'order.changed': ['orderId'],
  'order.closed': ['orderId', 'balanceId'],
  'wallet.changed': ['balanceId'],
  'plan.changed': ['planId'],
  'user.plan': ['userId'],
  'pending.placed': ['pendingId'],
  'pending.changed': ['pendingId'],
  'pending.resolved': ['pendingId'],
}

export const MARKET_EVENT_TYPES = [
  ...Object.keys(ID_FIELDS),
  'instruments.changed',
] as MarketEventType[]

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

function isInstrumentChange(value: unknown): value is InstrumentChange {
  if (!value || typeof value !== 'object') return false
  const { categories, upserted, removed } = value as Record<string, unknown>
  if (!Array.isArray(categories) || !categories.every(isCategory)) return false
  if (
    upserted !== undefined &&
    !(
      Array.isArray(upserted) &&
      upserted.every((u) => u && typeof u.name === 'string' && typeof u.repriced === 'boolean')
    )
  )
    return false
  if (
    removed !== undefined &&
    !(Array.isArray(removed) && removed.every((n) => typeof n === 'string'))
  )
    return false
  return true
}

/** The event `value` describes, reduced to its known fields; null when it is not one. */
export function parseMarketEvent(value: unknown): MarketEvent | null {
  if (!value || typeof value !== 'object') return null
  const raw = value as Record<string, unknown>
  if (raw.type === 'instruments.changed') {
    if (!isInstrumentChange(raw.change)) return null
    const { categories, upserted, removed } = raw.change
    const change: InstrumentChange = { categories: [...categories] }
    if (upserted) change.upserted = upserted.map((u) => ({ name: u.name, repriced: u.repriced }))
    if (removed) change.removed = [...removed]
    return { type: 'instruments.changed', change }
  }
  const fields = ID_FIELDS[raw.type as keyof typeof ID_FIELDS]
  if (!fields || !fields.every((f) => isId(raw[f]))) return null
  const event: Record<string, unknown> = { type: raw.type }
  for (const f of fields) event[f] = raw[f]
  return event as MarketEvent
}

/** One message on the wire: the sender's id (to drop its own echo) and a batch of events. */
export interface MarketEventBatch {
  origin: string
  events: MarketEvent[]
}

/**
 * PostgreSQL's NOTIFY payload must stay under 8000 bytes; Redis has no such
 * limit but the same split costs nothing there.
 */
export const MAX_MESSAGE_BYTES = 7000

/** The messages carrying `events` from `origin`, each under MAX_MESSAGE_BYTES. */
export function encodeMarketEvents(origin: string, events: MarketEvent[]): string[] {
  const messages: string[] = []
  let batch: string[] = []
  let size = 0
  const head = `{"o":${JSON.stringify(origin)},"e":[`
  const flush = () => {
    if (batch.length) messages.push(`${head}${batch.join(',')}]}`)
    batch = []
    size = 0
  }
  for (const event of events) {
    const json = JSON.stringify(event)
    if (batch.length && head.length + size + json.length + 3 > MAX_MESSAGE_BYTES) flush()
    batch.push(json)
    size += Buffer.byteLength(json) + 1
  }
  flush()
  return messages
}

export type DecodedMessage =
  { ok: true; batch: MarketEventBatch; rejected: unknown[] } | { ok: false; reason: string }

/**
 * Reads a message from another process. Never throws: a message that is not
 * ours is refused whole; within one, unknown or malformed events are set
 * aside (`rejected`) and the valid ones kept.
 */
export function decodeMarketEvents(message: string): DecodedMessage {
  let raw: unknown
  try {
    raw = JSON.parse(message)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  if (!raw || typeof raw !== 'object') return { ok: false, reason: 'not an object' }
  const { o, e } = raw as { o?: unknown; e?: unknown }
  if (typeof o !== 'string' || !o) return { ok: false, reason: 'no origin' }
  if (!Array.isArray(e)) return { ok: false, reason: 'no events' }
  const events: MarketEvent[] = []
  const rejected: unknown[] = []
  for (const item of e) {
    const event = parseMarketEvent(item)
    if (event) events.push(event)
    else rejected.push(item)
  }
  return { ok: true, batch: { origin: o, events }, rejected }
}

/** Same news twice in one batch (a wallet touched by several entries) is told once. */
export function marketEventKey(event: MarketEvent) {
  return JSON.stringify(event)
}
