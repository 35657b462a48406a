import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

/* reCAPTCHA is the one third-party script, loaded only when the site turns it on. */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']

const shieldConfig = defineConfig({
  /*
   * Everything is served from this origin. Inline scripts carry the request's
   * nonce; inline styles are allowed because the UI library animates with
   * style attributes. In development Vite's HMR socket is allowed too.
   */
  csp: {
    enabled: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", '@nonce', ...RECAPTCHA],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(app.inProduction ? [] : ['ws:', 'wss:'])],
      frameSrc: [...RECAPTCHA, 'https://recaptcha.google.com/recaptcha/'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // Payment providers post their confirmations without a session; the adapters verify their signatures.
    exceptRoutes: ['/payments/:gateway/notify'],
    // The browser reads XSRF-TOKEN and echoes it as X-XSRF-TOKEN on fetch calls.
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: {
    enabled: true,
    action: 'DENY',
  },
  hsts: {
    enabled: true,
    maxAge: '180 days',
  },
  contentTypeSniffing: {
    enabled: true,
  },
})

export default shieldConfig
