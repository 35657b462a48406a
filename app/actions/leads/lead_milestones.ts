import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/*
| The lead table's DEPOSITED AT, FTD AT and LAST ACCESS (CRM spec §2.3) are
| kept on the lead row, written when they happen, so that a desk of millions
| of leads filters and sorts on them without joining deposits or users.
*/

const sqlNow = (at: DateTime) => at.toSQL({ includeOffset: false })

/** A credited deposit: the customer's lead deposited now, and made its first deposit if it had none. */
export async function markLeadDeposited(
  trx: TransactionClientContract,
  userId: number,
  at = DateTime.now()
) {
  await trx
    .from('leads')
    .where('user_id', userId)
    .update({ deposited_at: sqlNow(at), updated_at: sqlNow(at) })
  await trx
    .from('leads')
    .where('user_id', userId)
    .whereNull('ftd_at')
    .update({ ftd_at: sqlNow(at) })
}

/** A completed sign-in: the account's and its lead's last access. */
export async function markSignedIn(userId: number, at = DateTime.now()) {
  await db.transaction(async (trx) => {
    await trx
      .from('users')
      .where('id', userId)
      .update({ last_access_at: sqlNow(at) })
    await trx
      .from('leads')
      .where('user_id', userId)
      .update({ last_access_at: sqlNow(at) })
  })
}
