import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * Changes the password after checking the current one. Remember-me cookies are
 * revoked; other open sessions end on their next request (their stamp holds the
 * old password hash, session_stamp.ts).
 */
export async function changePassword(
  user: User,
  input: { currentPassword: string; newPassword: string }
) {
  if (!(await hash.verify(user.password, input.currentPassword))) {
    throw new UserFacingException('Current password is incorrect', { field: 'currentPassword' })
  }
  if (input.currentPassword === input.newPassword) {
    throw new UserFacingException('New password must be different from the current password', {
      field: 'newPassword',
    })
  }
  await db.transaction(async (trx) => {
    user.useTransaction(trx)
    user.password = input.newPassword
    await user.save()
    await trx.from('remember_me_tokens').where('tokenable_id', user.id).delete()
  })
}
