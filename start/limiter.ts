/*
| Named throttles for routes. The per-account login throttle lives in the
| attempt_login action; these cap what one IP may send.
*/
import limiter from '@adonisjs/limiter/services/main'

export const throttleAuthForms = limiter.define('auth_forms', (ctx) =>
  limiter.allowRequests(30).every('1 minute').usingKey(`auth_${ctx.request.ip()}`)
)

export const throttleTranslations = limiter.define('translations', (ctx) =>
  limiter.allowRequests(120).every('1 minute').usingKey(`tr_${ctx.request.ip()}`)
)
