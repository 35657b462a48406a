/**
 * API Status (admin spec §2 "API Status", §3 "Health heartbeat", §4): the
 * feeds the page shows, the heartbeat frame the market role broadcasts, and
 * how a row's chip reads it. Browser-safe: the page and the server share it.
 */
import { EMPTY_VALUE } from './formatting.js'

export const MONITORED_FEEDS = ['polygonForex', 'polygonCrypto', 'eodStock', 'oandaRest'] as const
export type MonitoredFeed = (typeof MONITORED_FEEDS)[number]

/** Type aliases, not interfaces, so a frame is Broadcastable as it stands. */
export type FeedBeat = {
  success: boolean
  message: string
}

export type HeartbeatFrame = {
  type: 'heartbeat'
  feeds: Record<MonitoredFeed, FeedBeat>
}

/** The rows, in the spec's order and words. */
export const FEED_STATUS_ROWS: readonly { feed: MonitoredFeed; label: string }[] = [
  { feed: 'polygonForex', label: 'Polygon (Forex)' },
  { feed: 'polygonCrypto', label: 'Polygon (Crypto)' },
  { feed: 'eodStock', label: 'EOD Historical Data (Stock)' },
  { feed: 'oandaRest', label: 'Oanda Rest (Others)' },
]

export type ChipState = 'checking' | 'connected' | 'disconnected' | 'down'

export const CHIPS: Record<ChipState, { label: string; color: 'warning' | 'success' | 'danger' }> =
  {
    checking: { label: 'Checking', color: 'warning' },
    connected: { label: 'Connected', color: 'success' },
    disconnected: { label: 'Disconnected', color: 'danger' },
    down: { label: 'Down', color: 'danger' },
  }

/**
 * No heartbeat for this long (three missed beats and some): the market role
 * is gone or unreachable, so the chips go back to Checking.
 */
export const HEARTBEAT_SILENCE_MS = 20_000

/**
 * A row's chip: Down while this web process hears no market role (issue 22 §3), else Checking
 * until a heartbeat speaks of its feed (or after the heartbeats fall silent).
 */
export function chipState(beat: FeedBeat | undefined, silent = false, down = false): ChipState {
  if (down) return 'down'
  if (!beat || silent) return 'checking'
  return beat.success ? 'connected' : 'disconnected'
}

/**
 * The feed messages that are our own words (translated on the page); the
 * rest are the provider's or the network's ("HTTP 401: …", "connect
 * ECONNREFUSED …") and are shown as they came, never sent for translation.
 */
export const FEED_MESSAGES = new Set([
  'Connected',
  'Connecting',
  'Disconnected',
  'Not configured',
  'Simulated market (no API key)',
  'Unauthorized',
])

/** A heartbeat frame as received: only well-formed entries of the known feeds are kept. */
export function readHeartbeat(frame: unknown): Partial<Record<MonitoredFeed, FeedBeat>> | null {
  if (!frame || typeof frame !== 'object') return null
  const { type, feeds } = frame as { type?: unknown; feeds?: unknown }
  if (type !== 'heartbeat' || !feeds || typeof feeds !== 'object') return null
  const out: Partial<Record<MonitoredFeed, FeedBeat>> = {}
  for (const feed of MONITORED_FEEDS) {
    const beat = (feeds as Record<string, unknown>)[feed] as Partial<FeedBeat> | undefined
    if (beat && typeof beat.success === 'boolean' && typeof beat.message === 'string') {
      out[feed] = { success: beat.success, message: beat.message }
    }
  }
  return out
}

/** The Currency API row: "used/total", or a dash when the quota is not known yet. */
export function quotaText(quota: { used: number | null; total: number | null } | null): string {
  if (!quota || quota.used === null || quota.total === null) return EMPTY_VALUE
  return `${quota.used}/${quota.total}`
}

/** Heartbeat messages of a feed that is off on purpose (no key): not a failure. */
const IDLE_MESSAGES = new Set(['Simulated market (no API key)', 'Not configured', 'Connecting'])

/**
 * The feeds whose saved key cannot connect now (issue 21 item 8): a running
 * feed that reports no success with a message other than "no key" or "still
 * connecting", in the API Status page's order and labels. The admin
 * dashboard warns of them so a bad key is not found only on API Status.
 */
export function failingFeeds(
  feeds: Partial<Record<MonitoredFeed, FeedBeat>> | null
): { feed: MonitoredFeed; label: string; message: string }[] {
  if (!feeds) return []
  return FEED_STATUS_ROWS.flatMap(({ feed, label }) => {
    const beat = feeds[feed]
    if (!beat || beat.success || IDLE_MESSAGES.has(beat.message)) return []
    return [{ feed, label, message: beat.message }]
  })
}
