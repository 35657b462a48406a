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

/** The refusal of money moving into or out of the customer's wallets (issue 21 item 3). */
export const REFUSED_MONEY_WHILE_IMPERSONATING =
  'Deposits, withdrawals and plan purchases are not allowed while logged in as a customer'

/**
 * The routes (by name) that move money into or out of the customer's wallets:
 * plan purchases, deposits (started, a bank transfer's proof, PayPal's order
 * and capture, a provider's return page that settles), withdrawals. Staff
 * acting as the customer never spend or move the customer's money; the
 * provider's own notification still settles a payment the customer made.
 */
export const MONEY_ROUTES: readonly string[] = [
  'pricing.subscribe',
  'deposits.store',
  'deposits.bank.submit',
  'withdraws.bank',
  'payments.paypal.create',
  'payments.paypal.capture',
  'payments.return',
]

/**
 * The routes (by name) a login-as session may not use, whatever the staff
 * member's role: money moving (above), and everything that would change
 * how the customer signs in (password, e-mail, second factor).
 */
export const ROUTES_REFUSED_WHILE_IMPERSONATING: readonly string[] = [
  ...MONEY_ROUTES,
  'security.update',
  'security.two_factor.setup',
  'security.two_factor.confirm',
  'security.two_factor.recovery_codes',
  'security.two_factor.destroy',
]

/**
 * The writes a login-as session may make as the customer; each leaves an
 * audit row naming the staff member (the action's name, recorded by the
 * action itself through `recordActingStaffWrite`).
 */
export const AUDITED_WRITES_WHILE_IMPERSONATING = {
  'orders.store': 'customer_session.order_place',
  'orders.close': 'customer_session.order_close',
  'orders.update': 'customer_session.order_targets',
  'pending_orders.update': 'customer_session.pending_modify',
  'pending_orders.destroy': 'customer_session.pending_cancel',
  'profile.update': 'customer_session.profile_update',
  'favorites.add': 'customer_session.favorite_add',
  'favorites.remove': 'customer_session.favorite_remove',
  'wallets.switch': 'customer_session.wallet_switch',
  'kyc.store': 'customer_session.kyc_submit',
} as const

/**
 * Writes that belong to the session itself, not to the customer's data: the
 * way out, missing-translation reports, and a second login-as (its controller
 * answers 409 "End the current login-as session first").
 */
export const SESSION_WRITES_WHILE_IMPERSONATING: readonly string[] = [
  'impersonation.back',
  'auth.logout',
  'translations.store',
  'admin.customers.login_as',
]

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Why a request of a login-as session is refused (the 403's message), or
 * null when it may go on: money routes; the credential routes, or a profile
 * save that carries an e-mail (customers cannot change theirs at all; in a
 * login-as session the attempt is refused rather than ignored); and, so that
 * a new write route cannot slip past the audit, any write not listed above
 * as audited or as the session's own. Unnamed routes (Transmit's
 * subscriptions) are the framework's and pass.
 */
export function impersonationRefusal(
  routeName: string | undefined,
  method: string,
  body: unknown
): string | null {
  if (!routeName) return null
  if (MONEY_ROUTES.includes(routeName)) return REFUSED_MONEY_WHILE_IMPERSONATING
  if (refusedWhileImpersonating(routeName, body)) return REFUSED_WHILE_IMPERSONATING
  if (READ_METHODS.has(method.toUpperCase())) return null
  if (Object.hasOwn(AUDITED_WRITES_WHILE_IMPERSONATING, routeName)) return null
  if (SESSION_WRITES_WHILE_IMPERSONATING.includes(routeName)) return null
  return REFUSED_WHILE_IMPERSONATING
}

/** Whether a route is on the refused list, or is a profile save carrying an e-mail. */
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
