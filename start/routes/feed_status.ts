import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'

const ApiSettingsController = () => import('#controllers/staff/api_settings_controller')
const SystemStatusController = () => import('#controllers/staff/system_status_controller')

/* API Settings (admin spec §2 API Settings, §7 PUT /admin/apis/{key}; menu: role 1). */
router
  .put('/admin/apis/:key', [ApiSettingsController, 'update'])
  .as('admin.apis.update')
  .where('key', /^[A-Za-z]{1,32}$/)
  .use(screenAccess('admin.apis'))

/* Disconnect a provider: its row is erased, its markets go back to the simulator (issue 21 item 8). */
router
  .delete('/admin/apis/:key', [ApiSettingsController, 'disconnect'])
  .as('admin.apis.disconnect')
  .where('key', /^[A-Za-z]{1,32}$/)
  .use(screenAccess('admin.apis'))

/* API Status: the Currency API quota (admin spec §2, §3; its path is not given: ours). Menu: role 1. */
router
  .get('/admin/status/api/quota', [SystemStatusController, 'quota'])
  .as('admin.status.api.quota')
  .use(screenAccess('admin.status.api'))

/* Server Information, polled by its page (admin spec §2, §3 "Server info"). Menu: role 1. */
router
  .get('/admin/status/server/api', [SystemStatusController, 'server'])
  .as('admin.status.server.data')
  .use(screenAccess('admin.status.server'))
