import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User from '#models/user'
import { isStorableId } from '#domain/ids'
import { userChangeRefusal } from '#domain/staff_users'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import liveStreams from '#services/live_streams'
import { whitelistOf } from '#services/address_whitelist'
import {
  hasRecords,
  otherActiveAdmins,
  serializeAccountChanges,
  userAudit,
  USER_SECRET_FIELDS,
} from '#actions/staff_users/user_records'

/**
 * Deletes an account (admin spec §7 DELETE /admin/users/{id}), refused (409)
 * for oneself and for the last active admin. An account that records name
 * (money history, or a staff member's decisions and audit rows) is never
 * removed: it is deactivated and hidden (`deleted_at`), its sessions ended,
 * its rows kept, as a regulated broker must keep them. Answers whether it
 * was kept.
 */
export async function deleteUser({ id, ...by }: { id: number } & StaffContext) {
  if (!isStorableId(id)) throw new NotFoundException()
  const kept = await db.transaction(async (trx) => {
    await serializeAccountChanges(trx, id)
    const user = await User.query({ client: trx }).where('id', id).whereNull('deleted_at').first()
    if (!user) throw new NotFoundException()
    const refusal = userChangeRefusal({
      actorId: by.staff.id,
      target: user,
      change: { kind: 'delete' },
      otherActiveAdmins: await otherActiveAdmins(trx, user.id),
    })
    if (refusal) throw new UserFacingException(refusal.message, { status: 409 })

    const before = userAudit(user, await whitelistOf(trx, user.id))
    const keep = (await hasRecords(trx, user.id)) || !(await removedIfUnreferenced(trx, user.id))
    if (keep) {
      // The model's hook ends the sessions of a deactivated account.
      user.merge({ isActive: false, deletedAt: DateTime.now() })
      await user.useTransaction(trx).save()
    }
    await recordStaffAction(trx, {
      ...by,
      action: keep ? 'user.archive' : 'user.delete',
      target: { type: 'user', id },
      before,
      after: keep ? { ...before, isActive: false, deleted: true } : undefined,
      secretFields: USER_SECRET_FIELDS,
    })
    return keep
  })
  await liveStreams.sweep([id])
  return { kept }
}

/**
 * Removes the row in a savepoint; a row some other table still refers to
 * (a foreign key without cascade) is kept instead of failing the request.
 */
async function removedIfUnreferenced(trx: TransactionClientContract, userId: number) {
  try {
    await trx.transaction(async (savepoint) => {
      await savepoint.from('users').where('id', userId).delete()
    })
    return true
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return false
    throw error
  }
}
