/**
 * Calls through Voiso (CRM spec §2.3 phone cell, §3 Agent, §7; PROTOCOLS.md
 * §12): the pure parts — the number Voiso dials, the agents list it answers,
 * the message of its refusals, the status chip's colour, the texts. No I/O
 * here, and nothing the browser cannot load: the phone cell imports it.
 */

/** What the calls answer, one place (the Spanish entries: database/demo/translations/crm_calls.ts). */
export const VOISO_MESSAGES = {
  started: 'Call started successfully',
  notConfigured: 'Voiso is not configured',
  noPhone: 'This lead has no phone number',
  badPhone: 'The phone number is not a valid international number',
  ownEmailOnly: 'You can only call as yourself',
  timeout: 'Voiso did not answer in time',
  unavailable: 'Voiso could not be reached',
  badAnswer: 'Voiso sent an answer that could not be read',
  refused: 'Voiso refused the call',
  rateLimited: 'Voiso is receiving too many requests. Please try again shortly',
  tooManyCalls: 'Too many call attempts. Please wait a moment and try again',
  tooManyAgentLists: 'Too many agent list requests. Please wait a moment and try again',
} as const

/** One agent as the selector shows it (§3 Agent: email, ext, status). */
export interface VoisoAgent {
  email: string
  ext: string
  status: string
}

/**
 * The number as Voiso's click2call takes it: E.164 digits without the '+'
 * (447414992548). Separators (spaces, dashes, dots, brackets, slashes) are
 * dropped; a leading '+' or international '00' prefix is dropped. A national
 * number (leading 0), letters, or a length outside E.164 (7 to 15 digits with
 * a country code that does not start with 0) gives null: nothing to dial.
 */
export function voisoNumber(phone: string | null | undefined): string | null {
  if (typeof phone !== 'string') return null
  let text = phone.trim().replace(/[\s\-.()/\u00a0]/g, '')
  if (text.startsWith('+')) text = text.slice(1)
  else if (text.startsWith('00')) text = text.slice(2)
  return /^[1-9]\d{6,14}$/.test(text) ? text : null
}

/** Whether a lead's stored phone is empty (no call possible at all). */
export function hasPhone(phone: string | null | undefined): boolean {
  return typeof phone === 'string' && phone.trim() !== ''
}

/**
 * An agent status as the chip shows it: Voiso's words lower-cased with single
 * spaces ('Dialer waiting' → 'dialer waiting'); Voiso's samples are already
 * lower case, its documentation capitalizes them. Anything not a word: 'unknown'.
 */
export function normalizeAgentStatus(status: unknown): string {
  if (typeof status !== 'string') return 'unknown'
  const text = status.trim().replace(/\s+/g, ' ').toLowerCase()
  return text === '' ? 'unknown' : text.slice(0, 64)
}

/**
 * The agents of an agents_status answer (`[{email, ext, status}]`): entries
 * without an e-mail are left out; `ext` may come as a number. Null when the
 * answer is not a list at all.
 */
export function parseAgents(body: unknown): VoisoAgent[] | null {
  if (!Array.isArray(body)) return null
  const agents: VoisoAgent[] = []
  for (const entry of body) {
    if (!entry || typeof entry !== 'object') continue
    const { email, ext, status } = entry as Record<string, unknown>
    if (typeof email !== 'string' || email.trim() === '') continue
    agents.push({
      email: email.trim().slice(0, 254),
      ext: typeof ext === 'string' || typeof ext === 'number' ? String(ext).slice(0, 32) : '',
      status: normalizeAgentStatus(status),
    })
  }
  return agents
}

/**
 * The message of a Voiso answer: `{"errors":"User not found"}` (click2call),
 * `{"error":"Invalid key"}` (agents_status), a list of errors, or a
 * `message`. Null when there is none (not JSON, empty). Control characters are
 * dropped and the text is cut at 200 characters: it is shown to staff.
 */
export function voisoErrorMessage(text: string): string | null {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  if (!body || typeof body !== 'object') return null
  const record = body as Record<string, unknown>
  const words = [record.errors, record.error, record.message]
    .flatMap((value) => flatten(value))
    .filter((word) => word !== '')
  if (words.length === 0) return null
  return clean(words.join('; '))
}

function flatten(value: unknown): string[] {
  if (typeof value === 'string') return [value.trim()]
  if (Array.isArray(value)) return value.flatMap(flatten)
  if (value && typeof value === 'object') return Object.values(value).flatMap(flatten)
  return []
}

function clean(text: string) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200)
}

/** A cluster id as Voiso names them (the first label of the account's host, e.g. cc-ams03). */
export function isClusterId(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(value)
}

/** The status chip's colour (§3 Agent): offline and unavailable red, inbound and outbound amber, available green. */
export function agentStatusColor(status: string): 'danger' | 'warning' | 'success' | 'default' {
  if (status === 'available') return 'success'
  if (status === 'inbound' || status === 'outbound') return 'warning'
  if (status === 'offline' || status === 'logout' || status.startsWith('unavailable')) {
    return 'danger'
  }
  return 'default'
}
