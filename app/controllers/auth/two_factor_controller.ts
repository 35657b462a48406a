import type { HttpContext } from '@adonisjs/core/http'
import { codeValidator } from '#validators/two_factor'
import { landingPathFor } from '#domain/roles'
import { TWO_FACTOR_PATHS, twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isEnrolled, secondStepNeeded } from '#queries/two_factor'
import { beginEnrolment } from '#actions/two_factor/begin_enrolment'
import { confirmEnrolment } from '#actions/two_factor/confirm_enrolment'
import { verifySecondFactor } from '#actions/two_factor/verify_second_factor'
import { completeSignIn } from '#actions/auth/complete_sign_in'
import { underSecondFactorThrottles } from '#services/two_factor_throttles'
import { enrolmentSecretOf, keepEnrolmentSecret, pendingUserOf } from '#services/two_factor_session'

/**
 * The second step of login (issue 12 item 3): after a correct password the
 * session holds a pending login; these pages take its code, or, for a staff
 * member not enrolled yet, enrol them first. Nobody is signed in until the
 * code is right; then a new session is issued.
 */
export default class TwoFactorController {
  /** GET /login/two-factor: the code form (the enrolment for a staff member without a second factor yet). */
  async show(ctx: HttpContext) {
    const found = await this.pendingOrRestart(ctx)
    if (!found) return
    if (!(await isEnrolled(found.user.id))) return ctx.response.redirect(TWO_FACTOR_PATHS.enrol)
    return ctx.inertia.render('auth/two_factor', {})
  }

  /** POST /login/two-factor { code }: an app code or a recovery code. */
  async verify(ctx: HttpContext) {
    const { user, pending } = await this.pendingOrFail(ctx)
    const { code } = await ctx.request.validateUsing(codeValidator)
    const { method } = await underSecondFactorThrottles(user.id, ctx.request.ip(), () =>
      verifySecondFactor({ userId: user.id, code })
    )
    await completeSignIn(ctx, user, pending.remember)
    return ctx.response.ok({ message: 'Logged in', method, redirect: landingPathFor(user.roleId) })
  }

  /** GET /login/two-factor/enrol: the QR code and manual key of the enrolment in progress. */
  async enrolment(ctx: HttpContext) {
    const found = await this.pendingOrRestart(ctx)
    if (!found) return
    if (await isEnrolled(found.user.id)) return ctx.response.redirect(TWO_FACTOR_PATHS.code)
    const { secret, ...enrolment } = await beginEnrolment(
      found.user,
      enrolmentSecretOf(ctx, found.user.id)
    )
    keepEnrolmentSecret(ctx, found.user.id, secret)
    return ctx.inertia.render('auth/two_factor_enrol', { enrolment })
  }

  /** POST /login/two-factor/enrol { code }: confirms the enrolment, signs in, answers the recovery codes (shown once). */
  async confirm(ctx: HttpContext) {
    const { user, pending } = await this.pendingOrFail(ctx)
    const { code } = await ctx.request.validateUsing(codeValidator)
    const secret = enrolmentSecretOf(ctx, user.id)
    if (!secret) throw new UserFacingException(twoFactorMessages.noEnrolment, { status: 409 })
    const recoveryCodes = await underSecondFactorThrottles(user.id, ctx.request.ip(), () =>
      confirmEnrolment({ userId: user.id, secret, code })
    )
    await completeSignIn(ctx, user, pending.remember)
    return ctx.response.ok({
      message: 'Two-factor login is on',
      recoveryCodes,
      redirect: landingPathFor(user.roleId),
    })
  }

  /** A page visit without a live pending login starts again at the login form. */
  private async pendingOrRestart(ctx: HttpContext) {
    const found = await pendingUserOf(ctx)
    if (found && (await secondStepNeeded(found.user))) return found
    ctx.session.flash('notice', twoFactorMessages.expired)
    ctx.response.redirect('/')
    return null
  }

  /** A form post without one is refused (400): the page sends the person back to the login form. */
  private async pendingOrFail(ctx: HttpContext) {
    const found = await pendingUserOf(ctx)
    if (found && (await secondStepNeeded(found.user))) return found
    throw new UserFacingException(twoFactorMessages.expired, {
      status: 400,
      code: 'E_TWO_FACTOR_EXPIRED',
    })
  }
}
