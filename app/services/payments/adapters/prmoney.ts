import { ProviderError, type PaymentAdapter } from '#services/payments/types'

// Placeholder until the prmoney adapter lands: the gateway cannot start a payment, and confirmations are refused.
const adapter: PaymentAdapter = {
  async start() {
    throw new ProviderError('prmoney is not available yet')
  },
  async verify() {
    throw new ProviderError('prmoney is not available yet')
  },
}

export default adapter
