import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import User from '#models/user'
import { postEntry } from '#services/ledger_service'
import { notifyUser } from '#services/notification_service'
import { claimPending } from '#services/pending_claims'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import type { ProviderNotice } from '#services/payments/types'
import { coversDeposit } from '#domain/deposits'
import { isStorableId } from '#domain/ids'
import { money, toDbDecimal, toFixedString } from '#domain/money'
import { Roles } from '#domain/roles'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { markLeadDeposited } from '#actions/leads/lead_milestones'

export const DEPOSIT_ALREADY_DECIDED = 'This deposit has already been decided'

/**
 * Credits a pending deposit exactly once: the decision is claimed with a
 * conditional update and the amount enters the wallet through the ledger in
 * the same transaction, with the customer's notification. Answers false when
 * another caller (a second staff click, a replayed webhook) got there first —
 * its transaction then moved nothing.
 */
async function creditDeposit(
  deposit: Deposit,
  decider: StaffContext | null,
  providerReference?: string
) {
  const decidedById = decider?.staff.id ?? null
  const credited = await db.transaction(async (trx) => {
    const won = await claimPending(
      trx,
      'deposits',
      deposit.id,
      { status: 'approved', decidedById, ...referenceColumn(providerReference) },
      // Only a provider's paid notice may overturn the provider's own earlier decline; staff decisions stand.
      { orProviderDeclined: decidedById === null }
    )
    if (!won) return false
    const entry = await postEntry(trx, {
      balanceId: deposit.balanceId,
      type: 'deposit',
      amount: money(deposit.amount),
      description: `Deposit #${deposit.id} (${deposit.gateway})`,
      referenceType: 'deposit',
      referenceId: deposit.id,
      createdById: decidedById,
    })
    await trx
      .from('deposits')
      .where('id', deposit.id)
      .update({ balance_after: toDbDecimal(entry.balanceAfter) })
    await markLeadDeposited(trx, deposit.userId)
    const wallet = await Balance.findOrFail(deposit.balanceId, { client: trx })
    await notifyUser(
      deposit.userId,
      {
        title: 'Deposit approved',
        description: `Your deposit #${deposit.id} of ${toFixedString(deposit.amount)} ${wallet.currency} has been credited.`,
        url: '/deposits',
      },
      trx
    )
    if (decider) {
      await recordStaffAction(trx, {
        ...decider,
        action: 'deposit.approve',
        target: { type: 'deposit', id: deposit.id },
        before: { status: 'pending', balanceAfter: null },
        after: { status: 'approved', balanceAfter: money(entry.balanceAfter).toFixed(2) },
      })
    }
    return true
  })
  if (credited) emitter.emit('wallet:changed', { userId: deposit.userId })
  return credited
}

const referenceColumn = (reference?: string) =>
  reference ? { provider_reference: reference.slice(0, 255) } : {}

async function declineClaimed(
  deposit: Deposit,
  decider: StaffContext | null,
  providerReference?: string
) {
  const decidedById = decider?.staff.id ?? null
  const declined = await db.transaction(async (trx) => {
    const won = await claimPending(trx, 'deposits', deposit.id, {
      status: 'declined',
      decidedById,
      ...referenceColumn(providerReference),
    })
    if (!won) return false
    await notifyUser(
      deposit.userId,
      {
        title: 'Deposit declined',
        description: `Your deposit #${deposit.id} of ${toFixedString(deposit.amount)} was declined.`,
        url: '/deposits',
      },
      trx
    )
    if (decider) {
      await recordStaffAction(trx, {
        ...decider,
        action: 'deposit.decline',
        target: { type: 'deposit', id: deposit.id },
        before: { status: 'pending' },
        after: { status: 'declined' },
      })
    }
    return true
  })
  return declined
}

async function findPendingForStaff(id: number) {
  const found = isStorableId(id) ? await Deposit.find(id) : null
  if (!found) throw new NotFoundException()
  if (found.status !== 'pending')
    throw new UserFacingException(DEPOSIT_ALREADY_DECIDED, { status: 409 })
  return found
}

/** POST /admin/deposits/{id}/approve: staff credit a pending deposit, recorded as theirs (and in the audit log). */
export async function approveDeposit(input: { depositId: number } & StaffContext) {
  const found = await findPendingForStaff(input.depositId)
  if (!(await creditDeposit(found, { staff: input.staff, ip: input.ip }))) {
    throw new UserFacingException(DEPOSIT_ALREADY_DECIDED, { status: 409 })
  }
  return Deposit.findOrFail(found.id)
}

/** POST /admin/deposits/{id}/decline: nothing was credited, so nothing moves; the customer is told. */
export async function declineDeposit(input: { depositId: number } & StaffContext) {
  const found = await findPendingForStaff(input.depositId)
  if (!(await declineClaimed(found, { staff: input.staff, ip: input.ip }))) {
    throw new UserFacingException(DEPOSIT_ALREADY_DECIDED, { status: 409 })
  }
  return Deposit.findOrFail(found.id)
}

export type NoticeResult =
  'credited' | 'declined' | 'already-decided' | 'pending' | 'unknown' | 'mismatch'

/**
 * Applies a provider's verified confirmation to the deposit it names. Only a
 * deposit of that same gateway can be settled by it. A payment is credited
 * only when the provider collected the full total in the wallet's currency;
 * anything less stays pending for staff to look at, with what the provider
 * reported noted on it. Replays and concurrent deliveries find the deposit
 * decided and change nothing. A paid notice may follow the provider's own
 * 'failed' (a retried attempt): it still credits, once.
 */
export async function settleProviderNotice(
  gateway: string,
  notice: ProviderNotice
): Promise<NoticeResult> {
  const deposit = await Deposit.query()
    .where('tx_ref', notice.txRef)
    .where('gateway', gateway)
    .first()
  if (!deposit) return 'unknown'
  const providerDeclined = deposit.status === 'declined' && deposit.decidedById === null
  if (deposit.status !== 'pending' && !(notice.outcome === 'paid' && providerDeclined))
    return 'already-decided'
  if (notice.outcome === 'pending') return 'pending'
  if (notice.outcome === 'failed') {
    return (await declineClaimed(deposit, null, notice.providerReference))
      ? 'declined'
      : 'already-decided'
  }

  const wallet = await Balance.findOrFail(deposit.balanceId)
  if (
    !notice.collected ||
    !coversDeposit(notice.collected, { total: deposit.total, currency: wallet.currency })
  ) {
    logger.warn(
      {
        depositId: deposit.id,
        gateway,
        collected: notice.collected,
        total: deposit.total,
        currency: wallet.currency,
      },
      'provider confirmed less than the deposit total; left pending for staff'
    )
    await flagForReview(deposit, notice)
    return 'mismatch'
  }
  return (await creditDeposit(deposit, null, notice.providerReference))
    ? 'credited'
    : 'already-decided'
}

/**
 * A provider reported less than the total (or another currency): the deposit
 * stays pending with what was reported noted on it, and the staff who decide
 * deposits (roles 1, 2) are notified once.
 */
async function flagForReview(deposit: Deposit, notice: ProviderNotice) {
  const reported = notice.collected
    ? `${notice.collected.amount} ${notice.collected.currency}`
    : 'no amount'
  // Written whole (not as a note glued on) so each text is one translation key.
  const description = `${deposit.description ?? ''} (provider reported ${reported}, not the total)`
  const flagged = await Deposit.query()
    .where('id', deposit.id)
    .where('status', 'pending')
    .whereRaw("COALESCE(description, '') NOT LIKE ?", ['%(provider reported%'])
    .update({
      description: description.trim().slice(0, 2000),
      ...referenceColumn(notice.providerReference),
    })
  if (Number(Array.isArray(flagged) ? flagged[0] : flagged) !== 1) return
  const staff = await User.query()
    .whereIn('role_id', [Roles.ADMIN, Roles.MANAGER])
    .where('is_active', true)
    .select('id')
  for (const member of staff) {
    await notifyUser(member.id, {
      title: 'Deposit needs review',
      description: `Deposit #${deposit.id} (${deposit.gateway}): provider reported ${reported}, not the total`,
      url: '/admin/deposits',
    })
  }
}
