import Stripe from 'stripe'
import { providerBase } from '#services/payments/endpoints'
import { isLiveKey, noticeFromEvent, noticeFromSession } from '#services/payments/stripe_events'
import {
  InvalidSignatureError,
  ProviderError,
  type GatewaySettings,
  type PaymentAdapter,
} from '#services/payments/types'
import { toMinorUnits } from '#domain/minor_units'

/*
 * Stripe Checkout through the official SDK. key1 = secret key (sk_…), key2 =
 * webhook signing secret (whsec_…). The customer pays on Stripe's hosted page;
 * the deposit settles from the signed checkout.session.* webhook, or from a
 * retrieve of the session when the customer comes back first.
 */
const PRODUCTION_URL = 'https://api.stripe.com'

/**
 * A client for this gateway's key, aimed at providerBase (a loopback fake in
 * tests). Built per call: keys and base URL change when staff edit the
 * gateway, and deposits are rare enough that construction cost is nothing.
 */
function clientFor(gateway: GatewaySettings): Stripe {
  const key = gateway.key1?.trim()
  if (!key) throw new ProviderError('The Stripe secret key is not configured')
  const base = new URL(providerBase('stripe', PRODUCTION_URL))
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(key, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // No latency metrics or client ids leave with our requests.
    telemetry: false,
    // Retries are safe: every create carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
  })
}

/** Stripe already masks keys in its messages; this keeps any that slip through out of logs. */
function redact(text: string) {
  return text.replace(/\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g, '$1_[redacted]')
}

function providerError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error
  if (error instanceof Stripe.errors.StripeError) {
    // rawType is Stripe's own error type (invalid_request_error, idempotency_error…).
    const kind = [error.rawType ?? error.type, error.code].filter(Boolean).join(' ')
    return new ProviderError(redact(`Stripe ${error.statusCode ?? '-'} ${kind}: ${error.message}`))
  }
  return new ProviderError('Stripe could not be reached')
}

const adapter: PaymentAdapter = {
  async start(gateway, order) {
    try {
      const unitAmount = Number(toMinorUnits(order.total, order.currency))
      if (!Number.isSafeInteger(unitAmount) || unitAmount <= 0) {
        throw new ProviderError(`Cannot charge ${order.total} ${order.currency}`)
      }
      const session = await clientFor(gateway).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: unitAmount,
                product_data: { name: `Deposit #${order.depositId}` },
              },
              quantity: 1,
            },
          ],
          client_reference_id: order.txRef,
          metadata: { txRef: order.txRef },
          customer_email: order.customer.email,
          // Stripe fills in the placeholder; the return route reads it.
          success_url: `${order.urls.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: order.urls.cancelUrl,
        },
        // One session per deposit, however often the call is retried.
        { idempotencyKey: `deposit-checkout-${order.txRef}` }
      )
      if (!session.url) throw new ProviderError(`Stripe session ${session.id} has no payment page`)
      return { link: session.url, providerReference: session.id }
    } catch (error) {
      throw providerError(error)
    }
  },

  async verify(gateway, call) {
    let event: Stripe.Event
    try {
      // The SDK's check: HMAC-SHA256 over `${t}.${raw body}`, any v1 matching, t within 300 s.
      event = Stripe.webhooks.constructEvent(
        call.rawBody,
        call.headers['stripe-signature'] ?? '',
        gateway.key2?.trim() ?? ''
      )
    } catch (error) {
      throw new InvalidSignatureError(
        error instanceof Stripe.errors.StripeSignatureVerificationError
          ? 'Invalid Stripe signature'
          : 'Malformed Stripe event'
      )
    }
    return noticeFromEvent(event, isLiveKey(gateway.key1))
  },

  async lookup(gateway, deposit) {
    // Only the session this deposit created is asked about; the return URL's
    // session_id is the customer's to edit, so it is never used in its place.
    if (!deposit.providerReference) return null
    try {
      const session = await clientFor(gateway).checkout.sessions.retrieve(deposit.providerReference)
      return noticeFromSession(session, isLiveKey(gateway.key1))
    } catch (error) {
      throw providerError(error)
    }
  },
}

export default adapter
