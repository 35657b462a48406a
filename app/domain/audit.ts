import { createHash } from 'node:crypto'
import { REDACTED } from './redaction.js'

/**
 * The audit log's rules (issue 11 item 8), free of the database: what a row
 * records of a change (only the fields that changed, secrets masked, long
 * texts cut), the one canonical text of a row, and the hash chain over those
 * texts that makes an edited, removed or reordered row detectable.
 *
 * Chain: hash = SHA-256(prev_hash + "\n" + canonical row), hex; the first
 * row's prev_hash is GENESIS_HASH. The canonical row is JSON with its keys
 * sorted and every value in one agreed form (timestamps as ISO 8601 UTC with
 * milliseconds, `changes` as the exact JSON text stored), so SQLite and
 * PostgreSQL rows give the same text and the same hash.
 */

export const GENESIS_HASH = '0'.repeat(64)

/** A value as the log keeps it: JSON, nothing else. */
export type AuditValue =
  string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue }

export type FieldChange = {
  before: AuditValue
  after: AuditValue
}

/** `{ field: { before, after } }` of the fields an action changed. */
export type AuditChanges = Record<string, FieldChange>

/** Longer texts are cut to this many characters (and end with an ellipsis): a row stays small. */
export const MAX_AUDIT_TEXT = 500

/**
 * Field names that always hold secrets, whatever the caller says: passwords,
 * passphrases, tokens, API and private keys, anything called secret.
 */
const SECRET_NAME = /password|passphrase|secret|token|api_?key|private_?key|credential/i

export function isSecretFieldName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** A secret as the log shows it: whether one was set, never its value. */
export function maskSecret(value: AuditValue): AuditValue {
  return value === null || value === '' ? null : REDACTED
}

/**
 * A value in the form the log keeps: dates as ISO 8601 UTC, Luxon DateTimes
 * likewise, big integers as text, undefined as null, non-finite numbers as
 * null, objects with their keys sorted later by `canonicalJson`.
 */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
    const iso = (value as { toUTC: () => { toISO: () => string | null } }).toUTC().toISO()
    return iso
  }
  if (Array.isArray(value)) return value.map(auditValue)
  if (typeof value === 'object') {
    const out: Record<string, AuditValue> = {}
    for (const [key, inner] of Object.entries(value as Record<string, unknown>))
      out[key] = auditValue(inner)
    return out
  }
  return String(value)
}

/** Cuts every text longer than MAX_AUDIT_TEXT (also inside arrays and objects). */
function cut(value: AuditValue): AuditValue {
  if (typeof value === 'string') {
    return value.length > MAX_AUDIT_TEXT ? `${value.slice(0, MAX_AUDIT_TEXT)}…` : value
  }
  if (Array.isArray(value)) return value.map(cut)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v)]))
  }
  return value
}

/** JSON with object keys sorted at every level: one text per value. */
export function canonicalJson(value: AuditValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`
  }
  return JSON.stringify(value)
}

export interface DiffOptions {
  /** Fields that hold secrets beyond the ones their names give away (a gateway's secret key slots). */
  secretFields?: Iterable<string>
}

/**
 * The fields whose value differs between `before` and `after` (either may be
 * absent: a creation has no before, a deletion no after), each as
 * `{ before, after }`. Values are compared in full, then secrets are masked
 * (so a changed secret shows as changed without its value) and long texts cut.
 */
export function diffChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  options: DiffOptions = {}
): AuditChanges {
  const secrets = new Set(options.secretFields ?? [])
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort()
  const changes: AuditChanges = {}
  for (const field of fields) {
    const was = auditValue(before?.[field])
    const is = auditValue(after?.[field])
    if (canonicalJson(was) === canonicalJson(is)) continue
    const secret = secrets.has(field) || isSecretFieldName(field)
    changes[field] = secret
      ? { before: maskSecret(was), after: maskSecret(is) }
      : { before: cut(was), after: cut(is) }
  }
  return changes
}

/** One audit row, as its hash covers it. */
export interface AuditRecord {
  staffId: number
  staffRoleId: number
  ip: string | null
  action: string
  targetType: string
  targetId: string | null
  /** The JSON text of the changes, exactly as stored. */
  changes: string
  /** ISO 8601 UTC with milliseconds (`canonicalTimestamp`). */
  createdAt: string
}

/**
 * A timestamp in the one form the hash covers: ISO 8601 UTC with
 * milliseconds. Takes a Date (PostgreSQL's timestamptz) or the text SQLite
 * hands back; a text without a zone is read as UTC. Anything unreadable is
 * returned as given, so its row simply fails verification.
 */
export function canonicalTimestamp(value: unknown): string {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? String(value) : value.toISOString()
  if (typeof value !== 'string') return String(value)
  const text = value.trim().replace(' ', 'T')
  const offset = /(?<=T[\d:.]+)([+-])(\d{2}):?(\d{2})?$/.exec(text)
  const zoned = /Z$/i.test(text)
    ? text
    : offset
      ? `${text.slice(0, offset.index)}${offset[1]}${offset[2]}:${offset[3] ?? '00'}`
      : `${text}Z`
  const date = new Date(zoned)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

/** The text a row's hash is taken over (format version 1). */
export function canonicalRow(row: AuditRecord): string {
  return canonicalJson({
    v: 1,
    action: row.action,
    changes: row.changes,
    createdAt: row.createdAt,
    ip: row.ip,
    staffId: row.staffId,
    staffRoleId: row.staffRoleId,
    targetId: row.targetId,
    targetType: row.targetType,
  })
}

/** SHA-256 (hex) over the previous row's hash and this row's canonical text. */
export function chainHash(prevHash: string, row: AuditRecord): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalRow(row)}`, 'utf8')
    .digest('hex')
}

/** An `audit_logs` row as either database returns it. */
export interface StoredAuditRow {
  id: number | string
  staff_id: number | string
  staff_role_id: number | string
  ip: string | null
  action: string
  target_type: string
  target_id: string | null
  changes: string
  created_at: unknown
  prev_hash: string
  hash: string
}

export function recordOf(row: StoredAuditRow): AuditRecord {
  return {
    staffId: Number(row.staff_id),
    staffRoleId: Number(row.staff_role_id),
    ip: row.ip ?? null,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id ?? null,
    changes: row.changes,
    createdAt: canonicalTimestamp(row.created_at),
  }
}

/**
 * Why a stored row breaks the chain that reached it with `expectedPrev`, or
 * null when it holds: its prev_hash must be the previous row's hash (else a
 * row before it was removed, inserted or reordered) and its hash must be the
 * hash of its own content (else the row was edited).
 */
export function chainBreak(expectedPrev: string, row: StoredAuditRow): string | null {
  if (row.prev_hash !== expectedPrev) {
    return expectedPrev === GENESIS_HASH
      ? 'it is the first row but does not start the chain (rows before it were removed?)'
      : 'its prev_hash is not the hash of the row before it (a row was removed, inserted or reordered)'
  }
  if (chainHash(row.prev_hash, recordOf(row)) !== row.hash) {
    return 'its content does not match its hash (the row was edited)'
  }
  return null
}

/**
 * A head recorded off the machine (issue 21 item 7): `<rows>:<hash>` — the
 * chain's row number `rows` (1-based, in id order) carries `hash` — or the
 * older bare `<hash>` (that hash appears somewhere in the chain). With the
 * count, a chain cut short below it is named as such. Null when malformed.
 */
export type AuditAnchor = { rows: number | null; hash: string }

export function parseAuditAnchor(text: string): AuditAnchor | null {
  const match = text
    .trim()
    .toLowerCase()
    .match(/^(?:(\d{1,15}):)?([0-9a-f]{64})$/)
  if (!match) return null
  return { rows: match[1] === undefined ? null : Number(match[1]), hash: match[2] }
}

/** The anchor to ship off the machine for a verified chain of `rows` rows ending in `head`. */
export function auditAnchorText(rows: number, head: string) {
  return `${rows}:${head}`
}
