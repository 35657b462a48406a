import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { matchTotp } from '#domain/totp'
import { parseSecondFactorCode } from '#domain/two_factor'
import { openSecret, recoveryCodeHash } from '#services/two_factor_secrets'
import { WrongCredential } from '#services/two_factor_throttles'

const changedOne = (result: unknown) => Number(Array.isArray(result) ? result[0] : result) === 1

/**
 * Checks a code from the user's app (this step ±1) or one of their recovery
 * codes, and uses it up: each is a compare-and-set in one UPDATE (the app
 * code's time step must be later than the last one used; the recovery code
 * must be unused), so a code never passes twice, not even when two requests
 * bring it at the same moment (on SQLite and PostgreSQL alike). Anything
 * else is a WrongCredential (422 under `code`, counted by the throttle).
 */
export async function verifySecondFactor(input: { userId: number; code: string; now?: number }) {
  const parsed = parseSecondFactorCode(input.code)
  if (!parsed) throw new WrongCredential()
  const now = DateTime.now().toSQL({ includeOffset: false })

  if (parsed.kind === 'recovery') {
    const used = await db
      .from('two_factor_recovery_codes')
      .where('user_id', input.userId)
      .where('code_hash', recoveryCodeHash(parsed.code))
      .whereNull('used_at')
      .update({ used_at: now })
    if (!changedOne(used)) throw new WrongCredential()
    return { method: 'recovery' as const }
  }

  const credential = await db.from('two_factor_credentials').where('user_id', input.userId).first()
  const secret = credential ? openSecret(credential.secret) : null
  const step = secret ? matchTotp(secret, parsed.code, input.now ?? Date.now()) : null
  if (step === null) throw new WrongCredential()
  const claimed = await db
    .from('two_factor_credentials')
    .where('user_id', input.userId)
    .where((q) => q.whereNull('last_used_step').orWhere('last_used_step', '<', step))
    .update({ last_used_step: step, updated_at: now })
  if (!changedOne(claimed)) throw new WrongCredential()
  return { method: 'totp' as const }
}
