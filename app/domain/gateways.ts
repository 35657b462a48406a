/**
 * The twelve payment gateway kinds (admin spec §7 Payment gateway): which
 * grid each sits in, what its key1..key5 slots hold, and whether the form
 * has a fee, an active switch and a file. Shared by the staff forms and the
 * server, so a slot means the same thing everywhere.
 *
 * Where the spec's field list lacks a secret the provider documents for
 * verifying its confirmations, the form adds it in a free slot (marked
 * `added`): Flutterwave's webhook secret hash, CoinPayments' merchant id and
 * IPN secret, Perfect Money's alternate passphrase, WiPays' API host.
 */
export const GATEWAY_VALUES = [
  'stripe',
  'paypal',
  'coinpayments',
  'flutterwave',
  'perfectmoney',
  'moonpay',
  'globiance',
  'wipays',
  'prmoney',
  'bank',
  'btc',
  'usdt',
] as const
export type GatewayValue = (typeof GATEWAY_VALUES)[number]

export type KeySlot = 'key1' | 'key2' | 'key3' | 'key4' | 'key5'

export interface GatewayField {
  slot: KeySlot
  label: string
  /** A secret: the form never shows its stored value, only whether one is set. */
  secret?: boolean
  /** Choices instead of free text. */
  options?: readonly string[]
  /** Not in the spec's table: needed to verify the provider's confirmations. */
  added?: boolean
  /** May stay empty (Perfect Money needs a wallet only for the currencies it takes). */
  optional?: boolean
}

export interface GatewayForm {
  name: string
  kind: 'automatic' | 'manual'
  fields: GatewayField[]
  hasFee: boolean
  hasActive: boolean
  /** btc and usdt: a QR code image; every kind may also carry a logo. */
  fileLabel?: string
  /** Why customers are never offered this kind, however it is configured. */
  notOffered?: string
}

const secret = (slot: KeySlot, label: string, added = false): GatewayField => ({
  slot,
  label,
  secret: true,
  added,
})
const text = (slot: KeySlot, label: string, added = false): GatewayField => ({ slot, label, added })

export const GATEWAY_FORMS: Record<GatewayValue, GatewayForm> = {
  stripe: {
    name: 'Stripe',
    kind: 'automatic',
    fields: [secret('key1', 'Secret Key'), secret('key2', 'Webhook Signing Secret')],
    hasFee: true,
    hasActive: true,
  },
  paypal: {
    name: 'PayPal',
    kind: 'automatic',
    fields: [
      text('key1', 'Client Key'),
      secret('key2', 'Secret Key'),
      { slot: 'key3', label: 'Mode', options: ['sandbox', 'live'] },
      // Webhooks are verified with PayPal's postback, which needs the webhook's id; the buttons' capture works without.
      { slot: 'key4', label: 'Webhook ID', added: true, optional: true },
    ],
    hasFee: true,
    hasActive: true,
  },
  coinpayments: {
    name: 'CoinPayments',
    kind: 'automatic',
    fields: [
      text('key1', 'Public Key'),
      secret('key2', 'Secret Key'),
      text('key3', 'Payment Currency'),
      text('key4', 'Merchant ID', true),
      secret('key5', 'IPN Secret', true),
    ],
    hasFee: true,
    hasActive: true,
  },
  flutterwave: {
    name: 'Flutterwave',
    kind: 'automatic',
    fields: [
      text('key1', 'Public Key'),
      secret('key2', 'Secret Key'),
      secret('key3', 'Encryption Key'),
      secret('key4', 'Webhook Secret Hash', true),
    ],
    hasFee: true,
    hasActive: true,
  },
  perfectmoney: {
    name: 'Perfect Money',
    kind: 'automatic',
    fields: [
      { slot: 'key1', label: 'USD Wallet', optional: true },
      { slot: 'key2', label: 'EUR Wallet', optional: true },
      secret('key3', 'Alternate Passphrase', true),
    ],
    hasFee: true,
    hasActive: true,
  },
  moonpay: {
    name: 'MoonPay',
    kind: 'automatic',
    fields: [
      text('key1', 'Public Key'),
      secret('key2', 'Secret Key'),
      secret('key3', 'Webhook Key'),
      text('key4', 'Wallet Address'),
      text('key5', 'Crypto Receiving'),
    ],
    hasFee: true,
    hasActive: true,
  },
  globiance: {
    name: 'Globiance',
    kind: 'automatic',
    fields: [secret('key1', 'API Key'), secret('key2', 'Secret Key')],
    hasFee: true,
    hasActive: true,
  },
  wipays: {
    name: 'WiPays',
    kind: 'automatic',
    fields: [
      text('key1', 'Public Key'),
      secret('key2', 'Secret Key'),
      text('key3', 'API Host', true),
    ],
    hasFee: true,
    hasActive: true,
  },
  prmoney: {
    name: 'PrMoney',
    kind: 'automatic',
    fields: [text('key1', 'Client ID'), secret('key2', 'Client Secret')],
    // The spec's prmoney form has neither fee nor switch; an unconfigured kind is simply not offered.
    hasFee: false,
    hasActive: false,
    notOffered:
      'PrMoney publishes only its token endpoint: payment creation and its confirmation are not documented, so no payment can be taken yet',
  },
  bank: {
    name: 'Bank Transfer',
    kind: 'manual',
    fields: [
      text('key1', 'Bank Name'),
      text('key2', 'Account Holder Name'),
      text('key3', 'IBAN or Account Number'),
      text('key4', 'BIC or Swift Code'),
      text('key5', 'Country'),
    ],
    hasFee: false,
    hasActive: false,
  },
  btc: {
    name: 'Bitcoin',
    kind: 'manual',
    fields: [text('key1', 'Wallet Address')],
    hasFee: true,
    hasActive: true,
    fileLabel: 'QR Code',
  },
  usdt: {
    name: 'USDT',
    kind: 'manual',
    fields: [text('key1', 'Wallet Address')],
    hasFee: true,
    hasActive: true,
    fileLabel: 'QR Code',
  },
}

export function isGatewayValue(value: unknown): value is GatewayValue {
  return typeof value === 'string' && (GATEWAY_VALUES as readonly string[]).includes(value)
}

/** The crypto a manual crypto gateway receives. */
export const CRYPTO_GATEWAYS = { btc: 'BTC', usdt: 'USDT' } as const
export type CryptoGateway = keyof typeof CRYPTO_GATEWAYS

export function isCryptoGateway(value: string): value is CryptoGateway {
  return value in CRYPTO_GATEWAYS
}

type StoredGateway = { value: string; isActive: boolean } & Partial<Record<KeySlot, string | null>>

/**
 * Whether customers are offered a gateway: kinds with an active switch follow
 * it; kinds without one (bank, prmoney) are offered once configured. Every
 * field the kind needs must be filled either way.
 */
export function isGatewayOffered(gateway: StoredGateway): boolean {
  if (!isGatewayValue(gateway.value)) return false
  const form = GATEWAY_FORMS[gateway.value]
  if (form.notOffered) return false
  if (form.hasActive && !gateway.isActive) return false
  return form.fields.every((field) => field.optional || Boolean(gateway[field.slot]?.trim()))
}

/** The name a person reads for a gateway kind ("Bitcoin", not "btc"); an unknown kind capitalized. */
export function gatewayDisplayName(value: string): string {
  if (isGatewayValue(value)) return GATEWAY_FORMS[value].name
  return value.charAt(0).toUpperCase() + value.slice(1)
}
