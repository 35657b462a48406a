import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Balance from '#models/balance'
import { postEntry } from '#services/ledger_service'
import { notifyUser, signalAccountChanged } from '#services/notification_service'
import { openLossOf } from '#services/money_movement_checks'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { money, toFixedString } from '#domain/money'
import { isStorableId } from '#domain/ids'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { findVisibleCustomer } from '#queries/customer_visibility'
import type { RoleId } from '#domain/roles'

export const ADJUSTMENT_NOT_COVERED = 'This subtraction would leave the free margin negative'

export interface AdjustBalanceInput extends StaffContext {
  balanceId: number
  /** A positive decimal string in the currency's minor unit. */
  amount: string
  type: 'add' | 'subtract'
  comment?: string | null
}

/**
 * A staff balance adjustment (admin spec §2 Balance adjustment, §7 PUT
 * /admin/balance/{balanceId}): one `admin_adjustment` ledger entry, signed
 * by the type, naming the staff member, with their comment. A subtraction
 * that would leave the free margin negative (balance − margin − on hold −
 * open losses; open profit is not cash) is refused with 422. The customer is
 * notified in the same transaction and their open pages update after it.
 * Runs in the caller's transaction (the idempotency key's).
 */
export async function adjustBalance(trx: TransactionClientContract, input: AdjustBalanceInput) {
  const wallet = isStorableId(input.balanceId)
    ? await Balance.query({ client: trx }).where('id', input.balanceId).first()
    : null
  if (!wallet) throw new NotFoundException()
  // Only a wallet of a customer the staff member may open (another desk's customer: 404).
  await findVisibleCustomer(
    { id: input.staff.id, roleId: input.staff.roleId as RoleId },
    wallet.userId,
    { client: trx }
  )
  const value = money(input.amount)
  if (!value.greaterThan(0))
    throw new UserFacingException('Amount must be greater than zero', { field: 'amount' })
  const signed = input.type === 'add' ? value : value.negated()

  const entry = await postEntry(trx, {
    balanceId: wallet.id,
    type: 'admin_adjustment',
    amount: signed,
    referenceType: 'staff_adjustment',
    createdById: input.staff.id,
    description:
      input.type === 'add'
        ? 'Balance adjustment by staff (credit)'
        : 'Balance adjustment by staff (debit)',
    comment: input.comment || null,
    ...(input.type === 'subtract'
      ? {
          requireFreeAtLeast: await openLossOf(trx, wallet.id),
          insufficientMessage: ADJUSTMENT_NOT_COVERED,
          field: 'amount',
        }
      : {}),
  })
  const amount = toFixedString(value)
  await notifyUser(
    wallet.userId,
    {
      title: 'Balance adjusted',
      description:
        input.type === 'add'
          ? `Your balance was credited ${amount} ${wallet.currency}.`
          : `Your balance was debited ${amount} ${wallet.currency}.`,
      url: '/dashboard',
    },
    trx
  )
  await recordStaffAction(trx, {
    staff: input.staff,
    ip: input.ip,
    action: 'balance.adjust',
    target: { type: 'balance', id: wallet.id },
    before: {
      balance: toFixedString(money(entry.balanceAfter).minus(signed)),
      adjustment: null,
      comment: null,
    },
    after: {
      balance: toFixedString(entry.balanceAfter),
      adjustment: toFixedString(signed),
      comment: input.comment || null,
    },
  })
  trx.after('commit', () => signalAccountChanged(wallet.userId))
  return { wallet, entry }
}
