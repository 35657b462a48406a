import hash from '@adonisjs/core/services/hash'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { recoveryCodeHash } from '#services/two_factor_secrets'
import { WrongCredential } from '#services/two_factor_throttles'

/* Steps the two-factor actions share. */

/** Replaces a user's recovery codes (used or not) with these, in the caller's transaction. */
export async function storeRecoveryCodes(
  trx: TransactionClientContract,
  userId: number,
  codes: string[]
) {
  const now = DateTime.now().toSQL({ includeOffset: false })
  await trx.from('two_factor_recovery_codes').where('user_id', userId).delete()
  await trx.table('two_factor_recovery_codes').multiInsert(
    codes.map((code) => ({
      user_id: userId,
      code_hash: recoveryCodeHash(code),
      used_at: null,
      created_at: now,
    }))
  )
}

/** Wrong password: 422 under the field (counted by the code step's throttle). */
export async function requirePassword(user: User, password: string) {
  if (!(await hash.verify(user.password, password))) throw new WrongCredential('password')
}
