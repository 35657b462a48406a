import { createHmac } from 'node:crypto'
import { secureEqual } from '#services/payments/signatures/secure_compare'

/**
 * WiPays IPN signature (docs.wipays.com/ipn, whose PHP sample is "the source
 * of truth"): UPPER(hex HMAC-SHA256) keyed with the secret key over the
 * identifier followed by the IPN's top-level timestamp — not data.timestamp,
 * not data.trx. It does not cover amount or status.
 */
export function wipaysIpnSignature(
  secretKey: string,
  identifier: string,
  timestamp: string
): string {
  return createHmac('sha256', secretKey)
    .update(`${identifier}${timestamp}`, 'utf8')
    .digest('hex')
    .toUpperCase()
}

/** Whether a posted signature matches (hex compared case-insensitively, in constant time). */
export function wipaysSignatureMatches(
  received: string,
  secretKey: string,
  identifier: string,
  timestamp: string
): boolean {
  return secureEqual(
    received.trim().toUpperCase(),
    wipaysIpnSignature(secretKey, identifier, timestamp)
  )
}
