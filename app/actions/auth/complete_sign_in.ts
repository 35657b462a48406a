import type User from '#models/user'
import { markSignedIn } from '#actions/leads/lead_milestones'
import { stampSession } from '#services/session_stamp'
import { clearPendingLogin, markSignInComplete } from '#services/two_factor_session'
import type { SignInSession } from '#services/session_store'

/**
 * Signs the account in after its last factor: a new session id (the guard's
 * login regenerates it), the credential stamp, the completed mark, and the
 * account's (and its lead's) last access.
 */
export async function completeSignIn(ctx: SignInSession, user: User, remember: boolean) {
  clearPendingLogin(ctx)
  await ctx.auth.use('web').login(user, remember)
  stampSession(ctx, user)
  markSignInComplete(ctx, user)
  await markSignedIn(user.id)
}
