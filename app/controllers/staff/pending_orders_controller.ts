import type { HttpContext } from '@adonisjs/core/http'
import PendingOrder from '#models/pending_order'
import { staffContext } from '#services/audit_log'
import { pageOf } from '#queries/paginate'
import { formatAdminDate } from '#domain/date_format'
import { cancelPendingOrder } from '#actions/pending_orders/cancel_pending_order'
import { pendingOrderRow } from '#transformers/pending_order_transformer'
import { staffPendingListValidator } from '#validators/pending_orders'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** A row of the back office's pending orders list: the customer's row plus whose it is. */
function staffPendingRow(p: PendingOrder) {
  return {
    ...pendingOrderRow(p),
    user: { id: p.userId, email: p.user?.email ?? null },
    balance: { mode: p.balance?.mode ?? null, currency: p.balance?.currency ?? null },
    createdAt: formatAdminDate(p.createdAt),
    resolvedAt: formatAdminDate(p.resolvedAt),
  }
}

/** Pending orders in the back office (issue 23 item 1; roles 1 and 2, like the other trades screens). */
export default class StaffPendingOrdersController {
  /** GET /admin/trades/api/pending?status=pending|history|all&page&limit → { data, meta }, newest first. */
  async list({ request }: HttpContext) {
    const {
      status = 'pending',
      page,
      limit,
      sort,
      order,
    } = await request.validateUsing(staffPendingListValidator, { data: request.qs() })
    // Newest first is the one order the list is paged in (the table sorts a page in the browser), as the trades lists.
    if (sort !== undefined && (sort !== 'id' || order !== 'desc')) {
      throw new UserFacingException('This list cannot be sorted by that column', { field: 'sort' })
    }
    const query = PendingOrder.query().preload('user').preload('balance').orderBy('id', 'desc')
    if (status === 'pending') query.where('status', 'pending')
    else if (status === 'history') query.whereNot('status', 'pending')
    return pageOf(query, { page, limit }, staffPendingRow)
  }

  /** DELETE /admin/trades/pending/:id: cancel a waiting order (audited; the customer is notified). */
  async destroy(ctx: HttpContext) {
    const order = await cancelPendingOrder({
      pendingId: Number(ctx.params.id),
      userId: null,
      staff: staffContext(ctx),
    })
    return { message: 'Pending order cancelled successfully', order: staffPendingRow(order) }
  }
}
