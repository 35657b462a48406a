import db from '@adonisjs/lucid/services/db'
import type { LeadList } from '#domain/crm'
import { Roles, type RoleId } from '#domain/roles'
import type { ListTotal } from '#queries/paginate'
import { whereDesk } from '#queries/lead_desk'
import { withinBranches, type LeadBranch } from '#queries/lead_visibility'

/**
 * Viewers whose every branch is a condition on the kept counts' key (desk,
 * manager, agent, retention agent). An affiliate's branch names `affiliate_id`,
 * which the key leaves out: their own leads are few and counted by index.
 */
const KEPT_VIEWERS: readonly RoleId[] = [
  Roles.ADMIN,
  Roles.MANAGER,
  Roles.SALES_AGENT,
  Roles.RETENTION_AGENT,
]

export function servesKeptTotal(roleId: RoleId): boolean {
  return KEPT_VIEWERS.includes(roleId)
}

/**
 * An unfiltered desk's 'Total: N' from `lead_desk_counts` (migration 034): the
 * sum of its rows under the same desk and branch conditions a count of
 * `leads` would use (the table is read as `leads`, so they apply as written).
 * Exact in the reading snapshot: the rows are written with each lead change.
 */
export async function keptDeskTotal(list: LeadList, branches: LeadBranch[]): Promise<ListTotal> {
  const kept = withinBranches(whereDesk(db.from('lead_desk_counts as leads'), list), branches)
  const row = await kept.sum('leads.n as total').first()
  return { total: Number(row?.total ?? 0) }
}
