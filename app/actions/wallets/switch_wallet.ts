import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import type User from '#models/user'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'

/**
 * Makes one of the user's own wallets active; another user's wallet is a 404.
 * In a login-as session (`actingStaff`) the switch is audited.
 */
export async function switchWallet(
  user: User,
  balanceId: number,
  actingStaff: StaffContext | null = null
) {
  const wallet = await Balance.query()
    .where('id', balanceId)
    .where('user_id', user.id)
    .firstOrFail()
  const before = user.activeBalanceId
  await db.transaction(async (trx) => {
    user.useTransaction(trx)
    user.activeBalanceId = wallet.id
    await user.save()
    await recordActingStaffWrite(trx, actingStaff, {
      action: 'customer_session.wallet_switch',
      customerId: user.id,
      before: { activeBalanceId: before },
      after: { activeBalanceId: wallet.id },
    })
  })
  return wallet
}
