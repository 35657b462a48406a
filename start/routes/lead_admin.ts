import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import {
  LEAD_ADD_ROLES,
  LEAD_CONVERT_ROLES,
  LEAD_DELETE_ROLES,
  LEAD_EDIT_ROLES,
} from '#domain/lead_intake'
import type { RoleId } from '#domain/roles'

const LeadAdminController = () => import('#controllers/staff/lead_admin_controller')

/*
| Adding, editing, converting, deleting and importing leads (CRM spec §2.4,
| §2.10, §3, §7; issue 13 item 4). The lead pages that open these dialogs are
| staff screens of their own (the lead lists).
*/
const roles = (list: readonly RoleId[]) => [middleware.auth(), middleware.role({ roles: list })]

router
  .post('/admin/leads', [LeadAdminController, 'store'])
  .as('admin.leads.store')
  .use(roles(LEAD_ADD_ROLES))
router
  .post('/admin/leads/csv', [LeadAdminController, 'upload'])
  .as('admin.leads.csv')
  .use(roles(LEAD_ADD_ROLES))
router
  .get('/admin/leads/csv/example', [LeadAdminController, 'example'])
  .as('admin.leads.csv.example')
  .use(roles(LEAD_ADD_ROLES))
router
  .get('/admin/leads/csv/report/:report', [LeadAdminController, 'report'])
  .where('report', /^[A-Za-z0-9_-]{32}$/)
  .as('admin.leads.csv.report')
  .use(roles(LEAD_ADD_ROLES))
router
  .post('/admin/leads/convertLeadToUser', [LeadAdminController, 'convert'])
  .as('admin.leads.convert')
  .use(roles(LEAD_CONVERT_ROLES))
router
  .put('/admin/leads/:id', [LeadAdminController, 'update'])
  .as('admin.leads.update')
  .use(roles(LEAD_EDIT_ROLES))
router
  .delete('/admin/leads/:id', [LeadAdminController, 'destroy'])
  .as('admin.leads.destroy')
  .use(roles(LEAD_DELETE_ROLES))
