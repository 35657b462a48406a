import type SalesStatus from '#models/sales_status'
import type Team from '#models/team'
import type { SalesStatusListRow } from '#domain/staff_lists/sales_statuses'

/** A sales status as the list and the lead pages' status choices receive it (CRM spec §3). */
export function salesStatusRow(row: SalesStatus): SalesStatusListRow {
  return { id: row.id, status: row.status, isDefault: row.isDefault }
}

export type SalesStatusRow = ReturnType<typeof salesStatusRow>

/** A team as the list and its form receive it (CRM spec §3): manager's full name, members' ids and names. */
export function teamRow(team: Team) {
  return {
    id: team.id,
    name: team.name,
    code: team.code,
    userId: team.userId,
    manager: team.user?.fullName ?? null,
    members: (team.members ?? []).map((m) => ({ id: m.id, fullName: m.fullName })),
  }
}

export type TeamRow = ReturnType<typeof teamRow>
