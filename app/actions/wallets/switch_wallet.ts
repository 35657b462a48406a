import Balance from '#models/balance'
import type User from '#models/user'

/** Makes one of the user's own wallets active; another user's wallet is a 404. */
export async function switchWallet(user: User, balanceId: number) {
  const wallet = await Balance.query()
    .where('id', balanceId)
    .where('user_id', user.id)
    .firstOrFail()
  user.activeBalanceId = wallet.id
  await user.save()
  return wallet
}
