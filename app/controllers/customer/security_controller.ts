import type { HttpContext } from '@adonisjs/core/http'
import { changePasswordValidator } from '#validators/account'
import { changePassword } from '#actions/profile/change_password'
import { stampSession } from '#services/session_stamp'
import liveStreams from '#services/live_streams'
import { twoFactorStatus } from '#queries/two_factor'

export default class SecurityController {
  async show({ inertia, auth }: HttpContext) {
    return inertia.render('customer/security', {
      twoFactor: await twoFactorStatus(auth.getUserOrFail()),
    })
  }

  async update(ctx: HttpContext) {
    const { request, auth, response } = ctx
    const payload = await request.validateUsing(changePasswordValidator)
    const user = auth.getUserOrFail()
    await changePassword(user, payload)
    // This device stays signed in; every other session ends on its next request, and its live stream now.
    stampSession(ctx, user)
    await liveStreams.sweep([user.id])
    return response.ok({ message: 'Password changed successfully' })
  }
}
