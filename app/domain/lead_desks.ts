import { Roles, type RoleId } from './roles.js'
import { canMove, type LeadGroup, type LeadList } from './crm.js'

/**
 * The leads desks' bulk actions and list filters (CRM spec §2.4, §4, §7; the
 * reading in docs/DECISIONS.md "CRM: leads desks"). Pure rules, no database.
 */

/** At most this many leads per bulk call: one statement, one audit row. */
export const MAX_BULK_IDS = 10_000

/** A note's content, at most this long (lead_notes.content is text; the form is one line). */
export const MAX_NOTE_LENGTH = 2000

/**
 * Where each role may send leads with a bulk move, as its toolbar offers
 * (spec §2.4): admins and managers every move §4 allows; a sales agent Send to
 * Retentions and Bulk archive; a retention agent Bulk archive only (roles 5
 * and 6 have no Send to Sales).
 */
export const BULK_MOVE_TARGETS: Partial<Record<RoleId, readonly LeadGroup[]>> = {
  [Roles.ADMIN]: ['sales', 'retentions', 'archived'],
  [Roles.MANAGER]: ['sales', 'retentions', 'archived'],
  [Roles.SALES_AGENT]: ['retentions', 'archived'],
  [Roles.RETENTION_AGENT]: ['archived'],
}

/** Who may bulk assign a sales or retention agent: admins and managers (spec §2.4, §6). */
export const BULK_ASSIGN_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]

/** Roles whose staff the agent filter and assign dialogs list (GET /admin/crm/staff/{roleId}). */
export const STAFF_PICKER_ROLES: readonly RoleId[] = [
  Roles.MANAGER,
  Roles.SALES_AGENT,
  Roles.RETENTION_AGENT,
]

export function mayMoveTo(roleId: RoleId, to: LeadGroup): boolean {
  return BULK_MOVE_TARGETS[roleId]?.includes(to) ?? false
}

/**
 * Why a bulk move is refused, or null: the role's toolbar has no such move,
 * or some lead's desk does not lead there (§4). All or nothing.
 */
export function bulkMoveRefusal(
  roleId: RoleId,
  to: LeadGroup,
  from: readonly (LeadGroup | null)[]
): string | null {
  if (!mayMoveTo(roleId, to)) return 'You may not move leads there'
  const stuck = from.find((group) => !canMove(group, to))
  if (stuck !== undefined) return `Leads in ${stuck ?? 'clients'} cannot be moved to ${to}`
  return null
}

/**
 * The column a list's date range filters: the sign-up time on the pages
 * that label it 'Registered At' (Clients, Archived), the lead's creation
 * time elsewhere.
 */
export function dateColumnOf(list: LeadList): 'registered_at' | 'created_at' {
  return list === 'clients' || list === 'archived' ? 'registered_at' : 'created_at'
}

/** The rows of a list: its desk, and for `new` only the leads no sales agent has yet. */
export function listScope(list: LeadList): { group: LeadGroup | null; unassignedOnly: boolean } {
  switch (list) {
    case 'sales':
      return { group: 'sales', unassignedOnly: false }
    case 'new':
      return { group: 'sales', unassignedOnly: true }
    case 'clients':
      return { group: null, unassignedOnly: false }
    case 'retentions':
      return { group: 'retentions', unassignedOnly: false }
    case 'archived':
      return { group: 'archived', unassignedOnly: false }
  }
}

/** The notes cell's preview: the first 12 characters of the first note, then an ellipsis (spec §2.3, §9). */
export const NOTE_PREVIEW_LENGTH = 12

export function notePreview(content: string | null | undefined): string {
  if (!content) return ''
  return `${[...content].slice(0, NOTE_PREVIEW_LENGTH).join('')}…`
}
