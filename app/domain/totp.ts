import { Secret, TOTP } from 'otpauth'
import { TWO_FACTOR, timeStepAt } from '#domain/two_factor'

/**
 * TOTP (RFC 6238) through the maintained `otpauth` library, with the
 * parameters every authenticator app uses: SHA-1, 6 digits, 30 seconds.
 */
function totp(secret: string, account = '', issuer = '') {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.period,
    secret: Secret.fromBase32(secret),
  })
}

/** A new random secret (160 bits, RFC 4226's recommendation) as base32. */
export function newTotpSecret() {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URI the QR code carries. */
export function totpUri(secret: string, account: string, issuer: string) {
  return totp(secret, account, issuer).toString()
}

/** The code at a moment (ms). */
export function totpCodeAt(secret: string, ms: number) {
  return totp(secret).generate({ timestamp: ms })
}

/**
 * The time step a code belongs to, within `drift` steps of `ms`, or null.
 * The caller still has to check the step was not used before.
 */
export function matchTotp(
  secret: string,
  code: string,
  ms: number,
  drift: number = TWO_FACTOR.drift
) {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret).validate({ token: code, timestamp: ms, window: drift })
  return delta === null ? null : timeStepAt(ms) + delta
}
