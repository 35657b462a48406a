/**
 * Is the market role alive? (issue 22 §3) A web process reads the role's pulse — an instant the
 * role writes every second, in this process or in Redis — and decides from it alone. Silence is
 * measured on the reader's own clock from when it first saw each new pulse, so two hosts' clocks
 * never have to agree; the writer's instant is only used to say since when the role is down.
 * Browser-safe: the API Status page shares the frame type.
 */

/** The market role writes its pulse this often (app/services/market/feeds/feed_manager.ts). */
export const PULSE_MS = 1000
/** Web processes read the pulse this often. */
export const WATCH_POLL_MS = 500
/** No new pulse for this long: the role is down (a few missed pulses, under the 5 s promise). */
export const PULSE_SILENCE_MS = 3000

export interface WatchMemory {
  /** The last pulse read (the writer's instant, ms), or null if none was ever written. */
  pulse: number | null
  /** When (reader's clock) a pulse was last seen change, or null if never seen live. */
  heardAt: number | null
  /** When the watch started: before `silenceMs` has passed, silence proves nothing yet. */
  startedAt: number
}

export type MarketVerdict =
  /** Not enough seen yet (the watch just started). */
  | { state: 'checking' }
  | { state: 'fresh' }
  /** `since`: the last pulse seen (the role's last sign of life), null if there never was one. */
  | { state: 'down'; since: number | null }

/** A `marketDown` frame on the admin heartbeat channel: the market role is silent since `since`. */
export type MarketDownFrame = { type: 'marketDown'; since: number | null }

export function startWatch(now: number): WatchMemory {
  return { pulse: null, heardAt: null, startedAt: now }
}

/**
 * The memory after reading `pulse` at `now`. A pulse that changed was heard now. The first pulse
 * a watch reads may be old (written before a crash): it counts as heard only if it is recent.
 */
export function observePulse(
  memory: WatchMemory,
  pulse: number | null,
  now: number,
  silenceMs = PULSE_SILENCE_MS
): WatchMemory {
  if (pulse === null || pulse === memory.pulse) return { ...memory, pulse: pulse ?? memory.pulse }
  const first = memory.pulse === null && memory.heardAt === null
  if (first && now - pulse > silenceMs) return { ...memory, pulse }
  return { ...memory, pulse, heardAt: now }
}

export function marketVerdict(
  memory: WatchMemory,
  now: number,
  silenceMs = PULSE_SILENCE_MS
): MarketVerdict {
  if (memory.heardAt !== null && now - memory.heardAt <= silenceMs) return { state: 'fresh' }
  if (memory.heardAt === null && now - memory.startedAt <= silenceMs) return { state: 'checking' }
  return { state: 'down', since: memory.pulse }
}

/** A `marketDown` frame as received, or null for any other frame. */
export function readMarketDown(frame: unknown): { since: number | null } | null {
  if (!frame || typeof frame !== 'object') return null
  const { type, since } = frame as { type?: unknown; since?: unknown }
  if (type !== 'marketDown') return null
  return { since: typeof since === 'number' && Number.isFinite(since) ? since : null }
}
