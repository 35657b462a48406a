import { DateTime } from 'luxon'
import User from '#models/user'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** Marks the address verified; the caller has already checked the link's signature. */
export async function verifyEmail(input: { userId: number; email: string }) {
  const user = await User.find(input.userId)
  if (!user || user.email !== input.email) {
    throw new UserFacingException('This verification link is invalid or has expired', {
      status: 400,
    })
  }
  if (!user.isEmailVerified) {
    user.isEmailVerified = true
    user.emailVerifiedAt = DateTime.now()
    await user.save()
  }
  return user
}
