/**
 * CRM configuration (issue 13 item 5; CRM spec §2.5–§2.7, §2.11, §5): the
 * pure rules of sales statuses, teams and promo codes. Browser-safe.
 */
import { Roles } from './roles.js'

/** The select's "none" id (CRM spec §9): a member row the form starts with, ignored. */
export const NONE_ID = -2

/** The status list's "all" size the lead pages ask for (CRM spec §9: sales-status list limit 999). */
export const STATUS_CHOICES_LIMIT = 999

/** Column sizes (migration 018). */
export const STATUS_MAX = 60
export const TEAM_NAME_MAX = 120

/** Who may be a team's manager, and its members (CRM spec §2.11). */
export const TEAM_MANAGER_ROLE = Roles.MANAGER
export const TEAM_MEMBER_ROLES = [Roles.SALES_AGENT, Roles.RETENTION_AGENT] as const

/** A status name as compared for uniqueness: trimmed, inner spaces collapsed, lower-cased. */
export function statusKey(status: string) {
  return status.trim().replace(/\s+/g, ' ').toLowerCase()
}

export const STATUS_TAKEN_MESSAGE = 'This status already exists'
export const DEFAULT_REQUIRED_MESSAGE =
  'One status must be the default: make another status the default instead'
export const DEFAULT_DELETE_MESSAGE =
  'The default status cannot be deleted: make another status the default first'

/**
 * Why a status change breaks "exactly one default", or null. Un-defaulting
 * the status that is the default is refused: another must be made default.
 */
export function defaultChangeRefusal(change: {
  wasDefault: boolean
  isDefault: boolean
}): string | null {
  return change.wasDefault && !change.isDefault ? DEFAULT_REQUIRED_MESSAGE : null
}

/** The refusal of deleting a status leads still carry. */
export function statusInUseMessage(count: number) {
  return count === 1 ? 'This status is used by 1 lead' : `This status is used by ${count} leads`
}

/** The member ids a team form names: `-2` (none) rows and repeats dropped, in order. */
export function memberIdsOf(rows: { id: number }[]): number[] {
  const out: number[] = []
  for (const row of rows) if (row.id !== NONE_ID && !out.includes(row.id)) out.push(row.id)
  return out
}

/**
 * Readable codes: upper-case letters and digits without the look-alikes
 * (0/O, 1/I/L, 5/S, 2/Z, 8/B), 25 symbols.
 */
export const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679'

/** A code of `length` symbols from random bytes (rejection sampling, so every symbol is equally likely). */
export function codeFromBytes(bytes: Uint8Array, length: number): string | null {
  const n = CODE_ALPHABET.length
  const limit = 256 - (256 % n)
  let out = ''
  for (const byte of bytes) {
    if (byte >= limit) continue
    out += CODE_ALPHABET[byte % n]
    if (out.length === length) return out
  }
  return null
}

/** Promo codes: 10 symbols (25^10 ≈ 9.5·10^13 choices), unguessable enough to type in a sign-up form. */
export const PROMO_CODE_LENGTH = 10
/** Team codes: 'T-' and 6 symbols (25^6 ≈ 2.4·10^8), unique by index, short enough to say aloud. */
export const TEAM_CODE_LENGTH = 6
export const TEAM_CODE_PREFIX = 'T-'
