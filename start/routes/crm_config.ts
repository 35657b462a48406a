import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'
import { registerStaffList } from '#start/routes/staff_lists'
import { SALES_STATUS_LIST } from '#domain/staff_lists/sales_statuses'

const CrmConfigController = () => import('#controllers/staff/crm_config_controller')

/* Sales Statuses (CRM spec §2.1 menu: roles 1, 2; §7): its API from its declaration. The page is a staff screen (start/routes/staff.ts). */
registerStaffList(SALES_STATUS_LIST, {
  list: [CrmConfigController, 'salesStatusList'],
  store: [CrmConfigController, 'storeSalesStatus'],
  update: [CrmConfigController, 'updateSalesStatus'],
  destroy: [CrmConfigController, 'destroySalesStatus'],
})

/* Teams (CRM spec §2.1 menu: role 1; §7). */
router
  .group(() => {
    router
      .get('/admin/crm-config/teams/api', [CrmConfigController, 'teamList'])
      .as('admin.crmConfig.teams.list')
    router
      .post('/admin/crm-config/teams', [CrmConfigController, 'storeTeam'])
      .as('admin.crmConfig.teams.store')
    router
      .put('/admin/crm-config/teams/:id', [CrmConfigController, 'updateTeam'])
      .as('admin.crmConfig.teams.update')
    router
      .delete('/admin/crm-config/teams/:id', [CrmConfigController, 'destroyTeam'])
      .as('admin.crmConfig.teams.destroy')
  })
  .use(screenAccess('admin.crmConfig.teams'))

/* Promo Code (CRM spec §2.1 menu: roles 1, 2, 4, 5, 6; §2.7, §7): each staff member's own code. */
router
  .post('/admin/promo-code', [CrmConfigController, 'generatePromoCode'])
  .as('admin.promoCode.generate')
  .use(screenAccess('admin.promoCode'))
