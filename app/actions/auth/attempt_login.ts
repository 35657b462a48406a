import { errors as authErrors } from '@adonisjs/auth'
import User from '#models/user'
import settings from '#services/settings_service'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { underLoginThrottles } from '#services/auth_throttles'
import { refusedAddress } from '#services/address_whitelist'

export class UnverifiedEmailException extends UserFacingException {
  constructor(public user: User) {
    super('Please verify your e-mail address first. We have sent you a new verification link.', {
      status: 403,
      code: 'E_EMAIL_NOT_VERIFIED',
    })
  }
}

/**
 * Checks credentials under the login throttles (app/services/auth_throttles.ts):
 * LOGIN_MAX_ATTEMPTS failures per e-mail and address block that pair for
 * LOGIN_BLOCK_MINUTES, and LOGIN_ACCOUNT_MAX_FAILURES failures per e-mail from
 * any address lock the account for LOGIN_ACCOUNT_LOCK_MINUTES (both 429; a
 * password reset lifts the lock). Disabled and unverified accounts are refused
 * after the password check, so their state is not revealed to someone without
 * the password; a staff account's unlisted address is answered as a wrong
 * password. A known device (app/services/known_devices.ts) is exempt from
 * the account lock.
 */
export async function attemptLogin(input: {
  email: string
  password: string
  ip: string
  knownDevice?: boolean
}) {
  const user = await underLoginThrottles(
    input.email,
    input.ip,
    async () => {
      const found = await User.verifyCredentials(input.email, input.password)
      // A staff IP whitelist (issue 12 item 2): from an unlisted address the right password gets
      // the wrong password's answer and counts as a failure, so nobody off the list learns that
      // a password is right (issue 21 item 7); the refusal is in the audit log for admins.
      if (await refusedAddress(found, input.ip, '/auth/login')) {
        throw new authErrors.E_INVALID_CREDENTIALS('Invalid user credentials')
      }
      return found
    },
    { knownDevice: input.knownDevice }
  )
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
