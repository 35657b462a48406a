import { isDecimalString } from '#domain/decimal_strings'
import { providerBase } from '#services/payments/endpoints'
import {
  coinpaymentsHmac,
  coinpaymentsHmacMatches,
} from '#services/payments/signatures/coinpayments'
import { secureEqual } from '#services/payments/signatures/secure_compare'
import {
  InvalidSignatureError,
  ProviderError,
  type GatewaySettings,
  type PaymentAdapter,
  type PaymentOrder,
  type ProviderNotice,
} from '#services/payments/types'

/*
| CoinPayments legacy API v1 (PROTOCOLS.md §7): create_transaction gives the
| checkout page; the IPN (form POST signed with the IPN secret) settles it.
*/
const PRODUCTION = 'https://www.coinpayments.net'
const TIMEOUT_MS = 15_000

function configured(value: string | null, what: string): string {
  const trimmed = value?.trim()
  if (!trimmed) throw new ProviderError(`CoinPayments ${what} is not configured`)
  return trimmed
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

async function createTransaction(gateway: GatewaySettings, order: PaymentOrder) {
  const privateKey = configured(gateway.key2, 'private key')
  // The HMAC covers these exact bytes, so the body is encoded once and sent as is.
  const body = new URLSearchParams({
    version: '1',
    cmd: 'create_transaction',
    key: configured(gateway.key1, 'public key'),
    format: 'json',
    amount: order.total,
    currency1: order.currency,
    currency2: configured(gateway.key3, 'payment currency').toUpperCase(),
    buyer_email: order.customer.email,
    buyer_name: order.customer.fullName,
    item_name: `Deposit #${order.depositId}`,
    invoice: order.txRef,
    custom: order.txRef,
    ipn_url: order.urls.notifyUrl,
    success_url: order.urls.returnUrl,
    cancel_url: order.urls.cancelUrl,
  }).toString()

  let response: Response
  try {
    response = await fetch(`${providerBase('coinpayments', PRODUCTION)}/api.php`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Accept': 'application/json',
        'HMAC': coinpaymentsHmac(privateKey, body),
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new ProviderError(`CoinPayments could not be reached: ${(error as Error).message}`)
  }
  type Answer = { error?: unknown; result?: Record<string, unknown> } | null
  const payload = (await response.json().catch(() => null)) as Answer
  // Failures come back as HTTP 200 with an error text other than 'ok'.
  if (!response.ok || payload?.error !== 'ok') {
    throw new ProviderError(
      `CoinPayments refused the transaction: ${String(payload?.error ?? response.status)}`
    )
  }
  const link = httpUrl(payload.result?.checkout_url)
  const txnId = payload.result?.txn_id
  if (!link || typeof txnId !== 'string' || !txnId) {
    throw new ProviderError('CoinPayments answered without a checkout URL or transaction id')
  }
  return { link, providerReference: txnId }
}

/**
 * The IPN's meaning once authenticated. Status codes: < 0 cancelled or
 * refunded; 0, 1, 3 waiting or confirming; 2 (queued for nightly payout) and
 * ≥ 100 paid. amount1/currency1 are the price the buyer paid in our currency.
 */
function readIpn(fields: URLSearchParams): ProviderNotice | null {
  const invoice = fields.get('invoice') || null
  const custom = fields.get('custom') || null
  // Deposit-address and withdrawal IPNs name no order of ours.
  if (!invoice && !custom) return null
  if (invoice && custom && invoice !== custom)
    throw new InvalidSignatureError('IPN invoice and custom disagree')
  const txRef = (invoice ?? custom)!

  const statusText = fields.get('status') ?? ''
  if (!/^-?\d+$/.test(statusText)) throw new InvalidSignatureError('IPN status is malformed')
  const status = Number.parseInt(statusText, 10)
  const providerReference = fields.get('txn_id') || undefined

  if (status >= 100 || status === 2) {
    const amount = fields.get('amount1')
    const currency = fields.get('currency1')
    if (!isDecimalString(amount) || !currency)
      throw new InvalidSignatureError('IPN amount is malformed')
    return {
      txRef,
      outcome: 'paid',
      collected: { amount: amount.trim(), currency },
      providerReference,
    }
  }
  if (status < 0) return { txRef, outcome: 'failed', providerReference }
  return { txRef, outcome: 'pending', providerReference }
}

const adapter: PaymentAdapter = {
  start: createTransaction,

  async verify(gateway, call) {
    // Parsed from the raw bytes, as CoinPayments encoded them (not the app's body parser).
    const fields = new URLSearchParams(call.rawBody)
    if (fields.get('ipn_mode') !== 'hmac') throw new InvalidSignatureError('IPN mode is not HMAC')
    const merchantId = gateway.key4?.trim()
    const ipnSecret = gateway.key5?.trim()
    if (!merchantId || !ipnSecret)
      throw new InvalidSignatureError('CoinPayments IPN is not configured')
    if (!secureEqual(fields.get('merchant') ?? '', merchantId))
      throw new InvalidSignatureError('Wrong merchant id')
    if (!coinpaymentsHmacMatches(call.headers['hmac'], ipnSecret, call.rawBody)) {
      throw new InvalidSignatureError('HMAC signature does not match')
    }
    return readIpn(fields)
  },

  // CoinPayments' samples answer this text; anything else may be retried (up to 10 times).
  acknowledgement: 'IPN OK',
}

export default adapter
