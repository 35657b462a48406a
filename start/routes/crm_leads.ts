import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { LEAD_LIST_ROLES } from '#domain/crm'
import { Roles } from '#domain/roles'

const CrmLeadsController = () => import('#controllers/staff/crm_leads_controller')

/** A calendar day in a list path (YYYY-MM-DD-shaped; the validator checks it is a real day). */
const DAY = /^\d{4}-\d{2}-\d{2}$/
const TYPE = /^(all|live|manual)$/

/*
 * The leads desks' list calls (CRM spec §7), one pair of paths per list: with
 * and without the date range; each open to the roles its pages are
 * (LEAD_LIST_ROLES). Rows through visibleLeads.
 */
const LISTS = [
  { list: 'sales', handler: 'sales', typed: true },
  { list: 'new', handler: 'intake', typed: true },
  { list: 'clients', handler: 'clientList', typed: false },
  { list: 'retentions', handler: 'retentions', typed: false },
  { list: 'archived', handler: 'archive', typed: false },
] as const

for (const { list, handler, typed } of LISTS) {
  const base = `/affiliate/leads/api/${list}/:status${typed ? '/:type' : ''}`
  router
    .group(() => {
      router.get(base, [CrmLeadsController, handler]).as(`crm.leads.api.${list}`)
      router
        .get(`${base}/:startDate/:endDate`, [CrmLeadsController, handler])
        .as(`crm.leads.api.${list}.range`)
        .where('startDate', DAY)
        .where('endDate', DAY)
    })
    .where('type', TYPE)
    .use([middleware.auth(), middleware.role({ roles: LEAD_LIST_ROLES[list] })])
}

/* Notes (spec §2.3, §7 POST /admin/crm/note): the desks' roles, on leads they may see. */
router
  .post('/admin/crm/note', [CrmLeadsController, 'note'])
  .as('crm.note.store')
  .use([
    middleware.auth(),
    middleware.role({
      roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT, Roles.RETENTION_AGENT],
    }),
  ])

/*
 * Bulk moves and assignment (spec §4, §7 PUT /admin/leads/bulk): moves for the
 * roles with a bulk button, assignment for admins and managers only (checked
 * in the controller). `bulk` never matches PUT /admin/leads/:id (ids are digits).
 */
router
  .put('/admin/leads/bulk', [CrmLeadsController, 'bulk'])
  .as('crm.leads.bulk')
  .use([
    middleware.auth(),
    middleware.role({
      roles: [Roles.ADMIN, Roles.MANAGER, Roles.SALES_AGENT, Roles.RETENTION_AGENT],
    }),
  ])

/* The staff pickers of the agent filter and assign dialogs (managers, sales and retention agents); roles 1, 2. */
router
  .get('/admin/crm/staff/:role', [CrmLeadsController, 'staff'])
  .as('crm.staff.byRole')
  .where('role', /^(2|5|6)$/)
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN, Roles.MANAGER] })])
