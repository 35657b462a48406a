import Withdrawal from '#models/withdrawal'
import settings from '#services/settings_service'
import { pageOf } from '#queries/paginate'
import { parseWithdrawFees, type WithdrawFees } from '#domain/withdrawals'
import { customerWithdrawalRow, staffWithdrawalRow } from '#transformers/withdrawal_transformer'

/** The Withdraw Settings row (admin spec §3): value1 percent, value2 fixed; 0 when unset. */
export async function withdrawFees(): Promise<WithdrawFees> {
  return parseWithdrawFees((await settings.rows()).withdrawSettings)
}

/** The signed-in customer's withdrawals, newest first (customer spec §2 History, §7). */
export function customerWithdrawalPage(userId: number, options: { page?: number; limit?: number }) {
  const query = Withdrawal.query().where('user_id', userId).preload('balance').orderBy('id', 'desc')
  return pageOf(query, options, customerWithdrawalRow)
}

/**
 * A back-office withdraw list (admin spec §2 Withdraws): the pending ones,
 * or every withdrawal (optionally of one customer), newest first.
 */
export function staffWithdrawalPage(
  filter: { pendingOnly?: boolean; userId?: number },
  options: { page?: number; limit?: number }
) {
  const query = Withdrawal.query()
    .preload('user')
    .preload('balance')
    .preload('decidedBy')
    .orderBy('id', 'desc')
  if (filter.pendingOnly) query.where('status', 'pending')
  if (filter.userId !== undefined) query.where('user_id', filter.userId)
  return pageOf(query, options, staffWithdrawalRow)
}
