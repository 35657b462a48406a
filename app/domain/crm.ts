import { Roles, type RoleId } from './roles.js'

/**
 * The CRM's leads: the desks they sit on, how they move between them, the
 * list calls that read them and who may read each (CRM spec §2.4, §4, §7;
 * the reading is written down in docs/DECISIONS.md "CRM: leads, desks and who
 * sees what").
 */

/** The desks a lead can be on. A registered client no desk has taken yet has none (null). */
export const LEAD_GROUPS = ['sales', 'retentions', 'archived'] as const
export type LeadGroup = (typeof LEAD_GROUPS)[number]

/** Where a lead came from: a sign-up, the intake API or a landing page (live), or staff (manual). */
export const LEAD_SOURCES = ['live', 'manual'] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]

/** The `{type}` of the sales and new lists, and of the pages that show them. */
export const LEAD_TYPES = ['all', 'live', 'manual'] as const
export type LeadType = (typeof LEAD_TYPES)[number]

/** Placeholder id of an unselected select (spec §9): "none". */
export const NONE_ID = -2

export const DEFAULT_LEAD_STATUS = 'New'

/** Status filter value meaning no filter (spec §2.3). */
export const ALL_STATUSES = 'All'

/** Bulk moves the spec allows (§4), by the group a lead is in now; `null` is the Clients page. */
const MOVES: Record<LeadGroup | 'clients', readonly LeadGroup[]> = {
  clients: ['sales', 'retentions', 'archived'],
  sales: ['retentions', 'archived'],
  retentions: ['sales', 'archived'],
  archived: ['sales'],
}

export function canMove(from: LeadGroup | null, to: LeadGroup): boolean {
  return MOVES[from ?? 'clients'].includes(to)
}

/**
 * The list calls (`GET /affiliate/leads/api/{kind}/…`) and what each holds:
 * - `sales`: the sales desk, every lead in group sales (by source type);
 * - `new`: the intake pool behind the Leads pages, leads in group sales no
 *   sales agent has been given yet (by source type);
 * - `clients`: registered customers' leads that no desk has taken (group null);
 * - `retentions`: the retention desk; `archived`: the archive.
 */
export const LEAD_LISTS = ['sales', 'new', 'clients', 'retentions', 'archived'] as const
export type LeadList = (typeof LEAD_LISTS)[number]

/** Lists that take a `{type}` segment (source filter). */
export const TYPED_LISTS: readonly LeadList[] = ['sales', 'new']

/** Who may read each list: the roles the spec's menu shows its pages to (§2.1). */
export const LEAD_LIST_ROLES: Record<LeadList, readonly RoleId[]> = {
  sales: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT],
  new: [Roles.ADMIN, Roles.MANAGER],
  clients: [Roles.ADMIN, Roles.MANAGER],
  retentions: [Roles.ADMIN, Roles.MANAGER, Roles.RETENTION_AGENT],
  archived: [Roles.ADMIN, Roles.MANAGER],
}

/** Roles that work leads at all (the CRM's API; customers never). */
export const CRM_ROLES: readonly RoleId[] = [
  Roles.ADMIN,
  Roles.MANAGER,
  Roles.AFFILIATE,
  Roles.SALES_AGENT,
  Roles.RETENTION_AGENT,
]

/** Roles the toolbar's agent filter, bulk assign, Add New, Upload CSV and Send to Sales are for. */
export const LEAD_MANAGING_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]

/** What a list's `{status}` segment names: spaces travel as underscores (spec §7). */
export function statusFromSegment(segment: string): string {
  return segment.replace(/_/g, ' ')
}

export function statusToSegment(status: string): string {
  return status.replace(/ /g, '_')
}

/** The e-mail as leads store it: trimmed and lower-cased, so one address is one lead. */
export function normalizeLeadEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase()
  return trimmed ? trimmed : null
}

/**
 * Who a sign-up with a promo code is attributed to, by the role of the code's
 * owner: an affiliate brought the lead, an agent or a manager owns it.
 */
export function attributionOf(ownerId: number, ownerRole: RoleId) {
  switch (ownerRole) {
    case Roles.AFFILIATE:
      return { affiliateId: ownerId }
    case Roles.SALES_AGENT:
      return { agentId: ownerId }
    case Roles.RETENTION_AGENT:
      return { retAgentId: ownerId }
    case Roles.MANAGER:
      return { managerId: ownerId }
    default:
      return {}
  }
}
