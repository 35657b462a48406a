import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isEnrolled } from '#queries/two_factor'
import { newRecoveryCodes } from '#services/two_factor_secrets'
import { requirePassword, storeRecoveryCodes } from '#actions/two_factor/two_factor_parts'

/**
 * New recovery codes for a signed-in user whose second factor is on, after
 * their password (run it under the code step's throttle): the old ones stop
 * working. Answers the codes, shown once.
 */
export async function regenerateRecoveryCodes(input: { user: User; password: string }) {
  await requirePassword(input.user, input.password)
  if (!(await isEnrolled(input.user.id))) {
    throw new UserFacingException(twoFactorMessages.notOn, {
      status: 409,
      code: 'E_TWO_FACTOR_OFF',
    })
  }
  const codes = newRecoveryCodes()
  await db.transaction((trx) => storeRecoveryCodes(trx, input.user.id, codes))
  return codes
}
