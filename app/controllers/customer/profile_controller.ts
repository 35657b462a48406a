import type { HttpContext } from '@adonisjs/core/http'
import { actingStaffOf } from '#services/acting_staff'
import Profile from '#models/profile'
import { profileValidator } from '#validators/account'
import { updateProfile } from '#actions/profile/update_profile'
import { impersonationOf } from '#services/impersonation'
import { profileForm } from '#transformers/profile_transformer'

export default class ProfileController {
  async show(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const profile = await Profile.findBy('user_id', user.id)
    const agentSession = impersonationOf(ctx)?.agent ?? false
    return ctx.inertia.render('customer/profile', {
      profile: profileForm(user, profile, agentSession),
    })
  }

  async update(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(profileValidator)
    const agentSession = impersonationOf(ctx)?.agent ?? false
    await updateProfile(ctx.auth.getUserOrFail(), payload, !agentSession, actingStaffOf(ctx))
    return ctx.response.ok({ message: 'Profile updated successfully' })
  }
}
