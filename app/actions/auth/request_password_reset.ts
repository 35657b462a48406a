import { DateTime } from 'luxon'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import settings from '#services/settings_service'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { newOpaqueToken, RESET_TOKEN_TTL_MINUTES } from '#domain/tokens'
import { takeResetMail, takeResetRequest } from '#services/auth_throttles'
import { runAfterResponse } from '#services/deferred'

/**
 * Mails a single-use reset link valid for RESET_TOKEN_TTL_MINUTES. The request
 * itself does the same work for every address — the address's budget (429 when
 * spent), the account's budget keyed by the e-mail, known or not — and leaves
 * the account lookup, the token and the mail to run after the response, so
 * neither the answer nor its timing tells whether the e-mail has an account.
 * Over the account's budget the answer is the same and nothing is sent.
 */
export async function requestPasswordReset(input: { email: string; ip: string; baseUrl: string }) {
  await takeResetRequest(input.ip)
  if (!(await takeResetMail(input.email))) return
  runAfterResponse('password reset e-mail', () => deliverResetLink(input.email, input.baseUrl))
}

/** Earlier unused links of the user stop working; an unknown or disabled account gets nothing. */
async function deliverResetLink(email: string, baseUrl: string) {
  const user = await User.findBy('email', email)
  if (!user || !user.isActive) return

  await PasswordResetToken.query().where('user_id', user.id).whereNull('used_at').delete()
  const { token, hash } = newOpaqueToken()
  await PasswordResetToken.create({
    userId: user.id,
    tokenHash: hash,
    expiresAt: DateTime.now().plus({ minutes: RESET_TOKEN_TTL_MINUTES }),
  })

  const site = await settings.site()
  const link = `${baseUrl}/reset-password/${token}`
  try {
    await mail.send(new ResetPasswordNotification(user, link, site.appName))
  } catch (error) {
    logger.error({ err: error, userId: user.id }, 'password reset e-mail not sent')
  }
}
