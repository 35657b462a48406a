import type { HttpContext } from '@adonisjs/core/http'
import { resetTwoFactor } from '#actions/two_factor/reset_two_factor'
import { staffContext } from '#services/audit_log'

/** An admin resets another user's second factor (issue 12 item 3; role 1; audited). */
export default class TwoFactorResetsController {
  /** DELETE /admin/users/:id/two-factor */
  async destroy(ctx: HttpContext) {
    await resetTwoFactor({ userId: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Two-factor login reset. The user enrols again at their next login.' }
  }
}
