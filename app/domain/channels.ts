import { ID_TEXT } from './ids.js'
import { parsePriceChannel } from './price_frames.js'

/**
 * Transmit channel names shared by server and browser. `prices` carries the
 * control frames every price-showing tab needs (stale, catalog,
 * translations); the quotes themselves go on the price channels of
 * #domain/price_frames (`prices/{category}`, `prices/i/{name}`).
 */
export const PRICES_CHANNEL = 'prices'

/** Feed status for the admin API Status page: `{ type: 'heartbeat', feeds }` every few seconds. */
export const HEARTBEAT_CHANNEL = 'heartbeat'

/** The dealing desk's exposure snapshots (issue 24 item 3): admin and manager only. */
export const EXPOSURE_CHANNEL = 'exposure'

export function userChannel(userId: number) {
  return `users/${userId}`
}

/**
 * A customer's live page visits (CRM spec §2.9, issue 14): `{ url, time }`
 * for every page they open. Staff who may open that customer listen to it.
 */
export function trackChannel(userId: number) {
  return `track:${userId}`
}

const TRACK = new RegExp(`^track:(${ID_TEXT.source.slice(1, -1)})$`)

/** The customer id a track channel names, or null (anything else, or an id out of range). */
export function trackChannelUserId(channel: string): number | null {
  const match = TRACK.exec(channel)
  return match ? Number(match[1]) : null
}

/** What a Transmit subscribe/unsubscribe body or event-stream query may name (the client's uid is a UUID). */
const UID = /^[A-Za-z0-9-]{1,64}$/
/**
 * The channels that exist. Transmit would keep a subscription to any name, so
 * one tab could pile up unbounded subscriptions to made-up channels.
 */
const KNOWN_CHANNELS = [
  /^prices$/,
  /^heartbeat$/,
  /^exposure$/,
  new RegExp(`^users/${ID_TEXT.source.slice(1)}`),
  TRACK,
]

/** The first problem with a Transmit request's fields, or null: the library throws on non-strings. */
export function transmitRequestProblem(
  input: unknown,
  fields: ('uid' | 'channel')[]
): { field: string; message: string } | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { field: 'uid', message: 'The request must be a JSON object with uid and channel' }
  }
  const values = input as Record<string, unknown>
  for (const field of fields) {
    const value = values[field]
    if (typeof value !== 'string' || value === '') {
      return { field, message: `The ${field} must be a non-empty string` }
    }
    if (field === 'uid' && !UID.test(value)) return { field, message: 'The uid is not valid' }
    if (
      field === 'channel' &&
      !KNOWN_CHANNELS.some((known) => known.test(value)) &&
      !parsePriceChannel(value)
    ) {
      return { field, message: 'No such channel' }
    }
  }
  return null
}
