import { DateTime } from 'luxon'
import { ROLLOVER_ZONE, rolloverDatesBetween } from './swaps.js'

/** How far back the market role catches up missed rollovers (a longer outage is applied by hand). */
export const MAX_CATCH_UP_DAYS = 7

/**
 * The rollover days the market role must run now, oldest first: every day
 * after the last finished one up to the latest (at most the last
 * MAX_CATCH_UP_DAYS), plus any day started and not finished in that window
 * (a crash mid-run). With no rollover finished yet, only the latest day: a
 * new installation never charges history.
 */
export function dueRolloverDates(
  latest: string,
  lastFinished: string | null,
  unfinished: string[] = []
): string[] {
  const oldest = DateTime.fromISO(latest, { zone: ROLLOVER_ZONE })
    .minus({ days: MAX_CATCH_UP_DAYS })
    .toISODate()!
  const after = lastFinished === null ? null : lastFinished > oldest ? lastFinished : oldest
  const missed = after === null ? [latest] : rolloverDatesBetween(after, latest)
  const resumed = unfinished.filter((d) => d > oldest && d <= latest)
  return [...new Set([...resumed, ...missed])].sort()
}
