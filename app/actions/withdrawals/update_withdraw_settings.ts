import db from '@adonisjs/lucid/services/db'
import Setting from '#models/setting'
import settings from '#services/settings_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { money } from '#domain/money'
import type { WithdrawFees } from '#domain/withdrawals'

const KEY = 'withdrawSettings'

/**
 * Saves Withdraw Settings (admin spec §2): the `withdrawSettings` row, value1
 * the fee in percent, value2 the fixed fee, as canonical decimal strings,
 * with its audit row (before → after) in the same transaction. Requests made
 * before keep the fee they were charged.
 */
export async function updateWithdrawSettings(
  input: WithdrawFees & StaffContext
): Promise<WithdrawFees> {
  const fees = {
    feePercentage: money(input.feePercentage).toFixed(),
    feeFixed: money(input.feeFixed).toFixed(),
  }
  await db.transaction(async (trx) => {
    const row = await Setting.query({ client: trx }).where('key', KEY).forUpdate().first()
    const before = row
      ? { feePercentage: canonical(row.value1), feeFixed: canonical(row.value2) }
      : null
    await Setting.updateOrCreate(
      { key: KEY },
      { value1: fees.feePercentage, value2: fees.feeFixed },
      { client: trx }
    )
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'withdraw_settings.update',
      target: { type: 'setting', id: KEY },
      before: before ?? {},
      after: fees,
    })
  })
  settings.changed()
  return fees
}

/** A stored fee as the form's canonical decimal ('2.50' → '2.5'), so an unchanged fee is not logged as changed. */
function canonical(value: string | null): string | null {
  if (value === null) return null
  try {
    return money(value).toFixed()
  } catch {
    return value
  }
}
