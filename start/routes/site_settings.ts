import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { screenRoles } from '#domain/staff_screens'

const SiteSettingsController = () => import('#controllers/staff/site_settings_controller')

/* Site Settings (admin spec §2, §7 POST /admin/settings multipart; menu: role 1). The page is a staff screen (start/routes/staff.ts). */
router
  .post('/admin/settings', [SiteSettingsController, 'update'])
  .as('admin.settings.update')
  .use([middleware.auth(), middleware.role({ roles: screenRoles('/admin/settings') })])
