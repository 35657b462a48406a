import { providerBase } from '#services/payments/endpoints'

/**
 * PayPal's JavaScript SDK, loaded by our PayPal page only. Its address goes
 * through providerBase so tests serve a local fake of the buttons.
 */
export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js'

/** The script URL: the public client id and the currency the buttons charge in. */
export function paypalSdkUrl(clientId: string, currency: string): string {
  const query = new URLSearchParams({ 'client-id': clientId, 'currency': currency.toUpperCase() })
  return `${providerBase('paypal-sdk', PAYPAL_SDK_URL)}?${query}`
}

/**
 * What the PayPal page's Content-Security-Policy must allow for the SDK's
 * script, frames, images, styles and calls: PayPal's recommended
 * *.paypal.com and *.paypalobjects.com, or a test fake's origin.
 */
export function paypalCspSources(): string[] {
  const base = providerBase('paypal-sdk', PAYPAL_SDK_URL)
  if (base === PAYPAL_SDK_URL) return ['https://*.paypal.com', 'https://*.paypalobjects.com']
  return [new URL(base).origin]
}

/** Only the PayPal page (GET /payments/paypal/{txRef}) loads the SDK; every other page keeps the strict policy. */
export function isPaypalPagePath(url: string | undefined): boolean {
  return /^\/payments\/paypal\/[0-9a-f-]{36}(?:[?#]|$)/.test(url ?? '')
}
