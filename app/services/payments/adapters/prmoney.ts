import { providerBase } from '#services/payments/endpoints'
import {
  InvalidSignatureError,
  ProviderError,
  type GatewaySettings,
  type PaymentAdapter,
} from '#services/payments/types'

/**
 * PrMoney (prmoney.com/page/api; PROTOCOLS.md §11). Confirmed from the
 * provider's page: a payment account yields a client id (key1) and secret
 * (key2), exchanged for an access token with OAuth2 client credentials before
 * the customer is sent to PrMoney's payment page. How the payment is created
 * with that token, where the customer goes and how PrMoney confirms a payment
 * (callback shape and signature) are not published, so no payment is started
 * and no callback is accepted: a guessed protocol could credit money PrMoney
 * never collected.
 */
const API = 'https://prmoney.com'

export const PRMONEY_NOT_CONFIGURED = 'PrMoney payment creation is not configured'

export interface PrMoneyToken {
  accessToken: string
  tokenType: string
  expiresIn: number | null
}

/** POST /oauth/token (form: client_id, client_secret, grant_type=client_credentials; Accept: application/json). */
export async function prmoneyAccessToken(gateway: GatewaySettings): Promise<PrMoneyToken> {
  const clientId = gateway.key1?.trim()
  const clientSecret = gateway.key2?.trim()
  if (!clientId || !clientSecret)
    throw new ProviderError('PrMoney client id and secret are not configured')
  const response = await fetch(`${providerBase('prmoney', API)}/oauth/token`, {
    method: 'POST',
    headers: { 'Accept': 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'client_credentials',
    }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
  const accessToken = typeof body?.access_token === 'string' ? body.access_token : null
  if (!response.ok || !accessToken) {
    throw new ProviderError(`PrMoney refused the token request (${response.status})`)
  }
  return {
    accessToken,
    tokenType: typeof body?.token_type === 'string' ? body.token_type : 'Bearer',
    expiresIn: typeof body?.expires_in === 'number' ? body.expires_in : null,
  }
}

const adapter: PaymentAdapter = {
  async start() {
    throw new ProviderError(PRMONEY_NOT_CONFIGURED)
  },
  async verify() {
    throw new InvalidSignatureError('PrMoney confirmations cannot be verified')
  },
}

export default adapter
