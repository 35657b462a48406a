import type { HttpContext } from '@adonisjs/core/http'
import { codeValidator, disableTwoFactorValidator, passwordValidator } from '#validators/two_factor'
import { twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { beginEnrolment } from '#actions/two_factor/begin_enrolment'
import { confirmEnrolment } from '#actions/two_factor/confirm_enrolment'
import { regenerateRecoveryCodes } from '#actions/two_factor/regenerate_recovery_codes'
import { disableTwoFactor } from '#actions/two_factor/disable_two_factor'
import { endSessionsOf } from '#services/session_stamp'
import { underSecondFactorThrottles } from '#services/two_factor_throttles'
import {
  enrolmentSecretOf,
  forgetEnrolmentSecret,
  keepEnrolmentSecret,
  markSignInComplete,
} from '#services/two_factor_session'

/**
 * Two-factor login on the Security page: optional for customers (turn on with
 * the QR code and a code, new recovery codes, turn off with password and
 * code); staff, for whom it is mandatory, may only renew their recovery codes.
 */
export default class TwoFactorSettingsController {
  /** POST /security/two-factor/setup: the QR code and manual key to scan (409 when already on). */
  async setup(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { secret, ...enrolment } = await beginEnrolment(user, enrolmentSecretOf(ctx, user.id))
    keepEnrolmentSecret(ctx, user.id, secret)
    return { enrolment }
  }

  /** POST /security/two-factor/confirm { code }: turns it on; the recovery codes, shown once. Other sessions end. */
  async confirm(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { code } = await ctx.request.validateUsing(codeValidator)
    const secret = enrolmentSecretOf(ctx, user.id)
    if (!secret) throw new UserFacingException(twoFactorMessages.noEnrolment, { status: 409 })
    const recoveryCodes = await underSecondFactorThrottles(user.id, ctx.request.ip(), () =>
      confirmEnrolment({ userId: user.id, secret, code })
    )
    forgetEnrolmentSecret(ctx)
    // Sessions opened with the password alone end; this one has just shown the code.
    await endSessionsOf(user.id, { except: ctx })
    markSignInComplete(ctx, user)
    return { message: 'Two-factor login is on', recoveryCodes }
  }

  /** POST /security/two-factor/recovery-codes { password }: ten new codes; the old ones stop working. */
  async regenerate(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { password } = await ctx.request.validateUsing(passwordValidator)
    const recoveryCodes = await underSecondFactorThrottles(user.id, ctx.request.ip(), () =>
      regenerateRecoveryCodes({ user, password })
    )
    return { message: 'New recovery codes created', recoveryCodes }
  }

  /** DELETE /security/two-factor { password, code }: customers only (mandatory for staff). */
  async destroy(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { password, code } = await ctx.request.validateUsing(disableTwoFactorValidator)
    await underSecondFactorThrottles(user.id, ctx.request.ip(), () =>
      disableTwoFactor({ user, password, code })
    )
    return { message: 'Two-factor login is off' }
  }
}
