import string from '@adonisjs/core/helpers/string'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import shieldConfig from '#config/shield'
import { isPaypalPagePath, paypalCspSources } from '#services/payments/paypal_sdk'
import {
  HSTS_VALUE,
  STATIC_SECURITY_HEADERS,
  crossOriginOpenerPolicy,
  permissionsPolicy,
  serializeCsp,
} from '#services/security_headers'

/**
 * The first server middleware: sets the security headers on the raw response
 * before anything can answer, so static files, Vite, unknown paths (404) and
 * error pages carry them as routed pages do. The CSP and its nonce are set
 * here only: Shield's CSP guard is off (config/shield.ts), so the policy is
 * serialized once per response.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const raw = ctx.response.response as typeof ctx.response.response & { nonce?: string }
    const paypalPage = isPaypalPagePath(ctx.request.url())

    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) raw.setHeader(name, value)
    raw.setHeader('Permissions-Policy', permissionsPolicy(paypalPage ? paypalCspSources() : []))
    raw.setHeader('Cross-Origin-Opener-Policy', crossOriginOpenerPolicy(paypalPage))
    if (ctx.request.secure()) raw.setHeader('Strict-Transport-Security', HSTS_VALUE)

    const nonce = string.generateRandom(16)
    ctx.response.nonce = nonce
    raw.nonce = nonce
    if ('view' in ctx) ctx.view.share({ cspNonce: nonce })
    const directives = shieldConfig.csp.directives as Parameters<typeof serializeCsp>[0]
    raw.setHeader('Content-Security-Policy', serializeCsp(directives, ctx.request.request, raw))

    return next()
  }
}
