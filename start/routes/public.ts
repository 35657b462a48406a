import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { throttleAuthForms, throttleTranslations } from '#start/limiter'

const LoginController = () => import('#controllers/auth/login_controller')
const SignupController = () => import('#controllers/auth/signup_controller')
const PasswordResetController = () => import('#controllers/auth/password_reset_controller')
const EmailVerificationController = () => import('#controllers/auth/email_verification_controller')
const LogoutController = () => import('#controllers/auth/logout_controller')
const CountriesController = () => import('#controllers/shared/countries_controller')
const TranslationsController = () => import('#controllers/shared/translations_controller')

/* Visitor pages: a signed-in user is sent to the dashboard. */
router
  .group(() => {
    router.get('/', [LoginController, 'show']).as('auth.login.show')
    router.get('/signup', [SignupController, 'show']).as('auth.signup.show')
    router.get('/forgot-password', [PasswordResetController, 'showRequest']).as('auth.forgot.show')
    router
      .get('/reset-password/:token', [PasswordResetController, 'showReset'])
      .as('auth.reset.show')
  })
  .use(middleware.guest())

/* Visitor forms; throttled per IP on top of the per-account login throttle. */
router
  .group(() => {
    router.post('/auth/login', [LoginController, 'store']).as('auth.login')
    router.post('/auth/signup', [SignupController, 'store']).as('auth.signup')
    router.post('/forgot-password', [PasswordResetController, 'sendLink']).as('auth.forgot')
    router.put('/forgot-password', [PasswordResetController, 'reset']).as('auth.reset')
  })
  .use(throttleAuthForms)

router.get('/verify-email/:id', [EmailVerificationController, 'verify']).as('auth.verify_email')
router.post('/auth/logout', [LogoutController, 'handle']).as('auth.logout').use(middleware.auth())

/* Shared data for public and signed-in pages. */
router.get('/countries', [CountriesController, 'index']).as('countries.index')
router.get('/translations/:lng', [TranslationsController, 'show']).as('translations.show')
router
  .post('/translations/:lng', [TranslationsController, 'store'])
  .as('translations.store')
  .use(throttleTranslations)
