import { createHmac } from 'node:crypto'
import { secureEqual } from '#services/payments/signatures/secure_compare'

/**
 * MoonPay widget URL signing (dev.moonpay.com, "URL signing"): base64
 * HMAC-SHA256 keyed with the secret key (sk_…) over the URL's search string,
 * leading '?' included, values already URL-encoded. The signature goes last.
 */
export function moonpayUrlSignature(secretKey: string, search: string): string {
  return createHmac('sha256', secretKey).update(search, 'utf8').digest('base64')
}

/**
 * Encodes a parameter value completely (RFC 3986: `!'()*` too), so the query
 * string we sign is byte for byte the one a browser sends: nothing is left
 * for URL normalisation to re-encode after signing.
 */
export function encodeMoonpayValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
}

/** `base?query&signature=…`: the parameters in order, then the signature of '?' + query, last. */
export function signedMoonpayUrl(
  base: string,
  params: [string, string][],
  secretKey: string
): string {
  const query = params.map(([name, value]) => `${name}=${encodeMoonpayValue(value)}`).join('&')
  const signature = moonpayUrlSignature(secretKey, `?${query}`)
  return `${base}?${query}&signature=${encodeURIComponent(signature)}`
}

/**
 * MoonPay webhook signing ("Checking a Webhook Signature"): the
 * `Moonpay-Signature-V2` header is `t=<unix seconds>,s=<hex>`, where s is the
 * lower-case hex HMAC-SHA256 keyed with the webhook key over `t + "." + body`.
 */
export function moonpayWebhookSignature(
  webhookKey: string,
  timestamp: string,
  rawBody: string
): string {
  return createHmac('sha256', webhookKey).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')
}

/**
 * Our choice (MoonPay states none): a signed call older or newer than five
 * minutes is refused, so a captured webhook cannot be replayed later.
 */
export const MOONPAY_WEBHOOK_TOLERANCE_SECONDS = 300

export type MoonpayHeaderCheck = 'ok' | 'missing' | 'malformed' | 'mismatch' | 'stale'

/** Checks a `Moonpay-Signature-V2` header against the raw body, the webhook key and the clock. */
export function checkMoonpayWebhook(
  header: string | undefined,
  rawBody: string,
  webhookKey: string,
  nowSeconds: number,
  toleranceSeconds = MOONPAY_WEBHOOK_TOLERANCE_SECONDS
): MoonpayHeaderCheck {
  if (!header) return 'missing'
  const parts = new Map<string, string>()
  for (const element of header.split(',')) {
    const at = element.indexOf('=')
    if (at > 0) parts.set(element.slice(0, at).trim(), element.slice(at + 1).trim())
  }
  const t = parts.get('t')
  const s = parts.get('s')
  if (!t || !s || !/^\d{1,12}$/.test(t) || !/^[0-9a-fA-F]{64}$/.test(s)) return 'malformed'
  if (!secureEqual(s.toLowerCase(), moonpayWebhookSignature(webhookKey, t, rawBody)))
    return 'mismatch'
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return 'stale'
  return 'ok'
}
