import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { throttleAuthForms } from '#start/limiter'
import { ALL_ROLES, Roles } from '#domain/roles'

const TwoFactorController = () => import('#controllers/auth/two_factor_controller')
const TwoFactorSettingsController = () =>
  import('#controllers/customer/two_factor_settings_controller')
const TwoFactorResetsController = () => import('#controllers/staff/two_factor_resets_controller')

/*
| Two-factor login (issue 12 item 3). The code step of a login whose password
| was right: nobody is signed in yet (a signed-in user is sent to the dashboard).
*/
router
  .group(() => {
    router.get('/login/two-factor', [TwoFactorController, 'show']).as('two_factor.show')
    router
      .get('/login/two-factor/enrol', [TwoFactorController, 'enrolment'])
      .as('two_factor.enrolment')
  })
  .use(middleware.guest())
router
  .group(() => {
    router.post('/login/two-factor', [TwoFactorController, 'verify']).as('two_factor.verify')
    router
      .post('/login/two-factor/enrol', [TwoFactorController, 'confirm'])
      .as('two_factor.confirm')
  })
  .use([middleware.guest(), throttleAuthForms])

/* The Security page: everyone may set it up and renew codes; only customers may turn it off (mandatory for staff). */
router
  .group(() => {
    router
      .post('/security/two-factor/setup', [TwoFactorSettingsController, 'setup'])
      .as('security.two_factor.setup')
    router
      .post('/security/two-factor/confirm', [TwoFactorSettingsController, 'confirm'])
      .as('security.two_factor.confirm')
    router
      .post('/security/two-factor/recovery-codes', [TwoFactorSettingsController, 'regenerate'])
      .as('security.two_factor.recovery_codes')
  })
  .use([middleware.auth(), middleware.role({ roles: ALL_ROLES })])
router
  .delete('/security/two-factor', [TwoFactorSettingsController, 'destroy'])
  .as('security.two_factor.destroy')
  .use([middleware.auth(), middleware.role({ roles: [Roles.CUSTOMER] })])

/* An admin resets another user's second factor (role 1; audited; ends that user's sessions). */
router
  .delete('/admin/users/:id/two-factor', [TwoFactorResetsController, 'destroy'])
  .as('admin.users.two_factor.reset')
  .use([middleware.auth(), middleware.role({ roles: [Roles.ADMIN] })])
