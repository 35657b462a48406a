import type { HttpContext } from '@adonisjs/core/http'

/**
 * A browser that has signed in to an account before carries an encrypted
 * cookie naming it (OWASP's "device cookies"). The account-wide lock stops
 * guessing from new devices; a known device is exempt from it (it still has
 * its own per-address throttle), so an attacker who keeps an account locked
 * cannot lock its owner out of the browser they always use.
 */
const COOKIE = 'known_device'
const MAX_ACCOUNTS = 5
const MAX_AGE = '180d'

function accountsOf(ctx: HttpContext): string[] {
  const value: unknown = ctx.request.encryptedCookie(COOKIE)
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}

export function isKnownDevice(ctx: HttpContext, email: string) {
  return accountsOf(ctx).includes(email)
}

/** After a successful sign-in: this browser is known for `email` (the latest few accounts). */
export function rememberDevice(ctx: HttpContext, email: string) {
  const accounts = [email, ...accountsOf(ctx).filter((known) => known !== email)].slice(
    0,
    MAX_ACCOUNTS
  )
  ctx.response.encryptedCookie(COOKIE, accounts, {
    maxAge: MAX_AGE,
    httpOnly: true,
    sameSite: 'lax',
  })
}
