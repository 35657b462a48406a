import type { Group } from '@japa/runner/core'
import { overrideProviderBase } from '#services/payments/endpoints'
import { forgetPaypalTokens } from '#services/payments/paypal_client'
import { PaypalFake } from '#tests/fakes/paypal_fake'
import { configureGateway } from '#tests/helpers/deposits'

/** The keys staff would paste from PayPal's dashboard (client id, secret, webhook id). */
export const PAYPAL_KEYS = {
  clientId: 'AZfakeClientId-123',
  secret: 'EFfakeSecret-must-never-leak',
  webhookId: '8PT597110X687430LKGECATA',
}

const BASE = `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`

/**
 * A fake PayPal for the group: the sandbox API and the SDK both point at it;
 * each test starts with no cached token and fresh request records.
 */
export function withPaypalFake(group: Group) {
  const state = { fake: null as unknown as PaypalFake }
  group.setup(async () => {
    state.fake = await PaypalFake.start(PAYPAL_KEYS)
    overrideProviderBase('paypal-sandbox', state.fake.url)
    overrideProviderBase('paypal-sdk', `${state.fake.url}/sdk/js`)
    return async () => {
      overrideProviderBase('paypal-sandbox', null)
      overrideProviderBase('paypal-sdk', null)
      await state.fake.close()
    }
  })
  group.each.setup(() => {
    forgetPaypalTokens()
    state.fake.resetRecords()
  })
  return state
}

/** PayPal configured in sandbox mode with the fake's keys (fee in percent). */
export function configurePaypal(fee = '0', overrides: Record<string, string | null> = {}) {
  const keys = {
    key1: PAYPAL_KEYS.clientId,
    key2: PAYPAL_KEYS.secret,
    key3: 'sandbox',
    key4: PAYPAL_KEYS.webhookId,
  }
  return configureGateway('paypal', { ...keys, ...overrides }, { fee })
}

/** A webhook POST exactly as PayPal sends it: these bytes, these headers. */
export function postPaypalWebhook(body: string, headers: Record<string, string>) {
  return fetch(`${BASE}/payments/paypal/notify`, { method: 'POST', headers, body })
}

export { depositEntries } from '#tests/helpers/deposits'
