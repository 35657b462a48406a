import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Headers every response carries, whatever answers it: a page, a static file,
 * Vite in development, a 404 for an unknown path or an error page.
 */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Permitted-Cross-Domain-Policies': 'none',
}

/** Browser features no screen uses are switched off for us and anything we embed. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'usb',
  'serial',
  'hid',
  'xr-spatial-tracking',
  'browsing-topics',
]

/** Permissions-Policy: payments only for us and the page's own payment provider origins. */
export function permissionsPolicy(paymentOrigins: string[] = []) {
  const payment = ['self', ...paymentOrigins.map((origin) => `"${origin}"`)].join(' ')
  return [...DENIED_FEATURES.map((feature) => `${feature}=()`), `payment=(${payment})`].join(', ')
}

/**
 * A payment provider's checkout opens a popup that must talk back to its
 * opener; every other page is isolated from windows of other origins.
 */
export function crossOriginOpenerPolicy(allowPopups: boolean) {
  return allowPopups ? 'same-origin-allow-popups' : 'same-origin'
}

/** One year, the preload list's minimum; sent only on HTTPS (RFC 6797 §7.2). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains'

type DirectiveValue = string | ((request: IncomingMessage, response: ServerResponse) => string)

/**
 * Serializes Shield's CSP directives (camelCase keys; '@nonce' or the resolved
 * nonce function; per-request functions) for responses Shield never sees,
 * such as a 404 for an unknown path, so they get the same policy.
 */
export function serializeCsp(
  directives: Record<string, DirectiveValue[]>,
  request: IncomingMessage,
  response: ServerResponse & { nonce?: string }
) {
  return Object.entries(directives)
    .map(([name, values]) => {
      const resolved = values
        .map((value) => {
          if (typeof value === 'function') return value(request, response)
          return value === '@nonce' ? `'nonce-${response.nonce}'` : value
        })
        .filter((value) => value.trim() !== '')
      const directive = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
      return resolved.length ? `${directive} ${resolved.join(' ')}` : ''
    })
    .filter(Boolean)
    .join('; ')
}
