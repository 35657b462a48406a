import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { screenAccess } from '#start/routes/screen_access'
import { Roles, STAFF_ROLES } from '#domain/roles'
import { CUSTOMER_LIST_TYPES } from '#domain/customers'

const CustomersController = () => import('#controllers/staff/customers_controller')

/*
| The customers list and the edit customer page (CRM spec §2.1 menu: the
| lists for roles 1, 2; §2.8, §2.9, §7). The list pages are screens of
| app/domain/staff_screens.ts (start/routes/staff.ts). The edit page and its
| PUT are open to every staff role: their own profile (Profile in the user
| menu) is there; a customer is found through findVisibleCustomer (404
| outside the viewer's), and only roles 1 and 2 may change one (403).
*/
router
  .group(() => {
    router
      .get('/admin/customers/api/:type', [CustomersController, 'list'])
      .as('admin.customers.list')
      .where('type', new RegExp(`^(${CUSTOMER_LIST_TYPES.join('|')})$`))
    router.post('/admin/customers', [CustomersController, 'store']).as('admin.customers.store')
  })
  .use(screenAccess('admin.customers.all'))

router
  .group(() => {
    router
      .delete('/admin/customers/:id', [CustomersController, 'destroy'])
      .as('admin.customers.destroy')
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN] })])

router
  .group(() => {
    router
      .get('/admin/customers/edit/:id', [CustomersController, 'edit'])
      .as('admin.customers.edit')
    router.put('/admin/customers/:id', [CustomersController, 'update']).as('admin.customers.update')
  })
  .use([middleware.auth(), middleware.role({ roles: [...STAFF_ROLES] })])
