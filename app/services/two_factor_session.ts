import User from '#models/user'
import {
  livePendingLogin,
  SIGN_IN_KEY,
  pendingLoginUntil,
  type PendingLogin,
} from '#domain/two_factor'
import { impersonationOf } from '#services/impersonation'
import { openSecret, sealSecret } from '#services/two_factor_secrets'
import { credentialStamp, stampMatches } from '#services/session_stamp'
import type { WithSession } from '#services/session_store'

/**
 * What two-factor login keeps in the session (the steps that use it are in
 * app/actions/auth/: start_pending_login, complete_sign_in,
 * enforce_second_factor).
 *
 * - A correct password does not sign in an account that needs a second
 *   factor: the session holds a pending login (user, remember-me, expiry,
 *   credential stamp) and nobody is authenticated until the code step.
 * - SIGN_IN_KEY holds the id of the account whose sign-in completed in this
 *   session (every factor it needs). A signed-in session without it (one
 *   restored from a remember-me cookie, or from before two-factor login
 *   shipped) is checked on its next request (`enforceSecondFactor`).
 * - In a login-as session the value is the staff member's (their sign-in is
 *   what the session lives on); "Back To Admin" carries it back only as it was.
 */
const PENDING_KEY = 'twoFactorPending'
const ENROLMENT_KEY = 'twoFactorEnrolment'

/** Records a password-checked login of `user`, waiting for its code. */
export function holdPendingLogin(ctx: WithSession, user: User, remember: boolean) {
  const pending: PendingLogin = {
    userId: user.id,
    remember,
    expiresAt: pendingLoginUntil(Date.now()),
    stamp: credentialStamp(user),
  }
  ctx.session.put(PENDING_KEY, pending)
}

/** The live pending login of this session, if any (an expired one is forgotten). */
export function pendingLoginOf(ctx: WithSession): PendingLogin | null {
  const value = ctx.session.get(PENDING_KEY)
  if (value === undefined) return null
  const pending = livePendingLogin(value, Date.now())
  if (!pending) clearPendingLogin(ctx)
  return pending
}

/**
 * The account of the pending login, while it may still sign in: active, and
 * its password and sessions unchanged since the password step (an admin's
 * reset or "end sessions" in between ends the pending login too).
 */
export async function pendingUserOf(ctx: WithSession) {
  const pending = pendingLoginOf(ctx)
  if (!pending) return null
  const user = await User.find(pending.userId)
  if (!user || !user.isActive || !stampMatches(pending.stamp, user)) {
    clearPendingLogin(ctx)
    return null
  }
  return { user, pending }
}

export function clearPendingLogin(ctx: WithSession) {
  ctx.session.forget(PENDING_KEY)
  ctx.session.forget(ENROLMENT_KEY)
}

export function markSignInComplete(ctx: WithSession, user: User) {
  ctx.session.put(SIGN_IN_KEY, user.id)
}

/** Whether this session's sign-in completed for its user (or, in a login-as session, for the staff member behind it). */
export function signInComplete(ctx: WithSession, user: User) {
  const done = ctx.session.get(SIGN_IN_KEY)
  return done === user.id || (done !== undefined && done === impersonationOf(ctx)?.staffId)
}

/** "Back To Admin": the staff member's session is as complete as the login-as session was. */
export function carrySignInTo(ctx: WithSession, staff: User, wasComplete: boolean) {
  if (wasComplete) markSignInComplete(ctx, staff)
  else ctx.session.forget(SIGN_IN_KEY)
}

/** The secret being enrolled in this session for this user (kept sealed until a code confirms it). */
export function enrolmentSecretOf(ctx: WithSession, userId: number): string | null {
  const value = ctx.session.get(ENROLMENT_KEY) as { userId?: number; secret?: string } | undefined
  if (!value || value.userId !== userId || typeof value.secret !== 'string') return null
  return openSecret(value.secret)
}

export function keepEnrolmentSecret(ctx: WithSession, userId: number, secret: string) {
  ctx.session.put(ENROLMENT_KEY, { userId, secret: sealSecret(secret) })
}

export function forgetEnrolmentSecret(ctx: WithSession) {
  ctx.session.forget(ENROLMENT_KEY)
}
