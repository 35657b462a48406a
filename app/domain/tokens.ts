import { createHash, randomBytes } from 'node:crypto'

/** A URL-safe random token and the SHA-256 that is stored in its place. */
export function newOpaqueToken(bytes = 32) {
  const token = randomBytes(bytes).toString('base64url')
  return { token, hash: hashToken(token) }
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/** Password reset links expire after this many minutes. */
export const RESET_TOKEN_TTL_MINUTES = 60
/** E-mail verification links expire after this long. */
export const VERIFY_EMAIL_TTL = '24h'
