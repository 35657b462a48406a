import { PaypalApiError, paypalCredentials, paypalRequest } from '#services/payments/paypal_client'
import {
  InvalidSignatureError,
  type GatewaySettings,
  type IncomingCall,
} from '#services/payments/types'

/** The transmission headers PayPal sends with every webhook (lower-case, as IncomingCall holds them). */
const HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const

/* PayPal signs with certificates it serves itself; anything else is not PayPal. */
function isPaypalCertUrl(value: string) {
  try {
    const url = new URL(value)
    return (
      url.protocol === 'https:' &&
      (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'))
    )
  } catch {
    return false
  }
}

/**
 * Verifies a webhook with PayPal's documented postback,
 * POST /v1/notifications/verify-webhook-signature: the transmission headers,
 * our webhook id (key4) and the event. The event is passed as the very bytes
 * received (spliced into the request, not re-serialized), since PayPal checks
 * its signature over them. Answers the parsed event when PayPal says SUCCESS;
 * anything else throws InvalidSignatureError. PayPal being unreachable (or
 * answering 5xx) throws ProviderError instead, so the webhook fails with 500
 * and PayPal delivers it again later.
 */
export async function verifyPaypalWebhook(
  gateway: GatewaySettings,
  call: IncomingCall
): Promise<Record<string, unknown>> {
  const webhookId = gateway.key4?.trim()
  if (!webhookId) throw new InvalidSignatureError('PayPal webhook id is not configured')

  const fields = {} as Record<keyof typeof HEADERS, string>
  for (const [field, header] of Object.entries(HEADERS) as [keyof typeof HEADERS, string][]) {
    const value = call.headers[header]?.trim()
    if (!value) throw new InvalidSignatureError('Missing PayPal transmission headers')
    fields[field] = value
  }
  if (!isPaypalCertUrl(fields.cert_url)) throw new InvalidSignatureError('Not a PayPal certificate')

  const raw = call.rawBody.trim()
  let event: unknown
  try {
    event = JSON.parse(raw)
  } catch {
    throw new InvalidSignatureError('Malformed event')
  }
  if (!event || typeof event !== 'object' || Array.isArray(event))
    throw new InvalidSignatureError('Malformed event')

  const head = JSON.stringify({ ...fields, webhook_id: webhookId })
  const body = `${head.slice(0, -1)},"webhook_event":${raw}}`
  let answer: { verification_status?: unknown }
  try {
    answer = await paypalRequest(paypalCredentials(gateway), {
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      body,
    })
  } catch (error) {
    // PayPal refusing the request itself (malformed headers, unknown webhook id) is a failed verification.
    if (
      error instanceof PaypalApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      ![401, 429].includes(error.status)
    ) {
      throw new InvalidSignatureError('PayPal refused to verify the event')
    }
    throw error
  }
  if (answer.verification_status !== 'SUCCESS') throw new InvalidSignatureError()
  return event as Record<string, unknown>
}
