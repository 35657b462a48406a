import type { HttpContext } from '@adonisjs/core/http'
import { actingStaffOf } from '#services/acting_staff'
import { switchWalletValidator } from '#validators/account'
import { switchWallet } from '#actions/wallets/switch_wallet'

export default class WalletsController {
  async switch(ctx: HttpContext) {
    const { balanceId } = await ctx.request.validateUsing(switchWalletValidator)
    const wallet = await switchWallet(ctx.auth.getUserOrFail(), balanceId, actingStaffOf(ctx))
    return ctx.response.ok({ message: 'Wallet switched', balanceId: wallet.id })
  }
}
