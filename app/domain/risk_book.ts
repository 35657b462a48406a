import type { Category } from '#domain/instruments'
import { stopOutFor } from '#domain/trading'

/**
 * The risk engine's book checked against the database (issue 22 item 2): a
 * wallet's open positions are summed into a digest on both sides, the
 * database's by one aggregate query, the book's from memory; a wallet whose
 * digests differ missed an event and is reloaded.
 */
export interface BookDigest {
  /** Open positions. */
  count: number
  /** Sum of their ids: an order swapped for another shows. */
  ids: number
  /** Sums of amounts, open rates and targets: an edit shows. */
  amount: number
  openRate: number
  profit: number
  loss: number
  /** Sum of trailing-stop distances (issue 23 item 2): a trail set or removed shows. */
  trailing: number
  /** How many targets (take-profit, stop-loss, trailing stop) are set (a target cleared or set to what another held shows). */
  targets: number
}

export interface DigestablePosition {
  id: number
  amount: number
  openRate: number
  tp: number | null
  sl: number | null
  /** The trailing stop, if any: its distance in price units. */
  trail?: { distance: number } | null
}

export function digestOf(positions: Iterable<DigestablePosition>): BookDigest {
  const d: BookDigest = {
    count: 0,
    ids: 0,
    amount: 0,
    openRate: 0,
    profit: 0,
    loss: 0,
    trailing: 0,
    targets: 0,
  }
  for (const p of positions) {
    d.count++
    d.ids += p.id
    d.amount += p.amount
    d.openRate += p.openRate
    if (p.tp !== null) {
      d.profit += p.tp
      d.targets++
    }
    if (p.sl !== null) {
      d.loss += p.sl
      d.targets++
    }
    if (p.trail) {
      d.trailing += p.trail.distance
      d.targets++
    }
  }
  return d
}

/**
 * Sums of floats (the book) against exact sums (PostgreSQL's numeric) differ
 * by rounding only: a relative tolerance far below any real edit (a point on
 * a rate is 1e-5 of it, one id in a sum of ids is exact).
 */
function near(a: number, b: number) {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
}

export function digestsDiffer(a: BookDigest, b: BookDigest): boolean {
  return (
    a.count !== b.count ||
    a.ids !== b.ids ||
    a.targets !== b.targets ||
    !near(a.amount, b.amount) ||
    !near(a.openRate, b.openRate) ||
    !near(a.profit, b.profit) ||
    !near(a.loss, b.loss) ||
    !near(a.trailing, b.trailing)
  )
}

export const KINDS: Category[] = ['forex', 'commodity', 'index', 'stock', 'crypto']

/** A plan's stop-out columns as a database row holds them (strings on PostgreSQL, numbers on SQLite). */
export type PlanStopoutRow = Partial<Record<`${Category}_stopout`, string | number | null>>

/** Stop-out percent of each kind under a plan (the default where it sets none), as floats for the screen. */
export function stopOutsOfRow(plan: PlanStopoutRow | null): Record<Category, number> {
  const out = {} as Record<Category, number>
  for (const k of KINDS) {
    const value = plan?.[`${k}_stopout`]
    out[k] = stopOutFor(k, { [`${k}Stopout`]: value ?? null }).toNumber()
  }
  return out
}

export function sameStopOuts(a: Record<Category, number>, b: Record<Category, number>) {
  return KINDS.every((k) => a[k] === b[k])
}
