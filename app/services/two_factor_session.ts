import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import {
  isSecondFactorMandatory,
  livePendingLogin,
  needsSecondFactor,
  SIGN_IN_KEY,
  pendingLoginUntil,
  type PendingLogin,
} from '#domain/two_factor'
import { isEnrolled } from '#queries/two_factor'
import { impersonationOf } from '#services/impersonation'
import { openSecret, sealSecret } from '#services/two_factor_secrets'
import { markSignedIn } from '#actions/leads/lead_milestones'
import {
  credentialStamp,
  endThisSession,
  stampMatches,
  stampSession,
} from '#services/session_stamp'

/**
 * The session side of two-factor login.
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

/** Whether a sign-in of this account takes the code step (or, for staff not enrolled yet, the enrolment). */
export async function secondStepNeeded(user: User) {
  return needsSecondFactor(user.roleId, await isEnrolled(user.id))
}

/** Holds a password-checked login for its code; whoever was signed in in this session is signed out first. */
export async function startPendingLogin(ctx: HttpContext, user: User, remember: boolean) {
  if (ctx.auth.user) await endThisSession(ctx)
  const pending: PendingLogin = {
    userId: user.id,
    remember,
    expiresAt: pendingLoginUntil(Date.now()),
    stamp: credentialStamp(user),
  }
  ctx.session.put(PENDING_KEY, pending)
}

/** The live pending login of this session, if any (an expired one is forgotten). */
export function pendingLoginOf(ctx: HttpContext): PendingLogin | null {
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
export async function pendingUserOf(ctx: HttpContext) {
  const pending = pendingLoginOf(ctx)
  if (!pending) return null
  const user = await User.find(pending.userId)
  if (!user || !user.isActive || !stampMatches(pending.stamp, user)) {
    clearPendingLogin(ctx)
    return null
  }
  return { user, pending }
}

export function clearPendingLogin(ctx: HttpContext) {
  ctx.session.forget(PENDING_KEY)
  ctx.session.forget(ENROLMENT_KEY)
}

export function markSignInComplete(ctx: HttpContext, user: User) {
  ctx.session.put(SIGN_IN_KEY, user.id)
}

/** Whether this session's sign-in completed for its user (or, in a login-as session, for the staff member behind it). */
export function signInComplete(ctx: HttpContext, user: User) {
  const done = ctx.session.get(SIGN_IN_KEY)
  return done === user.id || (done !== undefined && done === impersonationOf(ctx)?.staffId)
}

/**
 * Signs the account in after its last factor: a new session id (the guard's
 * login regenerates it), the credential stamp, and the completed mark.
 */
export async function completeSignIn(ctx: HttpContext, user: User, remember: boolean) {
  clearPendingLogin(ctx)
  await ctx.auth.use('web').login(user, remember)
  stampSession(ctx, user)
  markSignInComplete(ctx, user)
  await markSignedIn(user.id)
}

/** "Back To Admin": the staff member's session is as complete as the login-as session was. */
export function carrySignInTo(ctx: HttpContext, staff: User, wasComplete: boolean) {
  if (wasComplete) markSignInComplete(ctx, staff)
  else ctx.session.forget(SIGN_IN_KEY)
}

/**
 * Runs on every request after the session guard (silent auth): a signed-in
 * session whose sign-in did not pass the second factor its account needs is
 * turned back into a pending login (the account is signed out; the code page
 * takes it from there). A login-as session without a completed staff sign-in
 * ends. Customers without a second factor are marked complete once, so the
 * check costs one query per session, not per request.
 */
export async function enforceSecondFactor(ctx: HttpContext) {
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

/** The secret being enrolled in this session for this user (kept sealed until a code confirms it). */
export function enrolmentSecretOf(ctx: HttpContext, userId: number): string | null {
  const value = ctx.session.get(ENROLMENT_KEY) as { userId?: number; secret?: string } | undefined
  if (!value || value.userId !== userId || typeof value.secret !== 'string') return null
  return openSecret(value.secret)
}

export function keepEnrolmentSecret(ctx: HttpContext, userId: number, secret: string) {
  ctx.session.put(ENROLMENT_KEY, { userId, secret: sealSecret(secret) })
}

export function forgetEnrolmentSecret(ctx: HttpContext) {
  ctx.session.forget(ENROLMENT_KEY)
}
