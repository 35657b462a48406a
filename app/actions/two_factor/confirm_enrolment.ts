import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { matchTotp } from '#domain/totp'
import { parseSecondFactorCode, twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isUniqueViolation } from '#services/db_errors'
import { WrongCredential } from '#services/two_factor_throttles'
import { newRecoveryCodes, sealSecret } from '#services/two_factor_secrets'
import { storeRecoveryCodes } from '#actions/two_factor/two_factor_parts'

/**
 * Turns two-factor login on with the secret the user's app was given, once a
 * code from that app proves it holds the same secret. The code's time step is
 * recorded as used. Answers the ten recovery codes, shown once. Two confirms
 * at once: the unique user_id lets one through, the other gets 409.
 */
export async function confirmEnrolment(input: {
  userId: number
  secret: string
  code: string
  now?: number
}): Promise<string[]> {
  const parsed = parseSecondFactorCode(input.code)
  const step =
    parsed?.kind === 'totp' ? matchTotp(input.secret, parsed.code, input.now ?? Date.now()) : null
  if (step === null) throw new WrongCredential()
  const codes = newRecoveryCodes()
  const now = DateTime.now().toSQL({ includeOffset: false })
  try {
    await db.transaction(async (trx) => {
      await trx.table('two_factor_credentials').insert({
        user_id: input.userId,
        secret: sealSecret(input.secret),
        last_used_step: step,
        created_at: now,
        updated_at: now,
      })
      await storeRecoveryCodes(trx, input.userId, codes)
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw new UserFacingException(twoFactorMessages.alreadyOn, {
        status: 409,
        code: 'E_TWO_FACTOR_ON',
      })
    throw error
  }
  return codes
}
