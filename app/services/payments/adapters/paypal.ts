import { money } from '#domain/money'
import { PaypalApiError, paypalCredentials, paypalRequest } from '#services/payments/paypal_client'
import {
  noticeFromOrder,
  noticeFromWebhookEvent,
  orderHasCaptures,
  type PaypalOrder,
} from '#services/payments/paypal_notices'
import { verifyPaypalWebhook } from '#services/payments/paypal_webhooks'
import {
  ProviderError,
  type GatewaySettings,
  type IncomingCall,
  type PaymentAdapter,
  type ProviderNotice,
} from '#services/payments/types'

/**
 * PayPal Checkout with Orders v2 (PROTOCOLS.md §6). Starting a deposit asks
 * PayPal nothing: the customer goes to our own page, whose PayPal buttons ask
 * our server to create the order (`createPaypalOrder`) and, once the payer
 * approves, to capture it (`capturePaypalOrder`). Webhooks confirm captures
 * too, verified by PayPal's verify-webhook-signature postback.
 */
const ORDER_ID = /^[A-Z0-9]{1,36}$/

/** POST /v2/checkout/orders for the deposit's total; answers PayPal's order id. */
export async function createPaypalOrder(
  gateway: GatewaySettings,
  deposit: { txRef: string; total: string; currency: string }
): Promise<string> {
  const order = await paypalRequest<{ id?: unknown }>(paypalCredentials(gateway), {
    method: 'POST',
    path: '/v2/checkout/orders',
    // One order per deposit: a double click (or a retried call) gets the same order back.
    requestId: `${deposit.txRef}-create`,
    body: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: deposit.txRef,
          custom_id: deposit.txRef,
          invoice_id: deposit.txRef,
          amount: {
            currency_code: deposit.currency.toUpperCase(),
            value: money(deposit.total).toFixed(2),
          },
        },
      ],
    },
  })
  if (typeof order.id !== 'string' || !ORDER_ID.test(order.id))
    throw new ProviderError('PayPal answered no order id')
  return order.id
}

/** GET /v2/checkout/orders/{id}: the order as it stands. */
async function readOrder(gateway: GatewaySettings, orderId: string) {
  return paypalRequest<PaypalOrder>(paypalCredentials(gateway), {
    method: 'GET',
    path: `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
  })
}

/*
 * Capture refusals (422 details[].issue) that end the payment: the payer's
 * instrument or PayPal declined it. Nothing was captured, and since only a
 * pending deposit is ever captured, a declined deposit's order never will be.
 */
const REFUSED = ['INSTRUMENT_DECLINED', 'PAYMENT_DENIED', 'TRANSACTION_REFUSED']

/**
 * POST /v2/checkout/orders/{id}/capture (JSON content type, empty body) and
 * reads the outcome from the capture itself. An order captured before (a
 * replay, a second tab) answers ORDER_ALREADY_CAPTURED: the order is read
 * back and judged the same way. Null when the order names no deposit.
 */
export async function capturePaypalOrder(
  gateway: GatewaySettings,
  orderId: string
): Promise<ProviderNotice | null> {
  if (!ORDER_ID.test(orderId)) throw new ProviderError('Not a PayPal order id')
  let order: PaypalOrder
  try {
    order = await paypalRequest<PaypalOrder>(paypalCredentials(gateway), {
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      body: '',
      requestId: `${orderId}-capture`,
      prefer: 'return=representation',
    })
  } catch (error) {
    if (!(error instanceof PaypalApiError) || error.status !== 422) throw error
    if (error.has('ORDER_ALREADY_CAPTURED'))
      return noticeFromOrder(await readOrder(gateway, orderId))
    if (REFUSED.some((issue) => error.has(issue))) {
      const read = noticeFromOrder(await readOrder(gateway, orderId))
      return read && read.outcome !== 'paid' ? { ...read, outcome: 'failed' } : read
    }
    // ORDER_NOT_APPROVED, PAYER_ACTION_REQUIRED…: the order says where it stands (usually: nothing captured yet).
    return noticeFromOrder(await readOrder(gateway, orderId))
  }
  // A minimal answer (id, status, links) lacks the captures: read the order.
  return noticeFromOrder(orderHasCaptures(order) ? order : await readOrder(gateway, orderId))
}

const adapter: PaymentAdapter = {
  /** The customer pays on our own page, which holds the PayPal buttons. */
  async start(gateway, order) {
    paypalCredentials(gateway)
    return { link: `/payments/paypal/${order.txRef}` }
  },

  async verify(gateway: GatewaySettings, call: IncomingCall) {
    return noticeFromWebhookEvent(await verifyPaypalWebhook(gateway, call))
  },
}

export default adapter
