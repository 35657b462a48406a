import settings from '#services/settings_service'
import { money } from '#domain/money'
import type { WithdrawFees } from '#domain/withdrawals'

/**
 * Saves Withdraw Settings (admin spec §2): the `withdrawSettings` row, value1
 * the fee in percent, value2 the fixed fee, as canonical decimal strings.
 * Requests made before keep the fee they were charged.
 */
export async function updateWithdrawSettings(input: WithdrawFees): Promise<WithdrawFees> {
  const fees = { feePercentage: money(input.feePercentage).toFixed(), feeFixed: money(input.feeFixed).toFixed() }
  await settings.put('withdrawSettings', { value1: fees.feePercentage, value2: fees.feeFixed })
  return fees
}
