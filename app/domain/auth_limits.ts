/**
 * Budgets of the sign-in forms and the messages a refused visitor reads. The
 * counting itself is the limiter's (app/services/auth_throttles.ts); these are
 * the defaults its env variables fall back to, and the wording.
 */
export const AUTH_LIMIT_DEFAULTS = {
  /** Failed logins per e-mail and address before that pair waits (LOGIN_MAX_ATTEMPTS). */
  loginPerAddress: 5,
  loginPerAddressBlockMinutes: 15,
  /** Failed logins per e-mail from any address within the window before the account locks. */
  loginPerAccount: 10,
  loginPerAccountWindowMinutes: 15,
  loginPerAccountLockMinutes: 15,
  /** Reset mails per account and reset requests per address, per hour. */
  resetMailsPerAccount: 3,
  resetRequestsPerAddress: 10,
  /** Verification mails per account per hour (sign-up and login re-sends). */
  verifyMailsPerAccount: 3,
  /** Sign-ups (and taken-e-mail answers) per address per hour. */
  signupsPerAddress: 5,
} as const

/** Whole minutes to announce for a wait in seconds: rounded up, at least 1. */
export function minutesToWait(seconds: number) {
  return Math.max(1, Math.ceil(seconds / 60))
}

function minutes(seconds: number) {
  const n = minutesToWait(seconds)
  return `${n} minute${n === 1 ? '' : 's'}`
}

/** The account locks on the failure that reaches the limit, not one later. */
export function locksAccount(failures: number, limit: number) {
  return failures >= limit
}

export const authLimitMessages = {
  loginThrottled: (seconds: number) =>
    `Too many failed login attempts. Please try again in ${minutes(seconds)}.`,
  accountLocked: (seconds: number) =>
    'This account is locked after too many failed login attempts. ' +
    `Please try again in ${minutes(seconds)} or reset your password.`,
  resetThrottled: (seconds: number) =>
    `Too many password reset requests from your address. Please try again in ${minutes(seconds)}.`,
  signupThrottled: (seconds: number) =>
    `Too many sign-ups from your address. Please try again in ${minutes(seconds)}.`,
}
