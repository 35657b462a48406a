import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { impersonationOf } from '#services/impersonation'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { linkEntriesToAudit } from '#services/ledger_service'
import type { AUDITED_WRITES_WHILE_IMPERSONATING } from '#domain/impersonation'

/**
 * Writes staff make as the customer in a login-as session (issue 21 item 3;
 * docs/DECISIONS.md "Writes in a login-as session"). The controller passes
 * `actingStaffOf(ctx)` to the action; the action, inside its transaction and
 * as its last write, calls `recordActingStaffWrite`, which does nothing in
 * the customer's own session. The audit row's actor is the staff member, its
 * target the customer (so the customer's audit trail holds the whole login-as
 * session between its start and end rows); the thing acted on (an order, a
 * favorite) is named in the changes. Ledger rows the write caused name the
 * audit row.
 */

/** The staff member behind this login-as session, as an action's actor; null in the customer's own session. */
export function actingStaffOf(ctx: HttpContext): StaffContext | null {
  const impersonation = impersonationOf(ctx)
  if (!impersonation) return null
  return {
    staff: { id: impersonation.staffId, roleId: impersonation.staffRoleId },
    ip: ctx.request.ip(),
  }
}

export type ActingStaffAction =
  (typeof AUDITED_WRITES_WHILE_IMPERSONATING)[keyof typeof AUDITED_WRITES_WHILE_IMPERSONATING]

export interface ActingStaffWrite {
  action: ActingStaffAction
  customerId: number
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  /** Ledger entries this write posted: they name the audit row. */
  ledgerEntryIds?: number[]
}

/**
 * The audit row of a write made as the customer, when `acting` names a staff
 * member; null (and nothing written) otherwise, or when nothing changed.
 */
export async function recordActingStaffWrite(
  trx: TransactionClientContract,
  acting: StaffContext | null | undefined,
  write: ActingStaffWrite
) {
  if (!acting) return null
  const row = await recordStaffAction(trx, {
    staff: acting.staff,
    ip: acting.ip,
    action: write.action,
    target: { type: 'user', id: write.customerId },
    before: write.before,
    after: write.after,
  })
  if (row && write.ledgerEntryIds?.length) {
    await linkEntriesToAudit(trx, write.ledgerEntryIds, row.id)
  }
  return row
}
