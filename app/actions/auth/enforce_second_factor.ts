import { isSecondFactorMandatory } from '#domain/two_factor'
import { isEnrolled } from '#queries/two_factor'
import { impersonationOf } from '#services/impersonation'
import { endThisSession } from '#services/session_stamp'
import { markSignInComplete, signInComplete } from '#services/two_factor_session'
import type { SignInSession } from '#services/session_store'
import { startPendingLogin } from '#actions/auth/start_pending_login'

/**
 * Runs on every request after the session guard (silent auth): a signed-in
 * session whose sign-in did not pass the second factor its account needs is
 * turned back into a pending login (the account is signed out; the code page
 * takes it from there). A login-as session without a completed staff sign-in
 * ends. Customers without a second factor are marked complete once, so the
 * check costs one query per session, not per request.
 */
export async function enforceSecondFactor(ctx: SignInSession) {
  const user = ctx.auth.user
  if (!user || signInComplete(ctx, user)) return
  if (impersonationOf(ctx)) return endThisSession(ctx)
  if (isSecondFactorMandatory(user.roleId) || (await isEnrolled(user.id))) {
    const remember = ctx.auth.use('web').viaRemember
    await endThisSession(ctx)
    await startPendingLogin(ctx, user, remember)
    return
  }
  markSignInComplete(ctx, user)
}
