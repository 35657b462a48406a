import { secureEqual } from '#services/payments/signatures/secure_compare'

/**
 * Flutterwave v3 webhooks carry the dashboard's "secret hash" itself in the
 * `verif-hash` header (no HMAC over the body), so the check is a constant-time
 * equality. Since the body is not signed, nothing in it is trusted: the
 * adapter re-reads the transaction from the API.
 */
export function flutterwaveHashMatches(header: string | undefined, secretHash: string): boolean {
  if (!header || !secretHash) return false
  return secureEqual(header, secretHash)
}
