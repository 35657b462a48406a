import logger from '@adonisjs/core/services/logger'
import { providerBase } from '#services/payments/endpoints'
import { JsonDecimal, stringifyWithDecimals } from '#services/payments/json_amounts'
import { ProviderError, type PaymentAdapter } from '#services/payments/types'

/**
 * GlobiancePay checkout (developers.globiancepay.com, PROTOCOLS.md §11).
 *
 * `POST /create-checkout` takes the API key (key1) in the JSON body with the
 * amount (a JSON number), USD or EUR, and items; we send our reference as
 * `clientId`, which the store's callbacks echo back. GlobiancePay documents no
 * callback signature and no endpoint to query a checkout or payment, so a
 * callback cannot be verified: it never credits money. Each one is recorded
 * as 'pending' for the deposit it names, and staff approve or decline the
 * deposit after checking the payment in the GlobiancePay dashboard.
 */
const API = 'https://merchant-api.globiancepay.com/merchant-api-service'
const CURRENCIES = new Set(['USD', 'EUR'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

const adapter: PaymentAdapter = {
  async start(gateway, order) {
    const apiKey = gateway.key1?.trim()
    if (!apiKey) throw new ProviderError('GlobiancePay API key is not configured')
    if (!CURRENCIES.has(order.currency)) {
      throw new ProviderError(`GlobiancePay checkouts are in USD or EUR, not ${order.currency}`)
    }
    const item = `Deposit #${order.depositId}`
    const response = await fetch(`${providerBase('globiance', API)}/create-checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: stringifyWithDecimals({
        apiKey,
        amount: new JsonDecimal(order.total),
        currency: order.currency,
        itemName: item,
        itemId: order.txRef,
        note: `${item} (${order.customer.email})`,
        clientId: order.txRef,
        items: [{ itemName: item, price: new JsonDecimal(order.total), qty: 1, taxRate: 0 }],
      }),
      signal: AbortSignal.timeout(15_000),
    })
    const body: unknown = await response.json().catch(() => null)
    if (!response.ok || !isObject(body)) {
      const message = isObject(body) ? text(body.message) : null
      throw new ProviderError(
        `GlobiancePay did not create the checkout (${response.status}) ${message ?? ''}`
      )
    }
    // The docs show the checkout under `data` (one version flat); the link's field name is UNCONFIRMED.
    const checkout = isObject(body.data) ? body.data : body
    const link = text(checkout.checkoutUrl)
    if (!link || !/^https:\/\//i.test(link))
      throw new ProviderError('GlobiancePay returned no checkout link')
    return { link, providerReference: text(checkout.checkoutId) ?? text(checkout.id) ?? undefined }
  },

  /**
   * Unsigned, and nothing to confirm it against: the callback is only
   * recorded (outcome 'pending', which changes nothing). Payloads as in
   * GlobiancePay's sample merchant: { event, type, clientId, checkoutId,
   * payload: { payment: { amount, status } } }.
   */
  async verify(_gateway, call) {
    const body = call.body
    const txRef = text(body.clientId)
    if (!txRef) return null
    logger.info(
      { txRef, checkoutId: text(body.checkoutId), event: text(body.event), type: text(body.type) },
      'GlobiancePay callback recorded; unverifiable, left for staff'
    )
    return { txRef, outcome: 'pending', providerReference: text(body.checkoutId) ?? undefined }
  },
}

export default adapter
