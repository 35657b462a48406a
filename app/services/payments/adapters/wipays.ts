import { providerBase } from '#services/payments/endpoints'
import { decimalFromJson } from '#services/payments/json_amounts'
import { wipaysSignatureMatches } from '#services/payments/signatures/wipays'
import {
  InvalidSignatureError,
  ProviderError,
  type PaymentAdapter,
  type ProviderNotice,
} from '#services/payments/types'

/**
 * WiPays hosted payment page (docs.wipays.com; PROTOCOLS.md §11). Each
 * merchant gets an API host of its own (key3); the public key (key1) travels
 * in the request body; the secret key (key2) only signs IPNs.
 */

/** "pay.example.com" or "https://pay.example.com/" → "https://pay.example.com". */
function apiBase(host: string | null): string {
  const value = host?.trim()
  if (!value) throw new ProviderError('WiPays API host is not configured')
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`
  try {
    const url = new URL(withScheme)
    return providerBase('wipays', `${url.origin}${url.pathname}`)
  } catch {
    throw new ProviderError('WiPays API host is not a valid address')
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A string field, or an integer sent as a JSON number (the IPN timestamp). */
function field(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim()
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  return null
}

/**
 * The docs show only "success"; the failure words are UNCONFIRMED, so only
 * these decline the deposit and any other status leaves it pending.
 */
const FAILED_STATUSES = new Set([
  'failed',
  'failure',
  'cancelled',
  'canceled',
  'rejected',
  'declined',
  'expired',
])

function splitName(fullName: string) {
  const parts = fullName.trim().split(/\s+/)
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') || parts[0] || '' }
}

/** The IPN as posted: JSON per the docs; a form post is read from the parsed body. */
function ipnBody(rawBody: string, parsed: Record<string, unknown>): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(rawBody)
    if (isObject(json)) return json
  } catch {}
  return parsed
}

const adapter: PaymentAdapter = {
  async start(gateway, order) {
    const base = apiBase(gateway.key3)
    const publicKey = gateway.key1?.trim()
    if (!publicKey) throw new ProviderError('WiPays public key is not configured')
    const name = splitName(order.customer.fullName)
    const response = await fetch(`${base}/payment/initiate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify({
        public_key: publicKey,
        amount: order.total,
        currency: order.currency,
        identifier: order.txRef,
        details: `Deposit #${order.depositId}`,
        ipn_url: order.urls.notifyUrl,
        success_url: order.urls.returnUrl,
        cancel_url: order.urls.cancelUrl,
        site_name: new URL(order.urls.returnUrl).host,
        customer: {
          first_name: name.first,
          last_name: name.last,
          email: order.customer.email,
          mobile: order.customer.phone ?? '',
        },
      }),
      signal: AbortSignal.timeout(15_000),
    })
    const body: unknown = await response.json().catch(() => null)
    const link = isObject(body) && typeof body.redirect_url === 'string' ? body.redirect_url : null
    if (
      !response.ok ||
      !isObject(body) ||
      body.status !== 'success' ||
      !link ||
      !/^https?:\/\//i.test(link)
    ) {
      const message = isObject(body)
        ? JSON.stringify(body.message ?? body.status ?? '').slice(0, 200)
        : ''
      throw new ProviderError(`WiPays did not initiate the payment (${response.status}) ${message}`)
    }
    return { link }
  },

  /**
   * The signature covers only identifier + timestamp, so amount, currency and
   * status are read from the IPN and re-checked: settlement credits only a
   * "checkout" IPN whose amount covers the deposit total in the wallet's
   * currency. Chargeback IPNs are never credits.
   */
  async verify(gateway, call) {
    const secretKey = gateway.key2?.trim()
    if (!secretKey) throw new InvalidSignatureError('WiPays secret key is not configured')
    const ipn = ipnBody(call.rawBody, call.body)
    const identifier = field(ipn.identifier)
    const timestamp = field(ipn.timestamp)
    const signature = field(ipn.signature)
    if (!identifier || !timestamp || !signature)
      throw new InvalidSignatureError('Malformed WiPays IPN')
    if (!wipaysSignatureMatches(signature, secretKey, identifier, timestamp)) {
      throw new InvalidSignatureError('Invalid WiPays signature')
    }
    if (!isObject(ipn.data)) throw new InvalidSignatureError('Malformed WiPays IPN')
    const data = ipn.data
    const providerReference = field(data.trx) ?? undefined
    const pending: ProviderNotice = { txRef: identifier, outcome: 'pending', providerReference }
    if (data.type !== 'checkout') return pending

    const status = (field(ipn.status) ?? '').toLowerCase()
    if (FAILED_STATUSES.has(status))
      return { txRef: identifier, outcome: 'failed', providerReference }
    if (status !== 'success') return pending
    const amount = decimalFromJson(data.amount)
    const currency = field(data.currency)
    if (!amount || !currency) return pending
    return {
      txRef: identifier,
      outcome: 'paid',
      collected: { amount, currency },
      providerReference,
    }
  },
}

export default adapter
