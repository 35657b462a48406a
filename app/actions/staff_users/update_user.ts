import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { isStorableId } from '#domain/ids'
import { customerWhitelistRefusal, userChangeRefusal } from '#domain/staff_users'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import liveStreams from '#services/live_streams'
import { whitelistOf } from '#services/address_whitelist'
import {
  otherActiveAdmins,
  saveWhitelist,
  serializeAccountChanges,
  userAudit,
  USER_SECRET_FIELDS,
  withUniqueEmail,
  type UserFields,
} from '#actions/staff_users/user_records'

export interface UpdateUserInput extends UserFields, StaffContext {
  id: number
  /** A new password; absent keeps the current one. */
  password?: string
}

/**
 * Edits an account (admin spec §7 PUT /admin/users/{id}) under the rules of
 * `userChangeRefusal`, serialized with every other account change so the last
 * active admin cannot be demoted by two requests at once. Deactivating the
 * account, changing its role or its password ends its sessions at their next
 * request (session generation bumped, remember-me tokens revoked) and closes
 * its live streams after the commit. Deleted (hidden) accounts are not found.
 */
export async function updateUser(input: UpdateUserInput) {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const whitelistRefusal = customerWhitelistRefusal(input.roleId, input.whitelist)
  if (whitelistRefusal) throw new UserFacingException(whitelistRefusal, { field: 'whitelist' })
  const result = await db.transaction(async (trx) => {
    await serializeAccountChanges(trx, input.id)
    const user = await User.query({ client: trx })
      .where('id', input.id)
      .whereNull('deleted_at')
      .first()
    if (!user) throw new NotFoundException()
    const whitelistBefore = await whitelistOf(trx, user.id)
    const before = userAudit(user, whitelistBefore)

    const refusal = userChangeRefusal({
      actorId: input.staff.id,
      target: user,
      change: { kind: 'update', roleId: input.roleId, isActive: input.isActive },
      otherActiveAdmins: await otherActiveAdmins(trx, user.id),
    })
    if (refusal) throw new UserFacingException(refusal.message, { field: refusal.field })

    const roleChanged = user.roleId !== input.roleId
    const deactivated = user.isActive && !input.isActive
    user.merge({
      fullName: input.fullName,
      email: input.email,
      roleId: input.roleId as User['roleId'],
      isActive: input.isActive,
      isEmailVerified: input.isEmailVerified,
    })
    if (user.$dirty.isEmailVerified !== undefined)
      user.emailVerifiedAt = input.isEmailVerified ? DateTime.now() : null
    if (input.password !== undefined) user.password = input.password
    const passwordChanged = input.password !== undefined
    // Deactivation ends the sessions in the model's own hook; a role or password change here.
    await withUniqueEmail(() => user.useTransaction(trx).save())
    const endsSessions = roleChanged || deactivated || passwordChanged
    if (endsSessions && !deactivated) await User.endSessions(user.id, trx)

    const whitelist = input.whitelist ?? null
    if (whitelist !== whitelistBefore) await saveWhitelist(trx, user.id, whitelist)
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'user.update',
      target: { type: 'user', id: user.id },
      before,
      after: userAudit(user, whitelist),
      secretFields: USER_SECRET_FIELDS,
    })
    return { user, whitelist, endsSessions, passwordChanged }
  })
  if (result.endsSessions) await liveStreams.sweep([result.user.id])
  return result
}
