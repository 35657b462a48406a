import type { HttpContext } from '@adonisjs/core/http'
import { AGENT_ROLES, type RoleId } from '#domain/roles'

const KEY = 'impersonator'
/** The staff member's session stamp (session_stamp.ts): a login-as session ends with their sessions. */
export const IMPERSONATOR_STAMP_KEY = 'impersonatorStamp'

export interface Impersonation {
  staffId: number
  staffRoleId: RoleId
  /** Sessions opened by a sales or retention agent see contact data obscured. */
  agent: boolean
}

/** The staff member behind a login-as session, if this is one. */
export function impersonationOf(ctx: HttpContext): Impersonation | null {
  const value = ctx.session?.get(KEY) as { staffId: number; staffRoleId: RoleId } | undefined
  if (!value) return null
  return { ...value, agent: AGENT_ROLES.includes(value.staffRoleId) }
}

export function endImpersonation(ctx: HttpContext) {
  ctx.session.forget(KEY)
  ctx.session.forget(IMPERSONATOR_STAMP_KEY)
}
