import type { HttpContext } from '@adonisjs/core/http'
import { changePasswordValidator } from '#validators/account'
import { changePassword } from '#actions/profile/change_password'
import { stampSession } from '#services/session_stamp'
import liveStreams from '#services/live_streams'
import { twoFactorStatus } from '#queries/two_factor'
import { isSecondFactorMandatory } from '#domain/two_factor'
import { confirmOwnCredentials } from '#services/own_credentials'

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
    // Staff prove the second factor too: a staff cookie alone must not take the account over.
    if (isSecondFactorMandatory(user.roleId)) {
      await confirmOwnCredentials(user, request.ip(), {
        currentPassword: payload.currentPassword,
        twoFactorCode: payload.twoFactorCode || undefined,
      })
    }
    await changePassword(user, payload)
    // This device stays signed in; every other session ends on its next request, and its live stream now.
    stampSession(ctx, user)
    await liveStreams.sweep([user.id])
    return response.ok({ message: 'Password changed successfully' })
  }
}
