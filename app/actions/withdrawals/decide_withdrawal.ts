import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Withdrawal from '#models/withdrawal'
import { isStorableId } from '#domain/ids'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'

export const ALREADY_DECIDED = 'This withdrawal has already been decided'

/** The withdrawal a staff decision names, or a 404. */
export async function findWithdrawal(id: number) {
  const found = isStorableId(id) ? await Withdrawal.find(id) : null
  if (!found) throw new NotFoundException()
  if (found.status !== 'pending') throw alreadyDecided()
  return found
}

/**
 * Moves a pending withdrawal to its decision with a conditional update
 * (`WHERE status = 'pending'`): of any number of concurrent approvals and
 * declines exactly one claims it, on SQLite and PostgreSQL alike; the others
 * get a 409 and their transaction moves no money.
 */
export async function claimDecision(
  trx: TransactionClientContract,
  withdrawal: Withdrawal,
  decision: { status: 'approved' | 'declined'; staffId: number; declineReason?: string }
) {
  const now = DateTime.now().toSQL({ includeOffset: false })
  const claimed = await trx
    .from('withdrawals')
    .where('id', withdrawal.id)
    .where('status', 'pending')
    .update({
      status: decision.status,
      decided_by_id: decision.staffId,
      decided_at: now,
      decline_reason: decision.declineReason ?? null,
      updated_at: now,
    })
  if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) throw alreadyDecided()
}

function alreadyDecided() {
  return new UserFacingException(ALREADY_DECIDED, { status: 409 })
}
