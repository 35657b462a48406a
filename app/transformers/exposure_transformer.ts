import type { BookMode } from '#domain/exposure'
import type { ExposureRow, ExposureSnapshot } from '#services/market/exposure_snapshots'

/** The CSV's columns: row key and header. */
export const EXPOSURE_CSV_COLUMNS: readonly [keyof ExposureRow, string][] = [
  ['instrument', 'Instrument'],
  ['category', 'Category'],
  ['longUnits', 'Long units'],
  ['shortUnits', 'Short units'],
  ['netUnits', 'Net units'],
  ['grossUnits', 'Gross units'],
  ['usdNotional', 'Net notional (USD)'],
  ['usdGross', 'Gross notional (USD)'],
  ['positions', 'Positions'],
  ['clientsUnrealizedPl', 'Customers unrealized P/L (USD)'],
  ['realizedToday', 'Realized P/L today (USD)'],
]

/**
 * What the screen and its API show of one mode of a snapshot: the rows, the
 * category totals, the account lists, and `live: false` (with everything
 * empty) when no market role has published lately.
 */
export function exposureView(snapshot: ExposureSnapshot | null, mode: BookMode) {
  const part = snapshot?.modes[mode]
  return {
    mode,
    live: snapshot !== null,
    builtAt: snapshot?.builtAt ?? null,
    buildMs: snapshot?.buildMs ?? null,
    since: snapshot?.since ?? null,
    marginCallLevel: snapshot?.marginCallLevel ?? null,
    data: part?.data ?? [],
    totals: part?.totals ?? [],
    topByNotional: part?.topByNotional ?? [],
    topByUnrealizedPl: part?.topByUnrealizedPl ?? [],
    marginCalls: part?.marginCalls ?? [],
    marginCallCount: part?.marginCallCount ?? 0,
  }
}

export type ExposureView = ReturnType<typeof exposureView>
