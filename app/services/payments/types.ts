import type { GatewayValue } from '#domain/gateways'

/** A gateway row's settings as an adapter reads them (key1..key5 per `GATEWAY_FORMS`). */
export interface GatewaySettings {
  value: GatewayValue
  name: string
  key1: string | null
  key2: string | null
  key3: string | null
  key4: string | null
  key5: string | null
}

/** The payment a deposit asks a provider to collect. */
export interface PaymentOrder {
  depositId: number
  /** Our unique reference, echoed back by every provider (their order id, invoice, PAYMENT_ID…). */
  txRef: string
  /** amount + fee, the figure the provider collects: a decimal string with 2 decimals. */
  total: string
  /** ISO code of the wallet's currency. */
  currency: string
  customer: { email: string; fullName: string; phone: string | null }
  urls: {
    /** Where the provider sends the customer back (GET /payments/{gateway}/return/{txRef}). */
    returnUrl: string
    /** Where the customer lands on cancelling: /deposits?status=cancelled. */
    cancelUrl: string
    /** Where the provider posts its confirmation (POST /payments/{gateway}/notify). */
    notifyUrl: string
  }
}

/**
 * How the customer pays: the browser goes to `link`. For Perfect Money the
 * client posts a hidden form to the link's address with its query fields.
 */
export interface PaymentStart {
  link: string
  /** The provider's id for the payment (Checkout Session, order, transaction), when it gives one. */
  providerReference?: string
}

/** A confirmation call from a provider, as received. */
export interface IncomingCall {
  /** The body exactly as sent: signatures are computed over these bytes. */
  rawBody: string
  /** Lower-case header names. */
  headers: Record<string, string | undefined>
  /** The parsed body (JSON or form). */
  body: Record<string, unknown>
  query: Record<string, unknown>
}

/** What a verified confirmation says about one of our deposits. */
export interface ProviderNotice {
  txRef: string
  outcome: 'paid' | 'failed' | 'pending'
  /** What the provider collected (required for 'paid'). */
  collected?: { amount: string; currency: string }
  /** The provider's id for the payment, recorded on the deposit. */
  providerReference?: string
}

/**
 * One online payment provider. `start` creates the payment with the
 * provider's API (or builds the signed link/form); `verify` checks an incoming
 * confirmation's signature or hash exactly as the provider documents it and
 * reads it — it throws `InvalidSignatureError` for a forged or malformed one
 * and answers null for events that say nothing about a deposit. Adapters
 * never touch the database: crediting is `settleProviderNotice`'s job.
 */
export interface PaymentAdapter {
  start(gateway: GatewaySettings, order: PaymentOrder): Promise<PaymentStart>
  verify(gateway: GatewaySettings, call: IncomingCall): Promise<ProviderNotice | null>
  /**
   * The customer is back from the provider (GET return route): ask the
   * provider for the payment's state when it offers a lookup (Stripe session,
   * Flutterwave verify…), so the deposit can settle without waiting for the
   * webhook. Null when there is nothing to ask.
   */
  lookup?(
    gateway: GatewaySettings,
    deposit: { txRef: string; providerReference: string | null },
    query: Record<string, unknown>
  ): Promise<ProviderNotice | null>
  /** The body the provider expects as acknowledgement (CoinPayments: 'IPN OK'); default `{ received: true }`. */
  acknowledgement?: string
}

/** A confirmation whose signature, hash or shape does not check out: answered 400, nothing credited. */
export class InvalidSignatureError extends Error {
  constructor(reason = 'Invalid signature') {
    super(reason)
    this.name = 'InvalidSignatureError'
  }
}

/** A provider refused or failed to create the payment. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProviderError'
  }
}
