import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { approveDeposit, declineDeposit } from '#actions/deposits/settle_deposit'
import { staffDepositPage } from '#queries/deposits'
import { listOwnerId } from '#queries/list_owner'
import { listQueryValidator } from '#validators/lists'

/** The back-office Deposit History (admin spec §2, §4, §7): every deposit, Approve and Decline on pending rows. */
export default class DepositsController {
  /** GET /admin/deposits */
  async page({ inertia }: HttpContext) {
    return inertia.render('staff/deposits/index', {})
  }

  /** GET /admin/deposits/api/history and /admin/deposits/api/history/:userId → { data, meta } */
  async history({ request, params, auth }: HttpContext) {
    const { page, limit, search } = await request.validateUsing(listQueryValidator, {
      data: request.qs(),
    })
    const userId = await listOwnerId(params.userId, auth.getUserOrFail())
    return staffDepositPage({ userId, search }, { page, limit })
  }

  /** POST /admin/deposits/:id/approve */
  async approve(ctx: HttpContext) {
    await approveDeposit({ depositId: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Deposit approved successfully' }
  }

  /** POST /admin/deposits/:id/decline (the spec's toast for it is the withdraw one). */
  async decline(ctx: HttpContext) {
    await declineDeposit({ depositId: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Withdraw declined successfully' }
  }
}
