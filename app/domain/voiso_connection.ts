/**
 * Whether the saved Voiso key can connect (issue 21 item 8). Voiso has no
 * heartbeat, so the answers of its real calls (agents list, click2call, the
 * check after a save) say it; the last word is kept in the `voiso` settings
 * row's value3 and the admin dashboard warns of it. Browser-safe: the
 * dashboard reads the texts it may translate from here.
 */
import { VOISO_MESSAGES as M } from './voiso.js'

export const VOISO_KEY_REFUSED = 'Voiso refused the API key'

/** The texts this app stores (translated on the page); anything else is shown as stored. */
export const VOISO_CONNECTION_MESSAGES = new Set<string>([
  VOISO_KEY_REFUSED,
  M.timeout,
  M.unavailable,
  M.badAnswer,
])

/**
 * What a Voiso answer says of the connection: null when it connected (any
 * answer past the key check, a 400 refusal of one call included), the text
 * to show when it could not (a refused key: 401/403; a timeout, network
 * error, 5xx or unreadable answer), undefined when it says nothing either
 * way (a rate limit). `failure` is the VoisoFailure, null on success.
 */
export function connectionProblem(
  failure: string | null,
  message: string
): string | null | undefined {
  if (failure === null || failure === 'refused') return null
  if (failure === 'forbidden') return VOISO_KEY_REFUSED
  if (failure === 'timeout' || failure === 'unavailable') return message
  return undefined
}

/** The warning the dashboard shows: the stored problem while a key is saved, else null. */
export function voisoProblem(
  row: { value2?: string | null; value3?: string | null } | undefined
): string | null {
  if (!row?.value2?.trim() || !row.value3?.trim()) return null
  return row.value3.trim()
}
