import type { HttpContext } from '@adonisjs/core/http'
import { changePasswordValidator } from '#validators/account'
import { changePassword } from '#actions/profile/change_password'

export default class SecurityController {
  async show({ inertia }: HttpContext) {
    return inertia.render('customer/security', {})
  }

  async update({ request, auth, response }: HttpContext) {
    const payload = await request.validateUsing(changePasswordValidator)
    await changePassword(auth.getUserOrFail(), payload)
    return response.ok({ message: 'Password changed successfully' })
  }
}
