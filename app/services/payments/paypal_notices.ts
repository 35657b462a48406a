import type { ProviderNotice } from '#services/payments/types'

/**
 * Reading PayPal's Orders v2 and webhook objects into a ProviderNotice (pure).
 * Our txRef travels as the purchase unit's custom_id (also reference_id and
 * invoice_id); a capture repeats custom_id and invoice_id.
 *
 * Capture statuses (Orders v2 capture_status): COMPLETED, DECLINED,
 * PARTIALLY_REFUNDED, PENDING, REFUNDED, FAILED. Only COMPLETED is money
 * received; DECLINED and FAILED mean none will come; the rest wait for staff
 * or a later webhook.
 */
interface Money {
  currency_code?: unknown
  value?: unknown
}
export interface PaypalCapture {
  id?: unknown
  status?: unknown
  amount?: Money
  custom_id?: unknown
  invoice_id?: unknown
  supplementary_data?: { related_ids?: { order_id?: unknown } }
}
interface PurchaseUnit {
  reference_id?: unknown
  custom_id?: unknown
  invoice_id?: unknown
  payments?: { captures?: PaypalCapture[] }
}
export interface PaypalOrder {
  id?: unknown
  status?: unknown
  purchase_units?: PurchaseUnit[]
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/** A capture's outcome; 'paid' only with a well-formed amount. */
function captureNotice(
  capture: PaypalCapture,
  txRef: string,
  orderId: string | null
): ProviderNotice {
  const status = text(capture.status)
  const providerReference = orderId ?? undefined
  if (status === 'COMPLETED') {
    const value = text(capture.amount?.value)
    const currency = text(capture.amount?.currency_code)
    if (value && currency && /^\d+(\.\d+)?$/.test(value)) {
      return { txRef, outcome: 'paid', collected: { amount: value, currency }, providerReference }
    }
    return { txRef, outcome: 'pending', providerReference }
  }
  if (status === 'DECLINED' || status === 'FAILED')
    return { txRef, outcome: 'failed', providerReference }
  return { txRef, outcome: 'pending', providerReference }
}

/**
 * An order (capture answer or GET) → the notice for its first purchase unit,
 * judged by the unit's captures, never by the order's own status ("check
 * the payment status in purchase_units[].payments.captures[].status"). A
 * completed capture wins over others; no capture yet → pending. Null when the
 * order names no txRef.
 */
export function noticeFromOrder(order: PaypalOrder): ProviderNotice | null {
  const unit = order.purchase_units?.[0]
  const captures = unit?.payments?.captures ?? []
  const txRef =
    text(unit?.custom_id) ??
    text(captures[0]?.custom_id) ??
    text(unit?.reference_id) ??
    text(unit?.invoice_id)
  if (!txRef) return null
  const orderId = text(order.id)
  const completed = captures.find((c) => text(c.status) === 'COMPLETED')
  const decisive = completed ?? captures.find((c) => text(c.status) === 'PENDING') ?? captures[0]
  if (!decisive) return { txRef, outcome: 'pending', providerReference: orderId ?? undefined }
  return captureNotice(decisive, txRef, orderId)
}

/** Whether the order answer carries its purchase units' captures (a `return=minimal` answer does not). */
export function orderHasCaptures(order: PaypalOrder) {
  return Boolean(order.purchase_units?.[0]?.payments?.captures?.length)
}

/** The capture events we act on (webhook event names, Payments v2). */
const CAPTURE_EVENTS: Record<string, 'capture' | 'failed' | 'pending'> = {
  'PAYMENT.CAPTURE.COMPLETED': 'capture',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
  'PAYMENT.CAPTURE.PENDING': 'pending',
}

/**
 * A verified webhook event → a notice, or null for events that say nothing
 * about a deposit (other event types, captures without our custom_id). For
 * COMPLETED the capture resource's own status and amount decide.
 */
export function noticeFromWebhookEvent(event: {
  event_type?: unknown
  resource?: unknown
}): ProviderNotice | null {
  const kind = CAPTURE_EVENTS[text(event.event_type) ?? '']
  const resource = (event.resource ?? {}) as PaypalCapture
  if (!kind || typeof resource !== 'object') return null
  const txRef = text(resource.custom_id) ?? text(resource.invoice_id)
  if (!txRef) return null
  const orderId = text(resource.supplementary_data?.related_ids?.order_id)
  if (kind === 'capture') return captureNotice(resource, txRef, orderId)
  return { txRef, outcome: kind, providerReference: orderId ?? undefined }
}
