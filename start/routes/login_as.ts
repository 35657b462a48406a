import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { LOGIN_AS_ROLES } from '#domain/impersonation'

const LoginAsController = () => import('#controllers/staff/login_as_controller')

/*
| Login as a customer (admin CRM spec §4, §6, §7; issue 14 item 4). Roles 1, 2,
| 5 and 6, each for the customers they may open (app/queries/customer_visibility.ts).
| The way back, POST /authManager/back-to-admin, is in start/routes/customer.ts;
| the 30-minute limit and the routes refused meanwhile in the impersonation middleware.
*/
router
  .post('/admin/customers/login-as/:id', [LoginAsController, 'store'])
  .as('admin.customers.login_as')
  .use([middleware.auth(), middleware.role({ roles: [...LOGIN_AS_ROLES] })])
