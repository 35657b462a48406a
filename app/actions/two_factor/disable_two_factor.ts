import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { isSecondFactorMandatory, twoFactorMessages } from '#domain/two_factor'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isEnrolled } from '#queries/two_factor'
import { requirePassword } from '#actions/two_factor/two_factor_parts'
import { verifySecondFactor } from '#actions/two_factor/verify_second_factor'

/**
 * A customer turns two-factor login off with their password and a current
 * code (or a recovery code). Staff cannot: it is mandatory for them (an
 * admin's reset is their way out of a lost phone). Run it under the code
 * step's throttle.
 */
export async function disableTwoFactor(input: { user: User; password: string; code: string }) {
  if (isSecondFactorMandatory(input.user.roleId)) {
    throw new ForbiddenException(twoFactorMessages.mandatory)
  }
  if (!(await isEnrolled(input.user.id))) {
    throw new UserFacingException(twoFactorMessages.notOn, {
      status: 409,
      code: 'E_TWO_FACTOR_OFF',
    })
  }
  await requirePassword(input.user, input.password)
  await verifySecondFactor({ userId: input.user.id, code: input.code })
  await db.transaction(async (trx) => {
    await trx.from('two_factor_recovery_codes').where('user_id', input.user.id).delete()
    await trx.from('two_factor_credentials').where('user_id', input.user.id).delete()
  })
}
