import { timingSafeEqual } from 'node:crypto'

/**
 * Constant-time equality of a received signature and the expected one. The
 * length check comes first (timingSafeEqual needs equal lengths; a length is
 * no secret), then every byte is compared whatever the first mismatch.
 */
export function secureEqual(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
