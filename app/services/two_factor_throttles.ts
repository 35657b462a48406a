import limiter from '@adonisjs/limiter/services/main'
import { minutesToWait } from '#domain/auth_limits'
import { TWO_FACTOR as T, twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * The code step's budget, in the limiter store (memory, or Redis with
 * REDIS_URL) like the login throttles: TWO_FACTOR.failuresPerUser wrong codes
 * per account and failuresPerAddress per client address (request.ip()) within
 * windowMinutes block that key for blockMinutes (429), the right code
 * included. A right code clears the account's count, not the address's.
 */
const budget = (requests: number) =>
  limiter.use({
    requests,
    duration: `${T.windowMinutes} mins`,
    blockDuration: `${T.blockMinutes} mins`,
  })

const keys = {
  user: (userId: number) => `two_factor_user_${userId}`,
  address: (ip: string) => `two_factor_ip_${ip}`,
}

/** Thrown by a check for a wrong code (or password, on the Security page): only these count against the budget. */
export class WrongCredential extends UserFacingException {
  constructor(field: 'code' | 'password' | 'currentPassword' | 'twoFactorCode' = 'code') {
    const message =
      field === 'code' || field === 'twoFactorCode'
        ? twoFactorMessages.invalidCode
        : field === 'currentPassword'
          ? twoFactorMessages.wrongCurrentPassword
          : twoFactorMessages.wrongPassword
    super(message, { status: 422, field, code: 'E_WRONG_CREDENTIAL' })
  }
}

export async function underSecondFactorThrottles<T>(
  userId: number,
  ip: string,
  check: () => Promise<T>
) {
  const counters = [
    { limit: budget(T.failuresPerUser), key: keys.user(userId) },
    { limit: budget(T.failuresPerAddress), key: keys.address(ip) },
  ]
  for (const { limit, key } of counters) {
    const state = await limit.get(key)
    if (state && state.remaining <= 0) {
      throw new UserFacingException(twoFactorMessages.throttled(minutesToWait(state.availableIn)), {
        status: 429,
        code: 'E_TOO_MANY_CODES',
      })
    }
  }
  try {
    const result = await check()
    await counters[0].limit.delete(counters[0].key)
    return result
  } catch (error) {
    if (error instanceof WrongCredential) {
      for (const { limit, key } of counters) {
        const { consumed, limit: max } = await limit.increment(key)
        if (consumed >= max) await limit.block(key, `${T.blockMinutes} mins`)
      }
    }
    throw error
  }
}
