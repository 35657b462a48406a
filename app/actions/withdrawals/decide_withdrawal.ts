import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Withdrawal from '#models/withdrawal'
import { claimPending } from '#services/pending_claims'
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

/** Claims a pending withdrawal for one decision (see `claimPending`); a lost race is a 409. */
export async function claimDecision(
  trx: TransactionClientContract,
  withdrawal: Withdrawal,
  decision: { status: 'approved' | 'declined'; staffId: number; declineReason?: string }
) {
  const won = await claimPending(trx, 'withdrawals', withdrawal.id, {
    status: decision.status,
    decidedById: decision.staffId,
    decline_reason: decision.declineReason ?? null,
  })
  if (!won) throw alreadyDecided()
}

function alreadyDecided() {
  return new UserFacingException(ALREADY_DECIDED, { status: 409 })
}
