import type SalesStatus from '#models/sales_status'
import type Team from '#models/team'
import type User from '#models/user'
import type { ListOption } from '#domain/staff_list'
import type { SalesStatusListRow } from '#domain/staff_lists/sales_statuses'
import type { TeamListRow } from '#domain/staff_lists/teams'

/** A sales status as the list and the lead pages' status choices receive it (CRM spec §3). */
export function salesStatusRow(row: SalesStatus): SalesStatusListRow {
  return { id: row.id, status: row.status, isDefault: row.isDefault }
}

/** A team as the list and its form receive it (CRM spec §3): manager's full name, members' ids and names. */
export function teamRow(team: Team): TeamListRow {
  return {
    id: team.id,
    name: team.name,
    code: team.code,
    userId: team.userId,
    manager: team.user?.fullName ?? null,
    members: (team.members ?? []).map((m) => ({ id: m.id, fullName: m.fullName })),
  }
}

/** A manager or agent the team form offers (its select shows the label; never the password). */
export function teamChoice(user: User): ListOption & { roleId: number } {
  // A person's name and address: shown as they are, never a text to translate.
  const label = `${user.fullName} (${user.email})`
  return { id: user.id, label, roleId: user.roleId }
}
