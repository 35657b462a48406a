import { DateTime } from 'luxon'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import settings from '#services/settings_service'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { newOpaqueToken, RESET_TOKEN_TTL_MINUTES } from '#domain/tokens'

/**
 * Mails a single-use reset link valid for RESET_TOKEN_TTL_MINUTES. An unknown
 * address gets the same answer and no mail, so the form does not reveal
 * which e-mails have accounts. Earlier unused links of the user stop working.
 */
export async function requestPasswordReset(input: { email: string; baseUrl: string }) {
  const user = await User.findBy('email', input.email)
  if (!user || !user.isActive) return

  await PasswordResetToken.query().where('user_id', user.id).whereNull('used_at').delete()
  const { token, hash } = newOpaqueToken()
  await PasswordResetToken.create({
    userId: user.id,
    tokenHash: hash,
    expiresAt: DateTime.now().plus({ minutes: RESET_TOKEN_TTL_MINUTES }),
  })

  const site = await settings.site()
  const link = `${input.baseUrl}/reset-password/${token}`
  try {
    await mail.send(new ResetPasswordNotification(user, link, site.appName))
  } catch (error) {
    logger.error({ err: error, userId: user.id }, 'password reset e-mail not sent')
  }
}
