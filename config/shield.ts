import type { IncomingMessage } from 'node:http'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import { isPaypalPagePath, paypalCspSources } from '#services/payments/paypal_sdk'

/* reCAPTCHA is the one third-party script, loaded only when the site turns it on. */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']

/*
 * PayPal's SDK (script, button frames, images, calls) is allowed on the
 * PayPal payment page only, answered per request.
 */
const PAYPAL = (request: IncomingMessage) =>
  isPaypalPagePath(request.url) ? paypalCspSources().join(' ') : ''

const shieldConfig = defineConfig({
  /*
   * Everything is served from this origin. Inline scripts carry the request's
   * nonce; inline styles are allowed because the UI library animates with
   * style attributes. In development Vite's HMR socket is allowed too.
   */
  /*
   * Served once per response, routed or not, by the security_headers middleware
   * (which reads these directives); Shield's own copy would serialize the same
   * policy a second time for every routed request.
   */
  csp: {
    enabled: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", '@nonce', ...RECAPTCHA, PAYPAL],
      styleSrc: ["'self'", "'unsafe-inline'", PAYPAL],
      imgSrc: ["'self'", 'data:', 'blob:', PAYPAL],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(app.inProduction ? [] : ['ws:', 'wss:']), PAYPAL],
      frameSrc: [...RECAPTCHA, 'https://recaptcha.google.com/recaptcha/', PAYPAL],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // Perfect Money's first step is a form the browser posts to the provider (customer spec §7).
      formAction: ["'self'", 'https://perfectmoney.com'],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // Payment providers post their confirmations without a session; the adapters verify their signatures.
    // The lead-intake API is called by servers with an API key, never with the browser's session.
    exceptRoutes: ['/payments/:gateway/notify', '/api/v1/leads'],
    // The browser reads XSRF-TOKEN and echoes it as X-XSRF-TOKEN on fetch calls.
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  // X-Frame-Options, nosniff and HSTS (HTTPS only) are set for every response,
  // routed or not, by the security_headers middleware.
  xFrame: { enabled: false },
  hsts: { enabled: false },
  contentTypeSniffing: { enabled: false },
})

export default shieldConfig
