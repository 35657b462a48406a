import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'

const SiteSettingsController = () => import('#controllers/staff/site_settings_controller')

/* Site Settings (admin spec §2, §7 POST /admin/settings multipart; menu: role 1). The page is a staff screen (start/routes/staff.ts). */
router
  .post('/admin/settings', [SiteSettingsController, 'update'])
  .as('admin.settings.update')
  .use(screenAccess('admin.settings'))
