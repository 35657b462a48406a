import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import { endImpersonation, impersonationOf, IMPERSONATOR_STAMP_KEY } from '#services/impersonation'
import liveStreams from '#services/live_streams'
import type { SignInSession, WithSession } from '#services/session_store'

const KEY = 'credentialStamp'

/**
 * A short fingerprint of the password hash and the user's session generation:
 * it changes when the password does and when all their sessions are ended.
 */
function fingerprint(user: User) {
  return createHash('sha256')
    .update(`${user.password}:${user.sessionGeneration ?? 0}`)
    .digest('hex')
    .slice(0, 24)
}

/** The stamp a session of this user opened now would carry (a pending two-factor login keeps it). */
export function credentialStamp(user: User) {
  return fingerprint(user)
}

/** Records which password and generation this session was opened with. */
export function stampSession(ctx: WithSession, user: User) {
  const stamp = fingerprint(user)
  ctx.session.put(KEY, stamp)
  liveStreams.restamp(ctx.session.sessionId, stamp)
}

/** The stamp this session carries, if any. */
export function sessionStampOf(ctx: WithSession): string | undefined {
  return ctx.session.get(KEY)
}

/** Whether a stamp still matches the user's password and session generation. */
export function stampMatches(stamp: string | undefined, user: User) {
  return stamp !== undefined && stamp === fingerprint(user)
}

/**
 * False when the password changed or the user's sessions were ended after this
 * session was opened. Checked on every request against the user row the guard
 * has already loaded, so it costs no query. A session restored from a
 * remember-me cookie has no stamp yet and gets one (those cookies are revoked
 * wherever sessions end, so a surviving one is current).
 */
export function sessionIsCurrent(ctx: WithSession, user: User) {
  const stamp = ctx.session.get(KEY)
  if (!stamp) {
    stampSession(ctx, user)
    return true
  }
  return stampMatches(stamp, user)
}

/** Records, in a login-as session, the stamp of the staff member who opened it (call when login-as starts). */
export function stampImpersonator(ctx: WithSession, staff: User) {
  ctx.session.put(IMPERSONATOR_STAMP_KEY, fingerprint(staff))
}

/**
 * A login-as session lives on the staff member's authority: false once their
 * account is deactivated or gone, their password changed or their sessions
 * were ended. One query, only in login-as sessions. Without a recorded stamp
 * the current one is recorded, as for the user's own stamp.
 */
export async function impersonatorIsCurrent(ctx: WithSession) {
  const impersonation = impersonationOf(ctx)
  if (!impersonation) return true
  const staff = await User.find(impersonation.staffId)
  if (!staff || !staff.isActive) return false
  const stamp = ctx.session.get(IMPERSONATOR_STAMP_KEY)
  if (!stamp) {
    stampImpersonator(ctx, staff)
    return true
  }
  return stampMatches(stamp, staff)
}

/**
 * Signs this request's session out and moves it to a fresh id: the commit
 * deletes the old id's record (row or Redis key), so its cookie is dead. The
 * rest of the session (the CSRF secret) is kept, so the login form this very
 * response may render still submits.
 */
export async function endThisSession(ctx: SignInSession) {
  const endedId = ctx.session.sessionId
  await ctx.auth.use('web').logout()
  ctx.session.forget(KEY)
  endImpersonation(ctx)
  ctx.session.regenerate()
  await liveStreams.endSession(endedId)
}

/**
 * Ends every session of a user on every device at once, for staff screens
 * ("end this user's sessions"), deactivation and the like: the generation bump
 * makes every stamp stale (each session is signed out on its next request,
 * whatever the store), and remember-me tokens are revoked so none comes back.
 * `except` keeps the session of this request when it belongs to that user.
 */
export async function endSessionsOf(
  userId: number,
  options: { except?: SignInSession; client?: QueryClientContract } = {}
) {
  const client = options.client ?? db.connection()
  await User.endSessions(userId, client)
  const keep = options.except
  if (keep && keep.auth.user?.id === userId) {
    const user = await User.findOrFail(userId, { client })
    keep.auth.user.sessionGeneration = user.sessionGeneration
    stampSession(keep, user)
  }
  // Inside a transaction the bump is not visible yet: the periodic sweep closes those streams.
  if (!options.client?.isTransaction) await liveStreams.sweep([userId])
}
