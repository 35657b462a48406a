import type { GatewayValue } from '#domain/gateways'
import type { PaymentAdapter } from '#services/payments/types'

/** The online gateway kinds and their adapters, loaded when first used. */
const ADAPTERS = {
  stripe: () => import('#services/payments/adapters/stripe'),
  paypal: () => import('#services/payments/adapters/paypal'),
  coinpayments: () => import('#services/payments/adapters/coinpayments'),
  flutterwave: () => import('#services/payments/adapters/flutterwave'),
  perfectmoney: () => import('#services/payments/adapters/perfectmoney'),
  moonpay: () => import('#services/payments/adapters/moonpay'),
  globiance: () => import('#services/payments/adapters/globiance'),
  wipays: () => import('#services/payments/adapters/wipays'),
  prmoney: () => import('#services/payments/adapters/prmoney'),
} satisfies Partial<Record<GatewayValue, () => Promise<{ default: PaymentAdapter }>>>

export type OnlineGateway = keyof typeof ADAPTERS

export function isOnlineGateway(value: string): value is OnlineGateway {
  return Object.hasOwn(ADAPTERS, value)
}

export async function adapterFor(value: OnlineGateway): Promise<PaymentAdapter> {
  return (await ADAPTERS[value]()).default
}
