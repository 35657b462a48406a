import type { HttpContext } from '@adonisjs/core/http'
import { actingStaffOf } from '#services/acting_staff'
import Order from '#models/order'
import { placeOrder } from '#actions/orders/place_order'
import { placePendingOrder } from '#actions/pending_orders/place_pending_order'
import { pendingOrderRow } from '#transformers/pending_order_transformer'
import { closeOrder } from '#actions/orders/close_order'
import { closePartOfOrder } from '#actions/orders/close_part_of_order'
import { setOrderTargets } from '#actions/orders/set_order_targets'
import { orderRow } from '#transformers/order_transformer'
import { withSwaps } from '#queries/position_swaps'
import { UserFacingException } from '#exceptions/user_facing_exception'
import {
  AMOUNT_FORMAT_MESSAGE,
  closeOrderValidator,
  orderTargetsValidator,
  placeOrderValidator,
} from '#validators/trading'
import { numbersAsText } from '#validators/rules'

const DECIMAL_FIELDS = ['amount', 'profit', 'loss', 'price', 'trailing']

/** Market orders of the active wallet (customer spec §2 Positions table, Buy and Sell dialogs, §7). */
export default class OrdersController {
  /** GET /dashboard/orders: the active wallet's positions, open first, newest first. */
  async index({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    if (!user.activeBalanceId) return { data: [] }
    const orders = await Order.query()
      .where('balance_id', user.activeBalanceId)
      .where('user_id', user.id)
      .whereNull('deleted_at')
      .orderByRaw('case when close_time is null then 0 else 1 end')
      .orderBy('id', 'desc')
      .limit(200)
    return { data: (await withSwaps(orders)).map(orderRow) }
  }

  /** POST /dashboard/orders: a market order (the default), or a limit or stop order that waits for `price`. */
  async store(ctx: HttpContext) {
    const { request, auth, response } = ctx
    const data = numbersAsText(request.body(), DECIMAL_FIELDS)
    const payload = await request.validateUsing(placeOrderValidator, { data })
    if (payload.execution === 'limit' || payload.execution === 'stop') {
      const pending = await placePendingOrder({
        user: auth.getUserOrFail(),
        type: payload.type,
        execution: payload.execution,
        instrument: payload.instrument,
        amount: payload.amount,
        price: payload.price!,
        profit: payload.profit ?? null,
        loss: payload.loss ?? null,
        expiry: payload.expiry,
        expiresAt: payload.expiresAt,
        actingStaff: actingStaffOf(ctx),
      })
      return response.created({
        message: 'Pending Order Placed Successfully',
        order: pendingOrderRow(pending),
      })
    }
    const order = await placeOrder({
      user: auth.getUserOrFail(),
      type: payload.type,
      instrument: payload.instrument,
      amount: payload.amount,
      profit: payload.profit ?? null,
      loss: payload.loss ?? null,
      actingStaff: actingStaffOf(ctx),
    })
    return response.created({ message: 'Order Placed Successfully', order: orderRow(order) })
  }

  /** POST /dashboard/orders/close { orderId, amount? }: the whole position, or `amount` units of it. */
  async close(ctx: HttpContext) {
    const data = numbersAsText(ctx.request.body(), ['amount'])
    const { orderId, amount } = await ctx.request.validateUsing(closeOrderValidator, { data })
    // A blank or null amount is a mistake, never "close it all" (that is the request without one).
    if (Object.hasOwn(data, 'amount') && amount === undefined) {
      throw new UserFacingException(AMOUNT_FORMAT_MESSAGE, { field: 'amount' })
    }
    if (amount !== undefined) {
      const { ticket, part } = await closePartOfOrder({
        orderId,
        userId: ctx.auth.getUserOrFail().id,
        amount,
        actingStaff: actingStaffOf(ctx),
      })
      await withSwaps([ticket, part])
      return {
        message: 'Order Partially Closed Successfully',
        order: orderRow(ticket),
        closed: orderRow(part),
      }
    }
    const closed = await closeOrder({
      orderId,
      userId: ctx.auth.getUserOrFail().id,
      reason: 'manual',
      actingStaff: actingStaffOf(ctx),
    })
    await withSwaps([closed!.order])
    return { message: 'Order Closed Successfully', order: orderRow(closed!.order) }
  }

  /** PUT /dashboard/orders/:id: set or clear (null) the take-profit, stop-loss or trailing stop. */
  async update(ctx: HttpContext) {
    const { request, auth, params } = ctx
    const id = Number(params.id)
    const data = numbersAsText(request.body(), DECIMAL_FIELDS)
    const payload = await request.validateUsing(orderTargetsValidator, { data })
    const order = await setOrderTargets({
      userId: auth.getUserOrFail().id,
      orderId: id,
      profit: 'profit' in data ? (payload.profit ?? null) : undefined,
      loss: 'loss' in data ? (payload.loss ?? null) : undefined,
      trailing: 'trailing' in data ? (payload.trailing ?? null) : undefined,
      actingStaff: actingStaffOf(ctx),
    })
    const message =
      'trailing' in data
        ? payload.trailing
          ? 'Trailing Stop Set Successfully'
          : 'Trailing Stop Removed'
        : 'loss' in data
          ? 'Stop Loss Set Successfully'
          : 'Take Profit Set Successfully'
    await withSwaps([order])
    return { message, order: orderRow(order) }
  }
}
