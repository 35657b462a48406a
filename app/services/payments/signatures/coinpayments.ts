import { createHmac } from 'node:crypto'
import { secureEqual } from '#services/payments/signatures/secure_compare'

/**
 * CoinPayments' one signing recipe (legacy API v1 and IPN alike): the `HMAC`
 * header is the lower-case hex HMAC-SHA512 of the exact url-encoded body, keyed
 * with the API private key (calls we make) or the IPN secret (IPNs we get).
 */
export function coinpaymentsHmac(secret: string, rawBody: string): string {
  return createHmac('sha512', secret).update(rawBody, 'utf8').digest('hex')
}

/** Whether an `HMAC` header signs `rawBody` with `secret`; a missing header never does. */
export function coinpaymentsHmacMatches(
  header: string | undefined,
  secret: string,
  rawBody: string
): boolean {
  if (!header) return false
  return secureEqual(header.trim().toLowerCase(), coinpaymentsHmac(secret, rawBody))
}
