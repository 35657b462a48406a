import { AGENT_ROLES, type RoleId } from '#domain/roles'
import { impersonationEndsAt } from '#domain/impersonation'
import type { SessionStore, WithSession } from '#services/session_store'

const KEY = 'impersonator'
/** The staff member's session stamp (session_stamp.ts): a login-as session ends with their sessions. */
export const IMPERSONATOR_STAMP_KEY = 'impersonatorStamp'

/** What a login-as session holds on the server, beside the customer signed in. */
interface StoredImpersonation {
  staffId: number
  staffRoleId: RoleId
  /** When it started (ms); it ends IMPERSONATION_MINUTES later (app/domain/impersonation.ts). */
  startedAt?: number
}

export interface Impersonation {
  staffId: number
  staffRoleId: RoleId
  /** Sessions opened by a sales or retention agent see contact data obscured. */
  agent: boolean
  /** When it started (ms), and when it ends. */
  startedAt: number
  endsAt: number
}

/**
 * The staff member behind a login-as session, if this is one. A session
 * recorded without a start time (none is written that way; tests build such
 * sessions by hand) gets the current time, as a missing stamp does.
 */
export function impersonationOf(ctx: { session?: SessionStore }): Impersonation | null {
  const session = ctx.session
  const value = session?.get(KEY) as StoredImpersonation | undefined
  if (!session || !value) return null
  let startedAt = value.startedAt
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) {
    startedAt = Date.now()
    session.put(KEY, { ...value, startedAt })
  }
  return {
    staffId: value.staffId,
    staffRoleId: value.staffRoleId,
    agent: AGENT_ROLES.includes(value.staffRoleId),
    startedAt,
    endsAt: impersonationEndsAt(startedAt),
  }
}

/** Records that this session is a login-as session of `staff`, from now. */
export function beginImpersonation(
  ctx: WithSession,
  staff: { id: number; roleId: RoleId },
  now = Date.now()
) {
  const value: StoredImpersonation = {
    staffId: staff.id,
    staffRoleId: staff.roleId,
    startedAt: now,
  }
  ctx.session.put(KEY, value)
}

export function endImpersonation(ctx: WithSession) {
  ctx.session.forget(KEY)
  ctx.session.forget(IMPERSONATOR_STAMP_KEY)
}
