import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import env from '#start/env'
import { AUTH_LIMIT_DEFAULTS as D, authLimitMessages, locksAccount } from '#domain/auth_limits'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * Every budget of the visitor forms, in one place: the limiter store (memory,
 * or Redis with REDIS_URL) counts, keyed by the e-mail (lowercased by the
 * validator) and/or request.ip() — the one client address (config/app.ts).
 * Keys are prefixed: limiters with equal options share a store.
 */
const hour = (requests: number) => limiter.use({ requests, duration: '1 hour' })

/** The hourly budgets, read from env at each use (a changed value applies at once). */
const budgets = {
  resetRequests: () => hour(env.get('RESET_REQUESTS_PER_ADDRESS_HOUR', D.resetRequestsPerAddress)),
  resetMails: () => hour(env.get('RESET_MAILS_PER_ACCOUNT_HOUR', D.resetMailsPerAccount)),
  verifyMails: () => hour(env.get('VERIFY_MAILS_PER_ACCOUNT_HOUR', D.verifyMailsPerAccount)),
  signups: () => hour(env.get('SIGNUPS_PER_ADDRESS_HOUR', D.signupsPerAddress)),
}

function loginPair() {
  const minutes = env.get('LOGIN_BLOCK_MINUTES', D.loginPerAddressBlockMinutes)
  return limiter.use({
    requests: env.get('LOGIN_MAX_ATTEMPTS', D.loginPerAddress),
    duration: `${minutes} mins`,
    blockDuration: `${minutes} mins`,
  })
}

function loginAccount() {
  return limiter.use({
    requests: env.get('LOGIN_ACCOUNT_MAX_FAILURES', D.loginPerAccount),
    duration: `${env.get('LOGIN_ACCOUNT_WINDOW_MINUTES', D.loginPerAccountWindowMinutes)} mins`,
  })
}

const keys = {
  pair: (email: string, ip: string) => `login_${email}_${ip}`,
  account: (email: string) => `login_account_${email}`,
  resetAddress: (ip: string) => `reset_ip_${ip}`,
  resetAccount: (email: string) => `reset_account_${email}`,
  verifyAccount: (userId: number) => `verify_account_${userId}`,
  signupAddress: (ip: string) => `signup_ip_${ip}`,
}

function tooMany(message: string, code: string) {
  return new UserFacingException(message, { status: 429, code })
}

/** Consumes one request; the refusal (with its wait) when the budget is spent. */
async function take(budget: ReturnType<typeof hour>, key: string) {
  try {
    await budget.consume(key)
    return null
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) return error.response
    throw error
  }
}

/**
 * Runs the credential check under both login throttles: the account lock
 * (whatever the address; a right password is refused too while it lasts) and
 * the per e-mail + address throttle. Unknown e-mails are counted the same way.
 * A known device (one that signed in to this account before) is neither held
 * by the account lock nor counted towards it: the lock is for new devices.
 */
export async function underLoginThrottles<T>(
  email: string,
  ip: string,
  check: () => Promise<T>,
  options: { knownDevice?: boolean } = {}
) {
  const account = loginAccount()
  const locked = options.knownDevice ? null : await account.get(keys.account(email))
  if (locked && locked.remaining <= 0) {
    throw tooMany(authLimitMessages.accountLocked(locked.availableIn), 'E_ACCOUNT_LOCKED')
  }
  const [throttled, result] = await loginPair().penalize(keys.pair(email, ip), async () => {
    try {
      return await check()
    } catch (error) {
      if (!options.knownDevice) await countAccountFailure(account, email)
      throw error
    }
  })
  if (throttled) {
    const message = authLimitMessages.loginThrottled(throttled.response.availableIn)
    throw tooMany(message, 'E_TOO_MANY_LOGIN_ATTEMPTS')
  }
  await account.delete(keys.account(email))
  return result as T
}

async function countAccountFailure(account: ReturnType<typeof loginAccount>, email: string) {
  const { consumed, limit } = await account.increment(keys.account(email))
  if (locksAccount(consumed, limit)) {
    const minutes = env.get('LOGIN_ACCOUNT_LOCK_MINUTES', D.loginPerAccountLockMinutes)
    await account.block(keys.account(email), `${minutes} mins`)
  }
}

/** A completed password reset lifts the account lock and the resetting address's throttle. */
export async function clearLoginLocks(email: string, ip: string) {
  await loginAccount().delete(keys.account(email))
  await loginPair().delete(keys.pair(email, ip))
}

/** Seconds left on an account lock, 0 when the account is not locked (for tests and support). */
export async function accountLockSeconds(email: string) {
  const state = await loginAccount().get(keys.account(email))
  return state && state.remaining <= 0 ? state.availableIn : 0
}

/** Per address: reset requests beyond the hourly budget are refused with 429. */
export async function takeResetRequest(ip: string) {
  const refused = await take(budgets.resetRequests(), keys.resetAddress(ip))
  if (refused) {
    throw tooMany(
      authLimitMessages.resetThrottled(refused.availableIn),
      'E_TOO_MANY_RESET_REQUESTS'
    )
  }
}

/** Per account (by e-mail, known or not): false once the hour's reset mails are spent. */
export async function takeResetMail(email: string) {
  return !(await take(budgets.resetMails(), keys.resetAccount(email)))
}

/** Per account: false once the hour's verification mails are spent. */
export async function takeVerificationMail(userId: number) {
  return !(await take(budgets.verifyMails(), keys.verifyAccount(userId)))
}

/**
 * Per address: a sign-up that creates an account, or that answers "This email
 * is already registered" (the message users need, and the one an enumerator
 * wants), spends one of the hour's SIGNUPS_PER_ADDRESS_HOUR; once spent, 429
 * before the form is even read. Other form errors cost nothing.
 */
export async function withSignupBudget<T>(ip: string, run: () => Promise<T>) {
  const budget = budgets.signups()
  const state = await budget.get(keys.signupAddress(ip))
  if (state && state.remaining <= 0) {
    throw tooMany(authLimitMessages.signupThrottled(state.availableIn), 'E_TOO_MANY_SIGNUPS')
  }
  try {
    const result = await run()
    await budget.increment(keys.signupAddress(ip))
    return result
  } catch (error) {
    if (revealsTakenEmail(error)) await budget.increment(keys.signupAddress(ip))
    throw error
  }
}

function revealsTakenEmail(error: unknown) {
  if (error instanceof UserFacingException) return error.field === 'email'
  const validation = error as { code?: string; messages?: { field?: string; rule?: string }[] }
  return (
    validation?.code === 'E_VALIDATION_ERROR' &&
    Array.isArray(validation.messages) &&
    validation.messages.some((m) => m.field === 'email' && m.rule === 'database.unique')
  )
}
