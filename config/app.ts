import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import { addressMatcher } from '#domain/ip_addresses'

export const appKey = new Secret(env.get('APP_KEY'))

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  // request.ip() is the socket peer unless that peer is a listed proxy (none by default):
  // a forged X-Forwarded-For cannot change the address the limiters count.
  trustProxy: addressMatcher(env.get('TRUSTED_PROXIES')),
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})

// E-mail links and payment callbacks are built from APP_URL, never from a request's Host header.
if (app.inProduction && !env.get('APP_URL')) {
  throw new Error(
    'APP_URL must be set in production: e-mail links and payment callbacks are built from it'
  )
}
