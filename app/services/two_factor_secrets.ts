import { createHmac, randomBytes } from 'node:crypto'
import encryption from '@adonisjs/core/services/encryption'
import { appKey } from '#config/app'
import { recoveryCodeFrom, TWO_FACTOR } from '#domain/two_factor'

/**
 * What two-factor login keeps at rest: the TOTP secret encrypted with the
 * app's key (it must be read back to check codes), recovery codes only as an
 * HMAC keyed with it (a copy of the table alone tells nothing, and a lookup
 * by hash needs no per-row work).
 */
const purpose = 'two-factor-secret'

export function sealSecret(base32: string) {
  return encryption.encrypt(base32, undefined, purpose)
}

/** The secret, or null when the value was not sealed with this app's key. */
export function openSecret(sealed: string): string | null {
  const value = encryption.decrypt<string>(sealed, purpose)
  return typeof value === 'string' ? value : null
}

export function recoveryCodeHash(code: string) {
  return createHmac('sha256', appKey.release()).update(`recovery:${code}`).digest('hex')
}

/** Ten fresh recovery codes, shown once. */
export function newRecoveryCodes() {
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => recoveryCodeFrom(randomBytes(12)))
}
