import settings from '#services/settings_service'
import { providerBase } from '#services/payments/endpoints'
import { decimalFromJson } from '#services/payments/json_amounts'
import { flutterwaveHashMatches } from '#services/payments/signatures/flutterwave'
import {
  InvalidSignatureError,
  ProviderError,
  type GatewaySettings,
  type PaymentAdapter,
  type ProviderNotice,
} from '#services/payments/types'

/*
| Flutterwave v3 Standard (PROTOCOLS.md §8): POST /v3/payments gives the hosted
| page. Neither the webhook body nor the return query is signed, so both only
| name a transaction, which is then read from GET /v3/transactions/{id}/verify.
*/
const PRODUCTION = 'https://api.flutterwave.com'
const TIMEOUT_MS = 15_000

interface VerifiedTransaction {
  id: number | string
  tx_ref: string
  status: string
  amount: unknown
  currency: unknown
}

function secretKey(gateway: GatewaySettings) {
  const key = gateway.key2?.trim()
  if (!key) throw new ProviderError('Flutterwave secret key is not configured')
  return key
}

async function callApi(
  gateway: GatewaySettings,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown
) {
  const bearer = `Bearer ${secretKey(gateway)}`
  let response: Response
  try {
    response = await fetch(`${providerBase('flutterwave', PRODUCTION)}${path}`, {
      method,
      headers: {
        Authorization: bearer,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderError(`Flutterwave could not be reached: ${(error as Error).message}`)
  }
  type Answer = { status?: unknown; message?: unknown; data?: any } | null
  const payload = (await response.json().catch(() => null)) as Answer
  return { status: response.status, payload }
}

/** A transaction id as Flutterwave issues them (a positive integer), from JSON or a query string. */
function transactionId(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : value
  return typeof text === 'string' && /^[1-9]\d{0,19}$/.test(text) ? text : null
}

/**
 * The verified transaction, or null when Flutterwave knows no such id (400 or
 * 404). Anything else going wrong (outage, rejected key) is a ProviderError:
 * a webhook then gets a 500 and Flutterwave delivers it again later.
 */
async function verifiedTransaction(
  gateway: GatewaySettings,
  id: string
): Promise<VerifiedTransaction | null> {
  const { status, payload } = await callApi(gateway, 'GET', `/v3/transactions/${id}/verify`)
  if (status === 400 || status === 404) return null
  if (status >= 300 || !payload) throw new ProviderError(`Flutterwave verify answered ${status}`)
  if (payload.status !== 'success') return null
  const data = payload.data
  if (
    !data ||
    typeof data.tx_ref !== 'string' ||
    typeof data.status !== 'string' ||
    transactionId(data.id) !== id
  ) {
    throw new ProviderError('Flutterwave verify answered an unexpected shape')
  }
  return data as VerifiedTransaction
}

function noticeOf(tx: VerifiedTransaction): ProviderNotice {
  const providerReference = String(tx.id)
  if (tx.status === 'successful') {
    // Flutterwave sends the amount as a JSON number: read back as the decimal it wrote, never computed on.
    const amount = decimalFromJson(tx.amount)
    if (!amount || typeof tx.currency !== 'string')
      throw new ProviderError('Flutterwave verify answered no amount')
    return {
      txRef: tx.tx_ref,
      outcome: 'paid',
      collected: { amount, currency: tx.currency },
      providerReference,
    }
  }
  if (tx.status === 'failed') return { txRef: tx.tx_ref, outcome: 'failed', providerReference }
  return { txRef: tx.tx_ref, outcome: 'pending', providerReference }
}

function parseJsonObject(raw: string): Record<string, any> {
  try {
    const parsed = JSON.parse(raw)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed
  } catch {
    // Not JSON: refused below like any other malformed body.
  }
  throw new InvalidSignatureError('Webhook body is not a JSON object')
}

const adapter: PaymentAdapter = {
  async start(gateway, order) {
    const site = await settings.site()
    const { status, payload } = await callApi(gateway, 'POST', '/v3/payments', {
      tx_ref: order.txRef,
      // A decimal string: Flutterwave takes the amount as text, so no float is involved.
      amount: order.total,
      currency: order.currency,
      redirect_url: order.urls.returnUrl,
      customer: {
        email: order.customer.email,
        name: order.customer.fullName,
        ...(order.customer.phone ? { phonenumber: order.customer.phone } : {}),
      },
      customizations: { title: site.appName || gateway.name },
    })
    const link = payload?.data?.link
    if (
      status >= 400 ||
      payload?.status !== 'success' ||
      typeof link !== 'string' ||
      !/^https?:\/\//.test(link)
    ) {
      throw new ProviderError(
        `Flutterwave refused the payment: ${String(payload?.message ?? status)}`
      )
    }
    return { link }
  },

  async verify(gateway, call) {
    const secretHash = gateway.key4?.trim()
    if (!secretHash)
      throw new InvalidSignatureError('Flutterwave webhook secret hash is not configured')
    if (!flutterwaveHashMatches(call.headers['verif-hash'], secretHash)) {
      throw new InvalidSignatureError('verif-hash does not match')
    }
    const event = parseJsonObject(call.rawBody)
    if (event.event !== 'charge.completed') return null
    const id = transactionId(event.data?.id)
    const txRef = event.data?.tx_ref
    if (!id || typeof txRef !== 'string' || !txRef)
      throw new InvalidSignatureError('Webhook names no transaction')

    const tx = await verifiedTransaction(gateway, id)
    // The body is not signed: it only points at a transaction, which must be the one it claims.
    if (!tx || tx.tx_ref !== txRef)
      throw new InvalidSignatureError('Flutterwave does not confirm this transaction')
    return noticeOf(tx)
  },

  /** The redirect carries ?status&tx_ref&transaction_id: only the id is used, and only for this deposit. */
  async lookup(gateway, deposit, query) {
    const id = transactionId(query.transaction_id)
    if (!id) return null
    if (query.tx_ref !== undefined && query.tx_ref !== deposit.txRef) return null
    const tx = await verifiedTransaction(gateway, id)
    if (!tx || tx.tx_ref !== deposit.txRef) return null
    return noticeOf(tx)
  },
}

export default adapter
