import QRCode from 'qrcode'
import type User from '#models/user'
import { newTotpSecret, totpUri } from '#domain/totp'
import { groupedKey, twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isEnrolled } from '#queries/two_factor'
import settings from '#services/settings_service'

/**
 * Starts an enrolment, or shows again the one in progress (`secret`, which the
 * caller keeps sealed in the session until a code confirms it): the QR code
 * drawn here from the otpauth:// URI (nothing is fetched) and the manual key.
 * This is the only time the secret leaves the server; once confirmed it is
 * never shown again.
 */
export async function beginEnrolment(user: User, inProgress: string | null) {
  if (await isEnrolled(user.id)) {
    throw new UserFacingException(twoFactorMessages.alreadyOn, {
      status: 409,
      code: 'E_TWO_FACTOR_ON',
    })
  }
  const secret = inProgress ?? newTotpSecret()
  const issuer = (await settings.site()).appName
  const uri = totpUri(secret, user.email, issuer)
  return {
    secret,
    qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 }),
    manualKey: groupedKey(secret),
    account: user.email,
    issuer,
  }
}
