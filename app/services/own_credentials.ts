import hash from '@adonisjs/core/services/hash'
import type User from '#models/user'
import { isSecondFactorMandatory, twoFactorMessages } from '#domain/two_factor'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { verifySecondFactor } from '#actions/two_factor/verify_second_factor'
import { underSecondFactorThrottles, WrongCredential } from '#services/two_factor_throttles'

/** What a person proves before changing their own password or e-mail. */
export interface OwnCredentialProof {
  currentPassword?: string
  twoFactorCode?: string
}

/** Whether a save of one's own account changes a credential: a new password, or another e-mail. */
export function changesCredentials(user: User, change: { email?: string; password?: string }) {
  return (
    change.password !== undefined ||
    (change.email !== undefined && change.email.toLowerCase() !== user.email.toLowerCase())
  )
}

/**
 * A cookie alone must not change the account's password or e-mail (issue 21
 * item 6): a stolen session would keep the account for good. The current
 * password is asked and, from staff (who must sign in with one), a fresh
 * code (app or recovery, used up). Wrong answers count against
 * the code step's throttles (5 per account, 20 per address in 15 minutes),
 * so the form cannot be used to guess either. 422 under the field.
 */
export async function confirmOwnCredentials(user: User, ip: string, proof: OwnCredentialProof) {
  const codeNeeded = isSecondFactorMandatory(user.roleId)
  const missing = [
    !proof.currentPassword && {
      field: 'currentPassword',
      message: twoFactorMessages.currentPasswordRequired,
    },
    codeNeeded &&
      !proof.twoFactorCode && { field: 'twoFactorCode', message: twoFactorMessages.codeRequired },
  ].filter((error): error is { field: string; message: string } => !!error)
  if (missing.length) throw UserFacingException.forFields(missing)

  await underSecondFactorThrottles(user.id, ip, async () => {
    if (!(await hash.verify(user.password, proof.currentPassword!))) {
      throw new WrongCredential('currentPassword')
    }
    if (!codeNeeded) return
    try {
      await verifySecondFactor({ userId: user.id, code: proof.twoFactorCode! })
    } catch (error) {
      if (error instanceof WrongCredential) throw new WrongCredential('twoFactorCode')
      throw error
    }
  })
}
