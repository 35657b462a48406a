import router from '@adonisjs/core/services/router'
import { screenAccess } from '#start/routes/screen_access'

const StaffUsersController = () => import('#controllers/staff/staff_users_controller')

/* Admin & Staffs (admin spec §2 menu: role 1; §7 GET /admin/users/api, POST, PUT, DELETE /admin/users). The page is a staff screen (start/routes/staff.ts). */
router
  .group(() => {
    router.get('/admin/users/api', [StaffUsersController, 'list']).as('admin.users.list')
    router.post('/admin/users', [StaffUsersController, 'store']).as('admin.users.store')
    router.put('/admin/users/:id', [StaffUsersController, 'update']).as('admin.users.update')
    router.delete('/admin/users/:id', [StaffUsersController, 'destroy']).as('admin.users.destroy')
  })
  .use(screenAccess('admin.users.index'))
