import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'
import { registerStaffList } from '#start/routes/staff_lists'
import { SALES_STATUS_LIST } from '#domain/staff_lists/sales_statuses'
import { TEAM_LIST } from '#domain/staff_lists/teams'

const CrmConfigController = () => import('#controllers/staff/crm_config_controller')

/* Sales Statuses (CRM spec §2.1 menu: roles 1, 2; §7): its page and API from its declaration. */
registerStaffList(SALES_STATUS_LIST, () => import('#controllers/staff/lists/sales_statuses'))

/* Teams (CRM spec §2.1 menu: role 1; §7): its API from its declaration. */
registerStaffList(TEAM_LIST, {
  list: [CrmConfigController, 'teamList'],
  store: [CrmConfigController, 'storeTeam'],
  update: [CrmConfigController, 'updateTeam'],
  destroy: [CrmConfigController, 'destroyTeam'],
})

/* Promo Code (CRM spec §2.1 menu: roles 1, 2, 4, 5, 6; §2.7, §7): each staff member's own code. */
router
  .post('/admin/promo-code', [CrmConfigController, 'generatePromoCode'])
  .as('admin.promoCode.generate')
  .use(screenAccess('admin.promoCode'))
