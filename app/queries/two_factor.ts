import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { isSecondFactorMandatory, needsSecondFactor } from '#domain/two_factor'

/** Whether the user's second factor is on (a confirmed credential exists). */
export async function isEnrolled(userId: number, client: QueryClientContract = db.connection()) {
  const row = await client.from('two_factor_credentials').where('user_id', userId).first()
  return !!row
}

/** Whether a sign-in of this account takes the code step (or, for staff not enrolled yet, the enrolment). */
export async function secondStepNeeded(user: { id: number; roleId: number }) {
  return needsSecondFactor(user.roleId, await isEnrolled(user.id))
}

/** Unused recovery codes left. */
export async function recoveryCodesLeft(userId: number) {
  const row = await db
    .from('two_factor_recovery_codes')
    .where('user_id', userId)
    .whereNull('used_at')
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}

/** What the Security page shows: on or off, whether it may be turned off, codes left. Never the secret. */
export async function twoFactorStatus(user: User) {
  const enabled = await isEnrolled(user.id)
  return {
    enabled,
    mandatory: isSecondFactorMandatory(user.roleId),
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(user.id) : 0,
  }
}
