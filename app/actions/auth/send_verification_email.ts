import router from '@adonisjs/core/services/router'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import type User from '#models/user'
import settings from '#services/settings_service'
import VerifyEmailNotification from '#mails/verify_email_notification'
import { VERIFY_EMAIL_TTL } from '#domain/tokens'
import { takeVerificationMail } from '#services/auth_throttles'
import { runAfterResponse } from '#services/deferred'

/**
 * Mails a signed, expiring verification link, after the response (the request
 * does not wait for the mail server) and at most VERIFY_MAILS_PER_ACCOUNT_HOUR
 * times an hour per account (each login of an unverified account re-sends).
 * The signature covers the user id and the e-mail, so the link stops working
 * if the address changes. A mail server outage is logged: logging in again re-sends.
 */
export async function sendVerificationEmail(user: User, baseUrl: string) {
  if (!(await takeVerificationMail(user.id))) return
  runAfterResponse('verification e-mail', () => deliverVerificationLink(user, baseUrl))
}

async function deliverVerificationLink(user: User, baseUrl: string) {
  const site = await settings.site()
  const link = router
    .builder()
    .prefixUrl(baseUrl)
    .params({ id: user.id })
    .qs({ email: user.email })
    .makeSigned('auth.verify_email', { expiresIn: VERIFY_EMAIL_TTL })
  try {
    await mail.send(new VerifyEmailNotification(user, link, site.appName))
  } catch (error) {
    logger.error({ err: error, userId: user.id }, 'verification e-mail not sent')
  }
}
