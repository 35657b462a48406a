import type { HttpContext } from '@adonisjs/core/http'
import { signupValidator } from '#validators/auth'
import { registerUser } from '#actions/auth/register_user'
import { sendVerificationEmail } from '#actions/auth/send_verification_email'
import { requireCaptcha } from '#controllers/auth/captcha'
import settings from '#services/settings_service'
import { appBaseUrl } from '#services/urls'
import { withSignupBudget } from '#services/auth_throttles'

export default class SignupController {
  async show({ inertia }: HttpContext) {
    return inertia.render('auth/signup', {})
  }

  async store(ctx: HttpContext) {
    const { request, response } = ctx
    const site = await settings.site()
    const user = await withSignupBudget(request.ip(), async () => {
      const payload = await request.validateUsing(signupValidator, {
        meta: { currencies: site.appCurrencies },
      })
      await requireCaptcha(payload.humanKey, request.ip())
      return registerUser(payload)
    })
    if (site.switches.emailVerify) await sendVerificationEmail(user, appBaseUrl())
    return response.created({
      message: site.switches.emailVerify
        ? 'We have sent a verification e-mail to your address. Please click the link in it to activate your account.'
        : 'Your account has been created successfully.',
      emailVerify: site.switches.emailVerify,
    })
  }
}
