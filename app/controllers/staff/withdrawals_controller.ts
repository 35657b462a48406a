import type { HttpContext } from '@adonisjs/core/http'
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
import { staffMenuFor } from '#services/staff_menu'

/**
 * The back-office Withdraws screens (admin spec §2 Withdraws, §7): Pending
 * Withdraws with Approve and Decline, Withdraw History, Withdraw Settings.
 * Lists are server-paged with search disabled.
 */
export default class WithdrawalsController {
  /** GET /admin/withdraws/pending, /admin/withdraws/history: the list pages. */
  async page({ inertia, auth, route }: HttpContext) {
    const path = route!.pattern
    const pending = path.endsWith('/pending')
    return inertia.render(pending ? 'staff/withdraws/pending' : 'staff/withdraws/history', {
      title: pending ? 'Pending Withdraws' : 'Withdraw History',
      menu: staffMenuFor(auth.getUserOrFail().roleId),
      activePath: path,
    })
  }

  /** GET /admin/withdraws/settings */
  async settings({ inertia, auth, route }: HttpContext) {
    return inertia.render('staff/withdraws/settings', {
      title: 'Withdraw Settings',
      menu: staffMenuFor(auth.getUserOrFail().roleId),
      activePath: route!.pattern,
      settings: await withdrawFees(),
    })
  }

  /** GET /admin/withdraws/api/pending?page&limit → { data, meta } */
  async pending({ request }: HttpContext) {
    const { page, limit } = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return staffWithdrawalPage({ pendingOnly: true }, { page, limit })
  }

  /** GET /admin/withdraws/api/history and /admin/withdraws/api/history/:userId → { data, meta } */
  async history({ request, params }: HttpContext) {
    const { page, limit } = await request.validateUsing(listQueryValidator, { data: request.qs() })
    const userId = await listOwnerId(params.userId)
    return staffWithdrawalPage({ userId }, { page, limit })
  }

  /** POST /admin/withdraws/:id/approve */
  async approve({ params, auth }: HttpContext) {
    await approveWithdrawal({ withdrawalId: Number(params.id), staff: auth.getUserOrFail() })
    return { message: 'Withdraw approved successfully' }
  }

  /** POST /admin/withdraws/:id/decline { declineReason } */
  async decline({ params, auth, request }: HttpContext) {
    const { declineReason } = await request.validateUsing(declineWithdrawalValidator)
    await declineWithdrawal({ withdrawalId: Number(params.id), staff: auth.getUserOrFail(), reason: declineReason })
    return { message: 'Withdraw declined successfully' }
  }

  /** POST /admin/withdraws/settings { feePercentage, feeFixed } */
  async updateSettings({ request }: HttpContext) {
    const data = numbersAsText(request.body(), WITHDRAW_SETTINGS_DECIMAL_FIELDS)
    const payload = await request.validateUsing(withdrawSettingsValidator, { data })
    const settings = await updateWithdrawSettings(payload)
    return { message: 'Withdraw settings updated successfully', settings }
  }
}
