import type { HttpContext } from '@adonisjs/core/http'
import { switchWalletValidator } from '#validators/account'
import { switchWallet } from '#actions/wallets/switch_wallet'

export default class WalletsController {
  async switch({ request, auth, response }: HttpContext) {
    const { balanceId } = await request.validateUsing(switchWalletValidator)
    const wallet = await switchWallet(auth.getUserOrFail(), balanceId)
    return response.ok({ message: 'Wallet switched', balanceId: wallet.id })
  }
}
