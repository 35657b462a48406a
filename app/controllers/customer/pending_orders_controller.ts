import type { HttpContext } from '@adonisjs/core/http'
import PendingOrder from '#models/pending_order'
import { actingStaffOf } from '#services/acting_staff'
import { pageOf } from '#queries/paginate'
import { DEFAULT_PAGE_SIZE } from '#domain/pagination'
import { modifyPendingOrder } from '#actions/pending_orders/modify_pending_order'
import { cancelPendingOrder } from '#actions/pending_orders/cancel_pending_order'
import { pendingOrderRow } from '#transformers/pending_order_transformer'
import { modifyPendingOrderValidator, pendingListValidator } from '#validators/pending_orders'
import { numbersAsText } from '#validators/rules'

const DECIMAL_FIELDS = ['price', 'profit', 'loss']

/** The customer's pending orders (issue 23 item 1): the Pending Orders tab, its history, Modify and Cancel. */
export default class PendingOrdersController {
  /**
   * GET /dashboard/pending-orders?status=pending|history&page&limit → { data, meta }:
   * the active wallet's waiting orders, newest first; or its filled, cancelled
   * and expired ones, latest resolved first.
   */
  async index({ request, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const qs = request.qs()
    const {
      status = 'pending',
      page = 1,
      limit = DEFAULT_PAGE_SIZE,
    } = await request.validateUsing(pendingListValidator, {
      data: { ...qs, limit: qs.limit ?? qs.perPage },
    })
    const query = PendingOrder.query()
      .where('user_id', user.id)
      .where('balance_id', user.activeBalanceId ?? 0)
    if (status === 'pending') query.where('status', 'pending').orderBy('id', 'desc')
    else query.whereNot('status', 'pending').orderBy('resolved_at', 'desc').orderBy('id', 'desc')
    return pageOf(query, { page, limit }, pendingOrderRow)
  }

  /** PUT /dashboard/pending-orders/:id { price?, profit?, loss?, expiry?, expiresAt? } */
  async update(ctx: HttpContext) {
    const { request, auth, params } = ctx
    const data = numbersAsText(request.body(), DECIMAL_FIELDS)
    const payload = await request.validateUsing(modifyPendingOrderValidator, { data })
    const order = await modifyPendingOrder({
      pendingId: Number(params.id),
      userId: auth.getUserOrFail().id,
      price: payload.price,
      // A present null clears a target; an absent one leaves it alone.
      profit: 'profit' in data ? (payload.profit ?? null) : undefined,
      loss: 'loss' in data ? (payload.loss ?? null) : undefined,
      expiry: payload.expiry,
      expiresAt: 'expiresAt' in data ? (payload.expiresAt ?? null) : undefined,
      actingStaff: actingStaffOf(ctx),
    })
    return { message: 'Pending Order Modified Successfully', order: pendingOrderRow(order) }
  }

  /** DELETE /dashboard/pending-orders/:id */
  async destroy(ctx: HttpContext) {
    const order = await cancelPendingOrder({
      pendingId: Number(ctx.params.id),
      userId: ctx.auth.getUserOrFail().id,
      actingStaff: actingStaffOf(ctx),
    })
    return { message: 'Pending Order Cancelled Successfully', order: pendingOrderRow(order) }
  }
}
