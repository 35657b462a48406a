import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

const KEY = 'credentialStamp'

/** A short fingerprint of the password hash: it changes whenever the password does. */
function fingerprint(user: User) {
  return createHash('sha256').update(user.password).digest('hex').slice(0, 24)
}

/** Records which password this session was opened with. */
export function stampSession(ctx: HttpContext, user: User) {
  ctx.session.put(KEY, fingerprint(user))
}

/**
 * False when the password changed after this session was opened: a password
 * change or reset signs out every other device. A session restored from a
 * remember-me cookie has no stamp yet and gets one (those cookies are revoked
 * on a password change, so a surviving one is current).
 */
export function sessionIsCurrent(ctx: HttpContext, user: User) {
  const stamp = ctx.session.get(KEY)
  if (!stamp) {
    stampSession(ctx, user)
    return true
  }
  return stamp === fingerprint(user)
}
