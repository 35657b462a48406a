import type { HttpContext } from '@adonisjs/core/http'
import { verifyEmail } from '#actions/auth/verify_email'

export default class EmailVerificationController {
  async verify({ request, params, response, session }: HttpContext) {
    const id = Number(params.id)
    if (!request.hasValidSignature() || !Number.isInteger(id)) {
      session.flash(
        'notice',
        'This verification link is invalid or has expired. Log in to receive a new one.'
      )
      return response.redirect('/')
    }
    try {
      await verifyEmail({ userId: id, email: String(request.qs().email ?? '') })
      session.flash('notice', 'Your e-mail address is verified. You can log in now.')
    } catch {
      session.flash(
        'notice',
        'This verification link is invalid or has expired. Log in to receive a new one.'
      )
    }
    return response.redirect('/')
  }
}
