import db from '@adonisjs/lucid/services/db'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Lead from '#models/lead'
import User from '#models/user'
import SalesStatus from '#models/sales_status'
import { ALL_STATUSES, statusFromSegment, type LeadList, type LeadType } from '#domain/crm'
import { dateColumnOf } from '#domain/lead_desks'
import { utcDayRange } from '#domain/date_format'
import { Roles, type RoleId } from '#domain/roles'
import { cappedMatchPage, listPage, pageWithTotal, sortOf, sumOfCounts } from '#queries/paginate'
import { leadSearchOf, whereLeadSearch, type LeadSearch } from '#queries/lead_search'
import { leadBranches, withinBranches, type LeadViewer } from '#queries/lead_visibility'
import { whereDesk } from '#queries/lead_desk'
import { keptDeskTotal, servesKeptTotal } from '#queries/lead_desk_counts'
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
 * How many matches a search counts before it answers 'Total: 10000+'
 * (docs/DECISIONS.md): counting every lead named Emma on a desk of a million
 * costs more than the page itself.
 */
export const SEARCH_TOTAL_CAP = 10_000

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
 * total is counted per disjoint part of the viewer's view, with the same
 * filters, while the page is read (indexes: migration 019). A search's
 * matches are read once for both its total, which stops at SEARCH_TOTAL_CAP,
 * and its page (cappedMatchPage).
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
  const branches = await leadBranches(viewer)
  const search = options.search
    ? await leadSearchOf(options.search, { narrowed: narrowsRows(filter, viewer) })
    : undefined
  const conditions = rowConditions(list, filter, statusId)
  const filtered = <Query extends FilterableQuery>(query: Query) =>
    listFilters(query, list, conditions, search)

  const rows = withLeadRelations(withinBranches(filtered(Lead.query()), branches))
  const toRow = (lead: Lead) => leadRow(lead, { masked })
  const { column, order } = sortOf(options, SORTABLE, { column: 'leads.id', order: 'desc' })
  if (!options.search) {
    const total =
      conditions.length === 0 && servesKeptTotal(viewer.roleId)
        ? keptDeskTotal(list, branches)
        : sumOfCounts(
            branches.map((branch) => {
              const count = filtered(db.from('leads'))
              branch(count)
              return count
            })
          )
    return pageWithTotal(rows.orderBy(column, order), total, options, toRow)
  }
  // A search reads its matches once, at most SEARCH_TOTAL_CAP + 1 of them (a common name
  // matches a tenth of a desk): their total and the page's ids come from that one read,
  // the page's rows by id. Past the cap the matches are dense: the id index finds the page.
  const matches = () =>
    withinBranches(filtered(db.from('leads')), branches).select('leads.id as id')
  const found = await cappedMatchPage(matches, SEARCH_TOTAL_CAP, options, order)
  if (found.atLeast) return pageWithTotal(rows.orderBy(column, order), found, options, toRow)
  const onPage =
    found.ids.length === 0
      ? []
      : await withLeadRelations(Lead.query().whereIn('leads.id', found.ids)).orderBy(column, order)
  return listPage(onPage, found, options, toRow)
}

type FilterableQuery = ChainableContract & { client: QueryClientContract }

/** Viewers who see only their own leads: a small part of any desk. */
const OWN_LEADS_ONLY: readonly RoleId[] = [
  Roles.SALES_AGENT,
  Roles.RETENTION_AGENT,
  Roles.AFFILIATE,
]

/**
 * Whether a condition besides the search already narrows the list to a small
 * part of its desk (a date range, an agent filter, a viewer's own leads); a
 * status or a source alone does not (each holds a tenth to a third of it).
 */
function narrowsRows(filter: LeadListFilter, viewer: LeadViewer): boolean {
  if (filter.startDate || filter.endDate || filter.agentId || filter.retId) return true
  return OWN_LEADS_ONLY.includes(viewer.roleId)
}

type Condition = (query: FilterableQuery) => void

/**
 * The conditions a call's filters put on `leads` after its desk (status,
 * source type, date range, agent; the search aside). None: the desk's total
 * is kept by the database (keptDeskTotal).
 */
function rowConditions(list: LeadList, filter: LeadListFilter, statusId: number | null) {
  const conditions: Condition[] = []
  if (statusId !== null) conditions.push((q) => q.where('leads.sales_status_id', statusId))
  if (filter.type && filter.type !== 'all') {
    const type = filter.type
    conditions.push((q) => q.where('leads.source', type))
  }
  const column = `leads.${dateColumnOf(list)}`
  const { from, before } = utcDayRange({ dateStart: filter.startDate, dateEnd: filter.endDate })
  if (from) conditions.push((q) => q.where(column, '>=', from.toFormat(formatOf(q))))
  if (before) conditions.push((q) => q.where(column, '<', before.toFormat(formatOf(q))))
  if (list === 'sales' && filter.agentId) {
    const agentId = filter.agentId
    conditions.push((q) => q.where('leads.agent_id', agentId))
  }
  if (list === 'retentions' && filter.retId) {
    const retId = filter.retId
    conditions.push((q) => q.where('leads.ret_agent_id', retId))
  }
  return conditions
}

const formatOf = (query: FilterableQuery) => query.client.dialect.dateTimeFormat

/** A list's own filters on `leads`: its desk, then each condition the call sets, then the search. */
function listFilters<Query extends FilterableQuery>(
  query: Query,
  list: LeadList,
  conditions: readonly Condition[],
  search: LeadSearch | undefined
): Query {
  whereDesk(query, list)
  for (const condition of conditions) condition(query)
  if (search) whereLeadSearch(query, search)
  return query
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
