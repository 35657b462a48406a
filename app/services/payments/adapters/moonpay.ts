import logger from '@adonisjs/core/services/logger'
import { providerBase } from '#services/payments/endpoints'
import { decimalFromJson } from '#services/payments/json_amounts'
import { checkMoonpayWebhook, signedMoonpayUrl } from '#services/payments/signatures/moonpay'
import {
  InvalidSignatureError,
  ProviderError,
  type GatewaySettings,
  type PaymentAdapter,
  type ProviderNotice,
} from '#services/payments/types'

/**
 * MoonPay on-ramp (PROTOCOLS.md §10). The customer buys crypto (key5) in
 * MoonPay's widget, paying the deposit total in the wallet's currency; MoonPay
 * sends the crypto to the merchant's wallet (key4). The link is a signed
 * widget URL (no API call); confirmations are webhooks signed with the
 * webhook key (key3); the return route asks MoonPay's API for the
 * transaction by our reference (externalTransactionId).
 */
const WIDGET_LIVE = 'https://buy.moonpay.com'
const WIDGET_SANDBOX = 'https://buy-sandbox.moonpay.com'
const API = 'https://api.moonpay.com'

function required(gateway: GatewaySettings, slot: 'key1' | 'key2' | 'key4' | 'key5', what: string) {
  const value = gateway[slot]?.trim()
  if (!value) throw new ProviderError(`MoonPay ${what} is not configured`)
  return value
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)

/**
 * What one MoonPay buy transaction (webhook `data` or API answer) says about
 * our deposit. A completed purchase credits only when the crypto went to the
 * merchant's own wallet in the configured currency: MoonPay's widget can be
 * opened with our public key and any externalTransactionId, so a purchase
 * delivered to someone else's wallet must never pay a deposit.
 */
function noticeFrom(
  gateway: GatewaySettings,
  tx: Record<string, unknown>,
  failedEvent = false
): ProviderNotice | null {
  const txRef = text(tx.externalTransactionId)
  if (!txRef) return null
  const providerReference = text(tx.id) ?? undefined
  const status = text(tx.status)
  if (failedEvent || status === 'failed') return { txRef, outcome: 'failed', providerReference }
  if (status !== 'completed') return { txRef, outcome: 'pending', providerReference }

  const wallet = text(tx.walletAddress)
  const crypto = isObject(tx.currency) ? text(tx.currency.code) : null
  const ownWallet =
    wallet !== null && wallet.toLowerCase() === (gateway.key4 ?? '').trim().toLowerCase()
  const ownCrypto =
    crypto === null || crypto.toLowerCase() === (gateway.key5 ?? '').trim().toLowerCase()
  const amount = decimalFromJson(tx.baseCurrencyAmount)
  const currency = isObject(tx.baseCurrency) ? text(tx.baseCurrency.code) : null
  if (!ownWallet || !ownCrypto || !amount || !currency) {
    logger.warn(
      { txRef, providerReference, wallet, crypto },
      'MoonPay purchase not delivered to the configured wallet and currency; left pending'
    )
    return { txRef, outcome: 'pending', providerReference }
  }
  return {
    txRef,
    outcome: 'paid',
    collected: { amount, currency: currency.toUpperCase() },
    providerReference,
  }
}

const adapter: PaymentAdapter = {
  async start(gateway, order) {
    const publicKey = required(gateway, 'key1', 'public key')
    const secretKey = required(gateway, 'key2', 'secret key')
    const walletAddress = required(gateway, 'key4', 'wallet address')
    const crypto = required(gateway, 'key5', 'receiving currency')
    const widget = providerBase(
      'moonpay-widget',
      publicKey.startsWith('pk_test_') ? WIDGET_SANDBOX : WIDGET_LIVE
    )
    const link = signedMoonpayUrl(
      widget,
      [
        ['apiKey', publicKey],
        ['currencyCode', crypto.toLowerCase()],
        ['walletAddress', walletAddress],
        ['baseCurrencyCode', order.currency.toLowerCase()],
        ['baseCurrencyAmount', order.total],
        ['externalTransactionId', order.txRef],
        ['email', order.customer.email],
        ['redirectURL', order.urls.returnUrl],
      ],
      secretKey
    )
    return { link }
  },

  async verify(gateway, call) {
    const webhookKey = gateway.key3?.trim()
    if (!webhookKey) throw new InvalidSignatureError('MoonPay webhook key is not configured')
    const check = checkMoonpayWebhook(
      call.headers['moonpay-signature-v2'],
      call.rawBody,
      webhookKey,
      Math.floor(Date.now() / 1000)
    )
    if (check !== 'ok') throw new InvalidSignatureError(`Moonpay-Signature-V2 ${check}`)

    let event: unknown
    try {
      event = JSON.parse(call.rawBody)
    } catch {
      throw new InvalidSignatureError('Malformed MoonPay webhook')
    }
    // Buy transaction events only (transaction_created / _updated / _failed); others say nothing of a deposit.
    if (!isObject(event) || !isObject(event.data)) return null
    const type = text(event.type)
    if (!type || !type.startsWith('transaction_')) return null
    return noticeFrom(gateway, event.data, type === 'transaction_failed')
  },

  /**
   * GET /v1/transactions/ext/{externalTransactionId}: an array, since MoonPay
   * does not promise the id is unique (a customer may retry in the widget).
   * A completed purchase wins; then one still in progress; else the failure.
   */
  async lookup(gateway, deposit) {
    const publicKey = required(gateway, 'key1', 'public key')
    const secretKey = required(gateway, 'key2', 'secret key')
    const path = `/v1/transactions/ext/${encodeURIComponent(deposit.txRef)}`
    const url = `${providerBase('moonpay-api', API)}${path}?apiKey=${encodeURIComponent(publicKey)}`
    const response = await fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Api-Key ${secretKey}` },
      signal: AbortSignal.timeout(10_000),
    })
    if (response.status === 404) return null
    if (!response.ok)
      throw new ProviderError(`MoonPay transaction lookup failed (${response.status})`)
    const body: unknown = await response.json().catch(() => null)
    const transactions = (Array.isArray(body) ? body : [body])
      .filter(isObject)
      .filter((tx) => text(tx.externalTransactionId) === deposit.txRef)
    const pick =
      transactions.find((tx) => tx.status === 'completed') ??
      transactions.find((tx) => tx.status !== 'failed') ??
      transactions[0]
    return pick ? noticeFrom(gateway, pick) : null
  },
}

export default adapter
