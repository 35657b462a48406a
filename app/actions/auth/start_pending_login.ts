import type User from '#models/user'
import { endThisSession } from '#services/session_stamp'
import { holdPendingLogin } from '#services/two_factor_session'
import type { SignInSession } from '#services/session_store'

/**
 * The password step of a login that needs a second factor: nobody is signed
 * in; the session holds the login for its code (app/services/two_factor_session.ts).
 * Whoever was signed in in this session is signed out first.
 */
export async function startPendingLogin(ctx: SignInSession, user: User, remember: boolean) {
  if (ctx.auth.user) await endThisSession(ctx)
  holdPendingLogin(ctx, user, remember)
}
