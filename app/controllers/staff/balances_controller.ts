import type { HttpContext } from '@adonisjs/core/http'
import { adjustBalance } from '#actions/balances/adjust_balance'
import { runIdempotent } from '#services/idempotency'
import { balanceAdjustmentValidator, BALANCE_DECIMAL_FIELDS } from '#validators/balance_adjustment'
import { numbersAsText } from '#validators/rules'
import { toFixedString } from '#domain/money'
import { staffContext } from '#services/audit_log'

/** Balance adjustment (admin spec §2 Balance adjustment, §7). Roles 1 and 2 (never 6). */
export default class BalancesController {
  /**
   * PUT /admin/balance/:balanceId { amount, type: add|subtract, comment? }
   * With an `Idempotency-Key` header a retried request gets the first answer
   * (header `Idempotent-Replayed: true`) and applies nothing again.
   */
  async adjust(ctx: HttpContext) {
    const { request, response, params } = ctx
    const { staff, ip } = staffContext(ctx)
    const data = numbersAsText(request.body(), BALANCE_DECIMAL_FIELDS)
    const payload = await request.validateUsing(balanceAdjustmentValidator, { data })
    const balanceId = Number(params.balanceId)
    const comment = payload.comment?.trim() || null
    const answer = await runIdempotent(
      {
        staffId: staff.id,
        key: request.header('Idempotency-Key'),
        request: [
          'PUT /admin/balance',
          balanceId,
          toFixedString(payload.amount),
          payload.type,
          comment,
        ],
      },
      async (trx) => {
        const { wallet, entry } = await adjustBalance(trx, {
          balanceId,
          staff,
          ip,
          amount: payload.amount,
          type: payload.type,
          comment,
        })
        return {
          status: 200,
          body: {
            message: 'Balance updated successfully',
            balance: {
              id: wallet.id,
              mode: wallet.mode,
              currency: wallet.currency,
              balance: toFixedString(entry.balanceAfter),
            },
            entryId: entry.id,
          },
        }
      }
    )
    if (answer.replayed) response.header('Idempotent-Replayed', 'true')
    return response.status(answer.status).send(answer.body)
  }
}
