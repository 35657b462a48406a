/**
 * Login as a customer (admin CRM spec §4, §6, §7; issue 14 item 4): the
 * rules, as pure functions. Browser-safe (the banner reads the constants).
 */
import { Roles, type RoleId } from './roles.js'

/** Who may log in as a customer: admins, managers and both agent roles (the customers `findVisibleCustomer` lets them open). */
export const LOGIN_AS_ROLES: readonly RoleId[] = [
  Roles.ADMIN,
  Roles.MANAGER,
  Roles.SALES_AGENT,
  Roles.RETENTION_AGENT,
]

/** A login-as session ends this long after it started, whatever is done in it. */
export const IMPERSONATION_MINUTES = 30
export const IMPERSONATION_MS = IMPERSONATION_MINUTES * 60_000

/** When a login-as session that started at `startedAt` (ms) ends. */
export function impersonationEndsAt(startedAt: number) {
  return startedAt + IMPERSONATION_MS
}

/** Whether it has ended by `now` (ms). A start time that is not a finite number counts as ended. */
export function impersonationExpired(startedAt: unknown, now: number) {
  if (typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return true
  return now >= impersonationEndsAt(startedAt)
}

/** The refusal of a route kept from login-as sessions (a withdrawal, the credentials, the second factor). */
export const REFUSED_WHILE_IMPERSONATING = 'This is not allowed while logged in as a customer'
export const EXPIRED_IMPERSONATION = 'The login-as session ended after 30 minutes'
export const ALREADY_IMPERSONATING = 'End the current login-as session first'
export const INACTIVE_CUSTOMER = 'This customer account is inactive'

/**
 * The routes (by name) a login-as session may not use, whatever the staff
 * member's role: money leaving the account, and everything that would change
 * how the customer signs in (password, e-mail, second factor).
 */
export const ROUTES_REFUSED_WHILE_IMPERSONATING: readonly string[] = [
  'withdraws.bank',
  'security.update',
  'security.two_factor.setup',
  'security.two_factor.confirm',
  'security.two_factor.recovery_codes',
  'security.two_factor.destroy',
]

/**
 * Whether a request of a login-as session is refused: one of the routes above,
 * or a profile save that carries an e-mail (customers cannot change theirs at
 * all; in a login-as session the attempt is refused rather than ignored).
 */
export function refusedWhileImpersonating(routeName: string | undefined, body: unknown) {
  if (!routeName) return false
  if (ROUTES_REFUSED_WHILE_IMPERSONATING.includes(routeName)) return true
  return (
    routeName === 'profile.update' &&
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.hasOwn(body, 'email')
  )
}
