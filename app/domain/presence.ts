/**
 * Who is online (CRM spec §2.8, issue 14): a user is online while they have
 * an open page — an open events stream (SSE) or a request within the last
 * ONLINE_WINDOW_MS. Every process records "last seen" instants in one shared
 * store (Redis with REDIS_URL); a process re-stamps the users of its open
 * streams every STREAM_REFRESH_MS, so a stream keeps its user online in every
 * process, and a stream of a process that died stops doing so within the window.
 */

/** How long a request, or the last stamp of an open stream, keeps a user online. */
export const ONLINE_WINDOW_MS = 60_000

/** How often a process re-stamps the users of its open streams: well inside the window. */
export const STREAM_REFRESH_MS = 20_000

/** A process writes a user's activity at most this often (streams are re-stamped regardless). */
export const ACTIVITY_THROTTLE_MS = 5_000

/** Online: last seen within the window (a stamp from the future — clock skew — counts as now). */
export function isOnline(lastSeenMs: number | null | undefined, nowMs: number): boolean {
  if (lastSeenMs === null || lastSeenMs === undefined || !Number.isFinite(lastSeenMs)) return false
  return nowMs - lastSeenMs < ONLINE_WINDOW_MS
}

/** The ids of `ids` whose last-seen instant makes them online now. */
export function onlineAmong(
  ids: number[],
  lastSeen: ReadonlyMap<number, number>,
  nowMs: number
): Set<number> {
  return new Set(ids.filter((id) => isOnline(lastSeen.get(id), nowMs)))
}

/** Whether this process should write a user's activity again (throttle). */
export function activityDue(lastWrittenMs: number | undefined, nowMs: number): boolean {
  return lastWrittenMs === undefined || nowMs - lastWrittenMs >= ACTIVITY_THROTTLE_MS
}

/** Stamps older than this are dropped from the store: nobody can be online by them. */
export function staleBefore(nowMs: number): number {
  return nowMs - ONLINE_WINDOW_MS
}
