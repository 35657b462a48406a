import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { DEMO_TOTP_KEY } from '#database/demo/seed_demo'
import { totpCodeAt } from '#domain/totp'
import { needsSecondFactor, TWO_FACTOR } from '#domain/two_factor'
import { isEnrolled } from '#queries/two_factor'
import { newRecoveryCodes, recoveryCodeHash, sealSecret } from '#services/two_factor_secrets'

export { DEMO_TOTP_KEY }

const sqlNow = () => DateTime.now().toSQL({ includeOffset: false })

/** Turns the user's second factor on with a known key (the demo staff are seeded with DEMO_TOTP_KEY). */
export async function enrol(user: User, secret = DEMO_TOTP_KEY) {
  if (await isEnrolled(user.id)) return
  await db.table('two_factor_credentials').insert({
    user_id: user.id,
    secret: sealSecret(secret),
    last_used_step: null,
    created_at: sqlNow(),
    updated_at: null,
  })
}

/** Turns it off, as if it had never been on (to test an enrolment). */
export async function unenrol(user: User) {
  await db.from('two_factor_recovery_codes').where('user_id', user.id).delete()
  await db.from('two_factor_credentials').where('user_id', user.id).delete()
}

/**
 * A new single-use recovery code for the user (enrolled first if need be),
 * for sign-ins through the forms that must not wait for the next 30-second
 * step: a TOTP code may be used once per step, a fresh recovery code always
 * works once.
 */
export async function freshRecoveryCode(user: User) {
  await enrol(user)
  const [code] = newRecoveryCodes()
  await db.table('two_factor_recovery_codes').insert({
    user_id: user.id,
    code_hash: recoveryCodeHash(code),
    used_at: null,
    created_at: sqlNow(),
  })
  return code
}

/** The code a sign-in of this account needs after its password, or null when it needs none. */
export async function secondFactorCodeFor(email: string) {
  const user = await User.findBy('email', email.trim().toLowerCase())
  if (!user || !needsSecondFactor(user.roleId, await isEnrolled(user.id))) return null
  return freshRecoveryCode(user)
}

/** The app's code `steps` periods away from now (±1 is accepted as clock drift). */
export function appCode(secret = DEMO_TOTP_KEY, steps = 0, now = Date.now()) {
  return totpCodeAt(secret, now + steps * TWO_FACTOR.period * 1000)
}

/**
 * Waits, if need be, until the current 30-second step has at least 3 s left,
 * so a code computed here for "this step ± n" is still that when the server
 * checks it (tests of the drift window's edges).
 */
export async function steadyStep() {
  const period = TWO_FACTOR.period * 1000
  const left = period - (Date.now() % period)
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50))
}
