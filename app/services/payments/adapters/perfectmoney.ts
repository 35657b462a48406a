import settings from '#services/settings_service'
import { isDecimalString } from '#domain/decimal_strings'
import { money } from '#domain/money'
import { providerBase } from '#services/payments/endpoints'
import {
  perfectMoneyHashMatches,
  type PerfectMoneyHashedFields,
} from '#services/payments/signatures/perfectmoney'
import { secureEqual } from '#services/payments/signatures/secure_compare'
import {
  InvalidSignatureError,
  ProviderError,
  type GatewaySettings,
  type PaymentAdapter,
} from '#services/payments/types'

/*
| Perfect Money SCI (PROTOCOLS.md §9): there is no API call to start a payment.
| The link is the first-step form's address with its fields as the query; the
| browser posts them as a hidden form. Only the STATUS_URL post, signed with
| V2_HASH, settles a deposit (the PAYMENT_URL redirect proves nothing).
*/
const PRODUCTION = 'https://perfectmoney.com'

/** Our wallet for a currency: key1 holds the USD (U…) wallet, key2 the EUR (E…) one. */
function walletFor(gateway: GatewaySettings, units: string): string | null {
  const wallet = units === 'USD' ? gateway.key1 : units === 'EUR' ? gateway.key2 : null
  return wallet?.trim() || null
}

const HASHED_FIELDS = [
  'PAYMENT_ID',
  'PAYEE_ACCOUNT',
  'PAYMENT_AMOUNT',
  'PAYMENT_UNITS',
  'PAYMENT_BATCH_NUM',
  'PAYER_ACCOUNT',
  'TIMESTAMPGMT',
] as const

/** The hashed fields exactly as posted; a missing one makes the call malformed. */
function hashedFields(form: URLSearchParams): PerfectMoneyHashedFields {
  const out: Partial<PerfectMoneyHashedFields> = {}
  for (const name of HASHED_FIELDS) {
    const value = form.get(name)
    if (!value) throw new InvalidSignatureError(`STATUS_URL post lacks ${name}`)
    out[name] = value
  }
  return out as PerfectMoneyHashedFields
}

const adapter: PaymentAdapter = {
  async start(gateway, order) {
    const units = order.currency.toUpperCase()
    const payee = walletFor(gateway, units)
    if (!payee) throw new ProviderError(`Perfect Money has no ${units} wallet configured`)
    const site = await settings.site()
    const fields = new URLSearchParams({
      PAYEE_ACCOUNT: payee,
      PAYEE_NAME: site.appName || gateway.name,
      PAYMENT_AMOUNT: money(order.total).toFixed(2),
      PAYMENT_UNITS: units,
      PAYMENT_ID: order.txRef,
      STATUS_URL: order.urls.notifyUrl,
      PAYMENT_URL: order.urls.returnUrl,
      PAYMENT_URL_METHOD: 'GET',
      NOPAYMENT_URL: order.urls.cancelUrl,
      NOPAYMENT_URL_METHOD: 'GET',
      SUGGESTED_MEMO: `Deposit #${order.depositId}`,
    })
    return {
      link: `${providerBase('perfectmoney', PRODUCTION)}/api/step1.asp?${fields.toString()}`,
    }
  },

  async verify(gateway, call) {
    const alternatePassphrase = gateway.key3?.trim()
    if (!alternatePassphrase)
      throw new InvalidSignatureError('Perfect Money alternate passphrase is not configured')
    // Hashed values must be the posted text itself, so the raw body is parsed here.
    const form = new URLSearchParams(call.rawBody)
    const fields = hashedFields(form)
    if (!perfectMoneyHashMatches(form.get('V2_HASH'), fields, alternatePassphrase)) {
      throw new InvalidSignatureError('V2_HASH does not match')
    }
    // A genuine payment to someone else's wallet (same passphrase reused elsewhere) is not ours.
    const ours = walletFor(gateway, fields.PAYMENT_UNITS)
    if (!ours || !secureEqual(fields.PAYEE_ACCOUNT, ours)) {
      throw new InvalidSignatureError('Payment was not made to our wallet for these units')
    }
    if (!isDecimalString(fields.PAYMENT_AMOUNT))
      throw new InvalidSignatureError('PAYMENT_AMOUNT is malformed')
    return {
      txRef: fields.PAYMENT_ID,
      outcome: 'paid',
      collected: { amount: fields.PAYMENT_AMOUNT.trim(), currency: fields.PAYMENT_UNITS },
      providerReference: fields.PAYMENT_BATCH_NUM,
    }
  },
}

export default adapter
