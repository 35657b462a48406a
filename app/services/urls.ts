import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'

/** Absolute base for links in e-mails: APP_URL when set, else the request's origin. */
export function baseUrlOf(ctx: HttpContext) {
  const configured = env.get('APP_URL')
  if (configured) return configured.replace(/\/+$/, '')
  return `${ctx.request.protocol()}://${ctx.request.host()}`
}
