import { STAFF_ROLES, type RoleId } from '#domain/roles'

/**
 * Two-factor login (issue 12 item 3): the rules, without I/O. TOTP as
 * authenticator apps use it (RFC 6238: SHA-1, 6 digits, 30-second steps);
 * the computation itself is in #domain/totp.
 */
export const TWO_FACTOR = {
  period: 30,
  digits: 6,
  /** Steps of clock drift accepted either side of now. */
  drift: 1,
  /** How long a correct password waits for its code. */
  pendingMinutes: 5,
  recoveryCodes: 10,
  /** Wrong codes per account, and per address, before that key waits `blockMinutes`. */
  failuresPerUser: 5,
  failuresPerAddress: 20,
  windowMinutes: 15,
  blockMinutes: 15,
} as const

/** The session key naming the account whose sign-in completed (#services/two_factor_session). */
export const SIGN_IN_KEY = 'signInComplete'

export const TWO_FACTOR_PATHS = {
  code: '/login/two-factor',
  enrol: '/login/two-factor/enrol',
} as const

export const twoFactorMessages = {
  invalidCode: 'The code is invalid or was already used',
  wrongPassword: 'The password is incorrect',
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordRequired: 'Enter your current password to change your password or email',
  codeRequired: 'Enter a code from your authenticator app to change your password or email',
  expired: 'Your sign-in has expired. Please log in again.',
  alreadyOn: 'Two-factor login is already on',
  notOn: 'Two-factor login is not on for this account',
  noEnrolment: 'Start the set-up again: no QR code is waiting for a code',
  mandatory: 'Two-factor login is mandatory for staff accounts',
  throttled: (minutes: number) => `Too many wrong codes. Please wait ${minutes} min and try again.`,
}

/** Staff (roles 1, 2, 4, 5, 6) must use a second factor; customers may. */
export function isSecondFactorMandatory(roleId: RoleId | number) {
  return STAFF_ROLES.includes(roleId as RoleId)
}

/** Whether a sign-in of this account takes the code step (or, for staff not enrolled yet, the enrolment). */
export function needsSecondFactor(roleId: RoleId | number, enrolled: boolean) {
  return enrolled || isSecondFactorMandatory(roleId)
}

/** The 30-second time step (RFC 6238's T) at a moment in milliseconds. */
export function timeStepAt(ms: number) {
  return Math.floor(ms / 1000 / TWO_FACTOR.period)
}

/** A matched step counts only once, and only if later than the last one used (compare-and-set in the database). */
export function stepIsFresh(step: number, lastUsed: number | null) {
  return lastUsed === null || step > lastUsed
}

/** Recovery codes: 12 characters from an alphabet without look-alikes, shown as xxxx-xxxx-xxxx. */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_LENGTH = 12

/** Formats 12 random bytes as a recovery code (each byte picks a letter; the bias of 256 % 31 is immaterial here). */
export function recoveryCodeFrom(bytes: Uint8Array) {
  if (bytes.length < RECOVERY_LENGTH) throw new Error('recoveryCodeFrom needs 12 bytes')
  const chars = Array.from(bytes.slice(0, RECOVERY_LENGTH), (b) => RECOVERY_ALPHABET[b % 31])
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string }

/**
 * What a typed code is: six digits (spaces allowed, as apps show "123 456")
 * or a recovery code (any case, dashes and spaces optional). Null when it is
 * neither, so nothing is looked up for it.
 */
export function parseSecondFactorCode(input: string): SecondFactorCode | null {
  const compact = input.replace(/[\s-]/g, '').toLowerCase()
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact }
  if (
    compact.length === RECOVERY_LENGTH &&
    [...compact].every((c) => RECOVERY_ALPHABET.includes(c))
  )
    return {
      kind: 'recovery',
      code: [0, 4, 8].map((i) => compact.slice(i, i + 4)).join('-'),
    }
  return null
}

/** A password-checked login waiting for its code: who, remember-me, until when (ms), and the credential stamp then. */
export interface PendingLogin {
  userId: number
  remember: boolean
  expiresAt: number
  stamp: string
}

/** A session value read back as a pending login, or null when it is not one or has expired. */
export function livePendingLogin(value: unknown, now: number): PendingLogin | null {
  const v = value as Partial<PendingLogin> | null | undefined
  if (!v || typeof v !== 'object') return null
  if (!Number.isInteger(v.userId) || typeof v.expiresAt !== 'number') return null
  if (typeof v.stamp !== 'string' || typeof v.remember !== 'boolean') return null
  if (v.expiresAt <= now) return null
  return v as PendingLogin
}

export function pendingLoginUntil(now: number) {
  return now + TWO_FACTOR.pendingMinutes * 60_000
}

/** The manual key as authenticator apps accept it: groups of four. */
export function groupedKey(base32: string) {
  return base32.replace(/(.{4})/g, '$1 ').trim()
}
