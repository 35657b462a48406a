import type { HttpContext } from '@adonisjs/core/http'
import SalesStatus from '#models/sales_status'
import type { LeadList, LeadType } from '#domain/crm'
import { BULK_ASSIGN_ROLES } from '#domain/lead_desks'
import type { RoleId } from '#domain/roles'
import { staffContext } from '#services/audit_log'
import { leadPage, staffOfRole } from '#queries/leads'
import { leadNoteRow } from '#transformers/lead_transformer'
import { bulkLeadsValidator, leadListValidator, noteValidator } from '#validators/crm_leads'
import { addNote } from '#actions/leads/add_note'
import { bulkUpdateLeads, type BulkChange } from '#actions/leads/bulk_update'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** Which list a leads page shows and, for the sales and new lists, the source type. */
export interface LeadsPageProps {
  list: LeadList
  type: LeadType | null
  statuses: { id: number; status: string; isDefault: boolean }[]
  viewer: { id: number; roleId: RoleId; email: string }
}

/**
 * The leads desks (CRM spec §2.3, §2.4, §7; issue 13 items 1–3): the pages,
 * the list calls, notes, bulk moves and assignment, and the staff pickers.
 */
export default class CrmLeadsController {
  async #page({ inertia, auth }: HttpContext, list: LeadList, type: LeadType | null) {
    const user = auth.getUserOrFail()
    const statuses = await SalesStatus.query().orderBy('id', 'asc')
    const props: LeadsPageProps = {
      list,
      type,
      statuses: statuses.map((s) => ({ id: s.id, status: s.status, isDefault: s.isDefault })),
      viewer: { id: user.id, roleId: user.roleId as RoleId, email: user.email },
    }
    return inertia.render('staff/crm/leads', props as any)
  }

  /** /admin/crm/sales/all|manual|live: the sales desk ('{type} Leads'; roles 1, 2, 5). */
  salesAll = (ctx: HttpContext) => this.#page(ctx, 'sales', 'all')
  salesManual = (ctx: HttpContext) => this.#page(ctx, 'sales', 'manual')
  salesLive = (ctx: HttpContext) => this.#page(ctx, 'sales', 'live')
  /** /admin/leads/all|manual|live: the intake pool, leads no sales agent has yet (roles 1, 2). */
  newAll = (ctx: HttpContext) => this.#page(ctx, 'new', 'all')
  newManual = (ctx: HttpContext) => this.#page(ctx, 'new', 'manual')
  newLive = (ctx: HttpContext) => this.#page(ctx, 'new', 'live')
  /** /admin/crm/clients, /admin/crm/retention, /admin/crm/archived. */
  clients = (ctx: HttpContext) => this.#page(ctx, 'clients', null)
  retention = (ctx: HttpContext) => this.#page(ctx, 'retentions', null)
  archived = (ctx: HttpContext) => this.#page(ctx, 'archived', null)

  async #list({ request, params, auth }: HttpContext, list: LeadList) {
    const input = await request.validateUsing(leadListValidator, {
      data: { ...request.qs(), ...params },
    })
    const user = auth.getUserOrFail()
    return leadPage(list, input, input, { id: user.id, roleId: user.roleId as RoleId })
  }

  /** GET /affiliate/leads/api/{list}/{status}[/{type}][/{startDate}/{endDate}] → { data, meta } */
  sales = (ctx: HttpContext) => this.#list(ctx, 'sales')
  intake = (ctx: HttpContext) => this.#list(ctx, 'new')
  clientList = (ctx: HttpContext) => this.#list(ctx, 'clients')
  retentions = (ctx: HttpContext) => this.#list(ctx, 'retentions')
  archive = (ctx: HttpContext) => this.#list(ctx, 'archived')

  /** POST /admin/crm/note { content, leadId } → 'Notes created successfully' */
  async note(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(noteValidator)
    const note = await addNote({ ...payload, ...staffContext(ctx) })
    await note.load('user')
    return ctx.response.created({ message: 'Notes created successfully', note: leadNoteRow(note) })
  }

  /** PUT /admin/leads/bulk { ids, data: { group } | { agentId } | { retId } } */
  async bulk(ctx: HttpContext) {
    const { ids, data } = await ctx.request.validateUsing(bulkLeadsValidator)
    const given = (['group', 'agentId', 'retId'] as const).filter((k) => data[k] !== undefined)
    if (given.length !== 1) {
      throw new UserFacingException('Choose one change: a desk, an agent or a retention agent', {
        field: 'data',
      })
    }
    const staff = staffContext(ctx)
    const assigning = given[0] !== 'group'
    if (assigning && !BULK_ASSIGN_ROLES.includes(staff.staff.roleId as RoleId)) {
      throw new ForbiddenException()
    }
    const change = { [given[0]]: data[given[0]] } as BulkChange
    const { count } = await bulkUpdateLeads({ ids, change, ...staff })
    return {
      message: assigning ? 'Agents assigned successfully' : 'Lead moved successfully',
      count,
    }
  }

  /** GET /admin/crm/staff/{role} (2, 5 or 6): id, fullName, email of the active accounts. */
  async staff({ params }: HttpContext) {
    const users = await staffOfRole(Number(params.role) as RoleId)
    return { data: users.map((u) => ({ id: u.id, fullName: u.fullName, email: u.email })) }
  }
}
