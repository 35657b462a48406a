import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import { hashToken } from '#domain/tokens'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { clearLoginLocks } from '#services/auth_throttles'

const INVALID = 'This reset link is invalid or has expired'

/**
 * Sets a new password from a reset token. The token is claimed with a
 * conditional update (used_at IS NULL), so two concurrent submissions of the
 * same link cannot both succeed. Remember-me tokens are revoked. The account's
 * login lock (and the throttle of the address that reset) is lifted: whoever
 * reads the mailbox may sign in again, so a lock never outlives a reset.
 */
export async function resetPassword(input: { token: string; password: string; ip: string }) {
  const user = await db.transaction(async (trx) => {
    const now = DateTime.now()
    const row = await PasswordResetToken.query({ client: trx })
      .where('token_hash', hashToken(input.token))
      .first()
    if (!row || row.usedAt || row.expiresAt < now) {
      throw new UserFacingException(INVALID, { field: 'token' })
    }
    const claimed = await trx
      .from('password_reset_tokens')
      .where('id', row.id)
      .whereNull('used_at')
      .update({ used_at: now.toSQL({ includeOffset: false }) })
    if (Number(claimed) !== 1) throw new UserFacingException(INVALID, { field: 'token' })

    const owner = await User.findOrFail(row.userId, { client: trx })
    owner.password = input.password
    await owner.save()
    await trx.from('remember_me_tokens').where('tokenable_id', owner.id).delete()
    return owner
  })
  await clearLoginLocks(user.email, input.ip)
  return user
}
