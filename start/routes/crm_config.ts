import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'

const CrmConfigController = () => import('#controllers/staff/crm_config_controller')

/* Sales Statuses (CRM spec §2.1 menu: roles 1, 2; §7). The page is a staff screen (start/routes/staff.ts). */
router
  .group(() => {
    router
      .get('/admin/crm-config/sales-statuses/api', [CrmConfigController, 'salesStatusList'])
      .as('admin.crmConfig.salesStatuses.list')
    router
      .post('/admin/crm-config/sales-statuses', [CrmConfigController, 'storeSalesStatus'])
      .as('admin.crmConfig.salesStatuses.store')
    router
      .put('/admin/crm-config/sales-statuses/:id', [CrmConfigController, 'updateSalesStatus'])
      .as('admin.crmConfig.salesStatuses.update')
    router
      .delete('/admin/crm-config/sales-statuses/:id', [CrmConfigController, 'destroySalesStatus'])
      .as('admin.crmConfig.salesStatuses.destroy')
  })
  .use(screenAccess('admin.crmConfig.salesStatuses'))

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
