import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Lead from '#models/lead'
import User from '#models/user'
import SalesStatus from '#models/sales_status'
import { ALL_STATUSES, statusFromSegment, type LeadList, type LeadType } from '#domain/crm'
import { dateColumnOf, listScope } from '#domain/lead_desks'
import { utcDayRange } from '#domain/date_format'
import { Roles, type RoleId } from '#domain/roles'
import { likePattern, pageOf, sortedBy } from '#queries/paginate'
import { visibleLeads, type LeadViewer } from '#queries/lead_visibility'
import { leadRow } from '#transformers/lead_transformer'
import { UserFacingException } from '#exceptions/user_facing_exception'
import settings from '#services/settings_service'

export interface LeadListFilter {
  /** The `{status}` segment: 'All' or a status name, spaces as underscores. */
  status: string
  type?: LeadType
  startDate?: string
  endDate?: string
  /** The sales list's agent filter. */
  agentId?: number
  /** The retentions list's retention-agent filter. */
  retId?: number
}

/** The columns the list sorts by on the server: the id only (index (group, id)); the table sorts a page in the browser. */
const SORTABLE = { id: 'leads.id' }

/**
 * The status a `{status}` segment names: null for All; an unknown name is
 * refused (422) rather than answering an empty list a typo would hide behind.
 */
export async function statusOfSegment(segment: string): Promise<number | null> {
  if (segment === ALL_STATUSES) return null
  const status = await SalesStatus.query().where('status', statusFromSegment(segment)).first()
  if (!status) throw new UserFacingException('Unknown sales status', { field: 'status' })
  return status.id
}

/**
 * Whether the viewer gets the e-mail masked and no phone (CRM spec §5, §9):
 * sales and retention agents while the site setting showUserInfoAgent is off.
 */
export async function masksLeadContacts(roleId: RoleId): Promise<boolean> {
  if (roleId !== Roles.SALES_AGENT && roleId !== Roles.RETENTION_AGENT) return false
  return !(await settings.site()).switches.showUserInfoAgent
}

/** The related rows a lead row shows: one query per relation for the whole page, never per row. */
export function withLeadRelations(query: ModelQueryBuilderContract<typeof Lead>) {
  const named = (q: ModelQueryBuilderContract<typeof User>) => q.select('id', 'full_name')
  return query
    .preload('salesStatus')
    .preload('manager', named)
    .preload('agent', named)
    .preload('retAgent', named)
    .preload('affiliate', named)
    .preload('user', named)
    .preload('notes', (notes) => notes.orderBy('id', 'asc').preload('user', named))
}

/**
 * One page of a leads list (`GET /affiliate/leads/api/{list}/…`): the list's
 * desk, narrowed to the rows the viewer may see, then by status, source
 * type, date range (created_at, or registered_at on Clients and Archived),
 * agent and search (first or last name, e-mail, phone); newest first. The
 * count runs with the same filters.
 */
export async function leadPage(
  list: LeadList,
  filter: LeadListFilter,
  options: {
    page?: number
    limit?: number
    search?: string
    sort?: string
    order?: 'asc' | 'desc'
  },
  viewer: LeadViewer
) {
  const statusId = await statusOfSegment(filter.status)
  const masked = await masksLeadContacts(viewer.roleId)
  const scope = listScope(list)

  const query = Lead.query()
  if (scope.group === null) query.whereNull('leads.group')
  else query.where('leads.group', scope.group)
  if (scope.unassignedOnly) query.whereNull('leads.agent_id')
  visibleLeads(query, viewer)

  if (statusId !== null) query.where('leads.sales_status_id', statusId)
  if (filter.type && filter.type !== 'all') query.where('leads.source', filter.type)
  const column = `leads.${dateColumnOf(list)}`
  const format = query.client.dialect.dateTimeFormat
  const { from, before } = utcDayRange({ dateStart: filter.startDate, dateEnd: filter.endDate })
  if (from) query.where(column, '>=', from.toFormat(format))
  if (before) query.where(column, '<', before.toFormat(format))
  if (list === 'sales' && filter.agentId) query.where('leads.agent_id', filter.agentId)
  if (list === 'retentions' && filter.retId) query.where('leads.ret_agent_id', filter.retId)
  const search = options.search
  if (search) {
    const pattern = likePattern(search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER(leads.first_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(leads.last_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        // Stored lower-cased (normalizeLeadEmail) and as typed: no function on the column.
        .orWhereRaw('leads.email LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('leads.phone LIKE ? ESCAPE ?', [likePattern(search), '\\'])
    )
  }
  sortedBy(query, options, SORTABLE, { column: 'leads.id', order: 'desc' })
  withLeadRelations(query)
  return pageOf(query, options, (lead) => leadRow(lead, { masked }))
}

/**
 * The active, non-deleted staff of a role (the agent filter and the assign
 * dialogs: managers, sales agents, retention agents), by name.
 */
export function staffOfRole(roleId: RoleId) {
  return User.query()
    .select('id', 'full_name', 'email')
    .where('role_id', roleId)
    .where('is_active', true)
    .whereNull('deleted_at')
    .orderBy('full_name', 'asc')
    .orderBy('id', 'asc')
}
