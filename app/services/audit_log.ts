import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  canonicalJson,
  canonicalTimestamp,
  chainHash,
  diffChanges,
  GENESIS_HASH,
  type AuditRecord,
} from '#domain/audit'
import type { AuditAction, AuditTargetType } from '#domain/audit_actions'

/**
 * The audit log of staff actions (issue 11 item 8). How to use it:
 *
 *   await db.transaction(async (trx) => {
 *     …the change itself, written with `trx`…
 *     await recordStaffAction(trx, {
 *       staff,                       // { id, roleId } — a User will do
 *       ip,                          // request.ip(), or null outside a request
 *       action: 'order.update',      // one of AUDIT_ACTIONS (app/domain/audit_actions.ts); add yours there
 *       target: { type: 'order', id: order.id },
 *       before: { stopLoss: '1.1000' },   // the fields as they were (omit for a creation)
 *       after: { stopLoss: '1.0950' },    // and as they are now (omit for a deletion)
 *       secretFields: ['key2'],      // optional: fields to mask beyond password/secret/token/api key names
 *     })
 *   })
 *
 * - Call it INSIDE the transaction that makes the change, as its LAST
 *   statement: the row commits or rolls back with the change, so a refused
 *   or failed write leaves no row. On PostgreSQL it takes a transaction-level
 *   advisory lock that serializes appenders until the commit; doing other
 *   row work after it would hold that lock longer (and risk lock-order waits).
 * - Only the fields whose value differs are kept (`diffChanges`): pass whole
 *   before/after snapshots freely. Secrets are masked, long texts cut.
 * - An update whose before and after are both given and equal writes no row
 *   and answers null (nothing changed). Without before and after (a login-as
 *   start or end) a row is always written.
 * - `staffContext(ctx)` gives `{ staff, ip }` of the signed-in staff member.
 * - The caller's transaction must be READ COMMITTED (Lucid's default), so the
 *   chain head read after the lock sees the previous appender's commit.
 */

export interface StaffMember {
  id: number
  roleId: number
}

/** Who acts and from where: what every staff action takes to be audited. */
export interface StaffContext {
  staff: StaffMember
  /** The client address (`request.ip()`); null when the action runs outside a request. */
  ip?: string | null
}

export interface StaffActionEntry extends StaffContext {
  action: AuditAction
  target: { type: AuditTargetType; id: number | string | null }
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  secretFields?: Iterable<string>
}

/** The signed-in staff member and their address, for an action's input. */
export function staffContext(ctx: HttpContext): { staff: StaffMember; ip: string } {
  const user = ctx.auth.getUserOrFail()
  return { staff: { id: user.id, roleId: user.roleId }, ip: ctx.request.ip() }
}

const given = (value: unknown) => value !== undefined && value !== null

/** Any constant: the advisory lock that serializes appends to the chain on PostgreSQL ("audi"). */
export const AUDIT_CHAIN_LOCK = 0x61756469

/**
 * Appends one audit row to the chain in the caller's transaction. Answers the
 * row's id and hash, or null when an update changed nothing.
 */
export async function recordStaffAction(
  trx: TransactionClientContract,
  entry: StaffActionEntry
): Promise<{ id: number; hash: string } | null> {
  if (!trx.isTransaction) {
    throw new Error('recordStaffAction must run inside the transaction that makes the change')
  }
  const changes = diffChanges(entry.before, entry.after, { secretFields: entry.secretFields })
  const isUpdate = given(entry.before) && given(entry.after)
  if (isUpdate && Object.keys(changes).length === 0) return null

  await lockChain(trx)
  const head = await trx.from('audit_logs').select('hash').orderBy('id', 'desc').first()
  const prevHash: string = head?.hash ?? GENESIS_HASH

  const record: AuditRecord = {
    staffId: entry.staff.id,
    staffRoleId: entry.staff.roleId,
    ip: entry.ip ? entry.ip.slice(0, 64) : null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id === null ? null : String(entry.target.id).slice(0, 64),
    changes: canonicalJson(changes),
    createdAt: canonicalTimestamp(new Date()),
  }
  const hash = chainHash(prevHash, record)
  const [inserted] = await trx
    .insertQuery()
    .table('audit_logs')
    .insert({
      staff_id: record.staffId,
      staff_role_id: record.staffRoleId,
      ip: record.ip,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      changes: record.changes,
      created_at: record.createdAt,
      prev_hash: prevHash,
      hash,
    })
    .returning('id')
  const id = Number(
    typeof inserted === 'object' && inserted !== null ? (inserted as { id: number }).id : inserted
  )
  return { id, hash }
}

/**
 * Serializes appenders: on PostgreSQL a transaction-level advisory lock, held
 * until this transaction ends. SQLite runs one write transaction at a time
 * already (one connection; another process waits on the database lock).
 */
async function lockChain(trx: TransactionClientContract) {
  if (trx.dialect.name === 'postgres') {
    await trx.rawQuery('SELECT pg_advisory_xact_lock(?::bigint)', [AUDIT_CHAIN_LOCK])
  }
}
