import limiter from '@adonisjs/limiter/services/main'
import { errors as authErrors } from '@adonisjs/auth'
import env from '#start/env'
import User from '#models/user'
import settings from '#services/settings_service'
import { UserFacingException } from '#exceptions/user_facing_exception'

export class UnverifiedEmailException extends UserFacingException {
  constructor(public user: User) {
    super('Please verify your e-mail address first. We have sent you a new verification link.', {
      status: 403,
      code: 'E_EMAIL_NOT_VERIFIED',
    })
  }
}

/**
 * Checks credentials with failed attempts throttled per e-mail and IP:
 * after LOGIN_MAX_ATTEMPTS failures the pair is blocked for LOGIN_BLOCK_MINUTES
 * (429). Disabled and unverified accounts are refused after the password
 * check, so their state is not revealed to someone without the password.
 */
export async function attemptLogin(input: { email: string; password: string; ip: string }) {
  const maxAttempts = env.get('LOGIN_MAX_ATTEMPTS', 5)
  const blockMinutes = env.get('LOGIN_BLOCK_MINUTES', 15)
  const throttle = limiter.use({
    requests: maxAttempts,
    duration: `${blockMinutes} mins`,
    blockDuration: `${blockMinutes} mins`,
  })
  const key = `login_${input.email}_${input.ip}`

  const [error, user] = await throttle.penalize(key, () =>
    User.verifyCredentials(input.email, input.password)
  )
  if (error) {
    const minutes = Math.max(1, Math.ceil(error.response.availableIn / 60))
    throw new UserFacingException(
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { status: 429, code: 'E_TOO_MANY_LOGIN_ATTEMPTS' }
    )
  }
  if (!user.isActive) {
    throw new UserFacingException('Your account is disabled. Please contact support.', {
      status: 403,
      code: 'E_ACCOUNT_DISABLED',
    })
  }
  const site = await settings.site()
  if (site.switches.emailVerify && !user.isEmailVerified) {
    throw new UnverifiedEmailException(user)
  }
  return user
}

export const InvalidCredentials = authErrors.E_INVALID_CREDENTIALS
