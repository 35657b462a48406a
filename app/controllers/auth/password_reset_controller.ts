import type { HttpContext } from '@adonisjs/core/http'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/auth'
import { requestPasswordReset } from '#actions/auth/request_password_reset'
import { resetPassword } from '#actions/auth/reset_password'
import { requireCaptcha } from '#controllers/auth/captcha'
import { appBaseUrl } from '#services/urls'

export default class PasswordResetController {
  async showRequest({ inertia }: HttpContext) {
    return inertia.render('auth/forgot_password', {})
  }

  async sendLink(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(forgotPasswordValidator)
    await requireCaptcha(payload.humanKey, ctx.request.ip())
    await requestPasswordReset({
      email: payload.email,
      ip: ctx.request.ip(),
      baseUrl: appBaseUrl(),
    })
    return ctx.response.ok({
      message: 'If an account exists for this address, we have sent a link to reset the password.',
    })
  }

  async showReset({ inertia, params }: HttpContext) {
    return inertia.render('auth/reset_password', { token: String(params.token) })
  }

  async reset({ request, response }: HttpContext) {
    const payload = await request.validateUsing(resetPasswordValidator)
    await resetPassword({ ...payload, ip: request.ip() })
    return response.ok({ message: 'Your password has been updated. You can log in now.' })
  }
}
