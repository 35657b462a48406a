import { ProviderError, type PaymentAdapter } from '#services/payments/types'

// Placeholder until the perfectmoney adapter lands: the gateway cannot start a payment, and confirmations are refused.
const adapter: PaymentAdapter = {
  async start() {
    throw new ProviderError('perfectmoney is not available yet')
  },
  async verify() {
    throw new ProviderError('perfectmoney is not available yet')
  },
}

export default adapter
