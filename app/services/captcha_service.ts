import env from '#start/env'
import logger from '@adonisjs/core/services/logger'
import settings from '#services/settings_service'
import { captchaRequired } from '#domain/site_settings'

const GOOGLE_SITEVERIFY = 'https://www.google.com/recaptcha/api/siteverify'

/**
 * Google reCAPTCHA v2, verified on the server (PROTOCOLS.md §13): POST the
 * secret and the widget's response to siteverify, form-encoded; trust only
 * `success: true`. The endpoint is configurable so tests use a local fake.
 */
export async function verifyCaptcha(token: string | null | undefined, remoteIp?: string) {
  const site = await settings.site()
  if (!captchaRequired(site)) return true
  if (!token) return false

  const body = new URLSearchParams({ secret: site.captchaSecretKey!, response: token })
  if (remoteIp) body.set('remoteip', remoteIp)
  try {
    const response = await fetch(env.get('RECAPTCHA_VERIFY_URL', GOOGLE_SITEVERIFY), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(5000),
    })
    if (!response.ok) return false
    const result = (await response.json()) as { 'success'?: boolean; 'error-codes'?: string[] }
    if (!result.success) logger.info({ codes: result['error-codes'] }, 'captcha rejected')
    return result.success === true
  } catch (error) {
    logger.warn({ err: error }, 'captcha verification unavailable')
    return false
  }
}
