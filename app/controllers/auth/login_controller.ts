import type { HttpContext } from '@adonisjs/core/http'
import { loginValidator } from '#validators/auth'
import { attemptLogin, UnverifiedEmailException } from '#actions/auth/attempt_login'
import { sendVerificationEmail } from '#actions/auth/send_verification_email'
import { requireCaptcha } from '#controllers/auth/captcha'
import { errors as authErrors } from '@adonisjs/auth'
import { landingPathFor } from '#domain/roles'
import { appBaseUrl } from '#services/urls'
import { TWO_FACTOR_PATHS } from '#domain/two_factor'
import { secondStepNeeded } from '#queries/two_factor'
import { completeSignIn } from '#actions/auth/complete_sign_in'
import { startPendingLogin } from '#actions/auth/start_pending_login'
import { isKnownDevice, rememberDevice } from '#services/known_devices'

export const INVALID_CREDENTIALS = 'Invalid Credentials'

export default class LoginController {
  async show({ inertia, session }: HttpContext) {
    return inertia.render('auth/login', {
      notice: (session.flashMessages.get('notice') as string) ?? null,
    })
  }

  async store(ctx: HttpContext) {
    const { request, response } = ctx
    const payload = await request.validateUsing(loginValidator)
    await requireCaptcha(payload.humanKey, request.ip())
    try {
      const user = await attemptLogin({
        email: payload.email,
        password: payload.password,
        ip: request.ip(),
        knownDevice: isKnownDevice(ctx, payload.email),
      })
      rememberDevice(ctx, payload.email)
      // Two-factor login: the password alone signs nobody in who needs a code (start_pending_login.ts).
      if (await secondStepNeeded(user)) {
        await startPendingLogin(ctx, user, payload.remember === true)
        return response.ok({ message: 'Enter your code', redirect: TWO_FACTOR_PATHS.code })
      }
      await completeSignIn(ctx, user, payload.remember === true)
      return response.ok({ message: 'Logged in', redirect: landingPathFor(user.roleId) })
    } catch (error) {
      if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
        return response.badRequest({ message: INVALID_CREDENTIALS, errors: [] })
      }
      if (error instanceof UnverifiedEmailException) {
        await sendVerificationEmail(error.user, appBaseUrl())
      }
      throw error
    }
  }
}
