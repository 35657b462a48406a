import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { approveWithdrawal } from '#actions/withdrawals/approve_withdrawal'
import { declineWithdrawal } from '#actions/withdrawals/decline_withdrawal'
import { updateWithdrawSettings } from '#actions/withdrawals/update_withdraw_settings'
import { staffWithdrawalPage, withdrawFees } from '#queries/withdrawals'
import { listOwnerId } from '#queries/list_owner'
import { listQueryValidator } from '#validators/lists'
import { numbersAsText } from '#validators/rules'
import {
  WITHDRAW_SETTINGS_DECIMAL_FIELDS,
  declineWithdrawalValidator,
  withdrawSettingsValidator,
} from '#validators/withdrawals'

/**
 * The back-office Withdraws screens (admin spec §2 Withdraws, §7): Pending
 * Withdraws with Approve and Decline, Withdraw History, Withdraw Settings.
 * Lists are server-paged with search disabled.
 */
export default class WithdrawalsController {
  /** GET /admin/withdraws/pending: the page; rows come from /admin/withdraws/api/pending. */
  async pendingPage({ inertia }: HttpContext) {
    return inertia.render('staff/withdraws/pending', {})
  }

  /** GET /admin/withdraws/history: the page; rows come from /admin/withdraws/api/history. */
  async historyPage({ inertia }: HttpContext) {
    return inertia.render('staff/withdraws/history', {})
  }

  /** GET /admin/withdraws/settings */
  async settings({ inertia }: HttpContext) {
    return inertia.render('staff/withdraws/settings', {
      settings: await withdrawFees(),
    })
  }

  /** GET /admin/withdraws/api/pending?page&limit → { data, meta } */
  async pending({ request }: HttpContext) {
    const { page, limit } = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return staffWithdrawalPage({ pendingOnly: true }, { page, limit })
  }

  /** GET /admin/withdraws/api/history and /admin/withdraws/api/history/:userId → { data, meta } */
  async history({ request, params, auth }: HttpContext) {
    const { page, limit } = await request.validateUsing(listQueryValidator, { data: request.qs() })
    const userId = await listOwnerId(params.userId, auth.getUserOrFail())
    return staffWithdrawalPage({ userId }, { page, limit })
  }

  /** POST /admin/withdraws/:id/approve */
  async approve(ctx: HttpContext) {
    await approveWithdrawal({ withdrawalId: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Withdraw approved successfully' }
  }

  /** POST /admin/withdraws/:id/decline { declineReason } */
  async decline(ctx: HttpContext) {
    const { declineReason } = await ctx.request.validateUsing(declineWithdrawalValidator)
    await declineWithdrawal({
      withdrawalId: Number(ctx.params.id),
      reason: declineReason,
      ...staffContext(ctx),
    })
    return { message: 'Withdraw declined successfully' }
  }

  /** POST /admin/withdraws/settings { feePercentage, feeFixed } */
  async updateSettings(ctx: HttpContext) {
    const data = numbersAsText(ctx.request.body(), WITHDRAW_SETTINGS_DECIMAL_FIELDS)
    const payload = await ctx.request.validateUsing(withdrawSettingsValidator, { data })
    const settings = await updateWithdrawSettings({ ...payload, ...staffContext(ctx) })
    return { message: 'Withdraw settings updated successfully', settings }
  }
}
