import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { recordStaffAction } from '#services/audit_log'
import { whitelistOf } from '#services/address_whitelist'
import { saveWhitelist } from '#actions/staff_users/user_records'

/**
 * `node ace staff:whitelist <email> --clear` (issue 12 item 2): the way back
 * in for an admin whose whitelist shut them out. The audit log has no
 * "system" actor (staff_id is required), so the row names the account
 * concerned, with no address, under an action that says it came from the
 * console (docs/DECISIONS.md). Answers what was there before, or null when
 * there is no such account.
 */
export async function clearWhitelist(email: string) {
  return db.transaction(async (trx) => {
    const user = await User.query({ client: trx })
      .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
      .first()
    if (!user) return null
    const before = await whitelistOf(trx, user.id)
    if (before !== null) {
      await saveWhitelist(trx, user.id, null)
      await recordStaffAction(trx, {
        staff: { id: user.id, roleId: user.roleId },
        ip: null,
        action: 'user.whitelist_console_clear',
        target: { type: 'user', id: user.id },
        before: { whitelist: before },
        after: { whitelist: null },
      })
    }
    return { user, before }
  })
}
