import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator } from '#validators/lists'
import { listOwnerId } from '#queries/list_owner'
import { staffTrade, staffTradePage } from '#queries/staff_trades'
import { staffTradeRow } from '#transformers/staff_trade_transformer'
import type { TradeListType } from '#domain/trade_list'
import {
  closeTradeValidator,
  TRADE_DECIMAL_FIELDS,
  updateTradeValidator,
} from '#validators/staff_trades'
import { numbersAsText } from '#validators/rules'
import { updateTrade } from '#actions/trades/update_trade'
import { closeTrade } from '#actions/trades/close_trade'
import { deleteTrade } from '#actions/trades/delete_trade'
import { DateTime } from 'luxon'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { staffContext } from '#services/audit_log'

/**
 * The back office's trades (admin spec §2 Trades list and Order edit dialog,
 * §4, §7): All, Open and Closed Trades, one customer's trades, and the
 * staff's edit, close and delete. Roles 1 and 2 (the spec's menu).
 */
export default class TradesController {
  /** GET /admin/trades/all, /open, /closed: one page component; rows come from /admin/trades/api/{type}. */
  async all({ inertia }: HttpContext) {
    return this.#page(inertia, 'all')
  }

  async open({ inertia }: HttpContext) {
    return this.#page(inertia, 'open')
  }

  async closed({ inertia }: HttpContext) {
    return this.#page(inertia, 'closed')
  }

  #page(inertia: HttpContext['inertia'], type: TradeListType) {
    return inertia.render('staff/trades/index', { type })
  }

  /** GET /admin/trades/api/:type and /admin/trades/api/all/:userId ?page&limit → { data, meta } (search is disabled). */
  async list({ request, params, auth }: HttpContext) {
    const { page, limit, sort, order } = await request.validateUsing(listQueryValidator, {
      data: request.qs(),
    })
    // Newest first is the one order the list is paged in at any size (the table sorts a page in the browser).
    if (sort !== undefined && (sort !== 'id' || order !== 'desc')) {
      throw new UserFacingException('This list cannot be sorted by that column', { field: 'sort' })
    }
    const userId = await listOwnerId(params.userId, auth.getUserOrFail())
    const type = (params.type ?? 'all') as TradeListType
    const { data, meta } = await staffTradePage({ type, userId }, { page, limit })
    return { data: data.map(staffTradeRow), meta }
  }

  /** PUT /admin/trades/:id { openRate?, closeRate?, spread?, profit?, loss?, openTime?, force? } */
  async update(ctx: HttpContext) {
    const { request, params } = ctx
    const data = numbersAsText(request.body(), TRADE_DECIMAL_FIELDS)
    const payload = await request.validateUsing(updateTradeValidator, { data })
    const { order, correction, stoppedOut } = await updateTrade({
      orderId: Number(params.id),
      ...staffContext(ctx),
      openRate: payload.openRate,
      closeRate: payload.closeRate,
      spread: payload.spread,
      // A present empty value clears a target; an absent one leaves it alone.
      profit: 'profit' in data ? (payload.profit ?? null) : undefined,
      loss: 'loss' in data ? (payload.loss ?? null) : undefined,
      openTime: payload.openTime === undefined ? undefined : openTimeOf(payload.openTime),
      force: payload.force,
    })
    const trade = await staffTrade(order.id)
    return {
      message: 'Order updated successfully',
      order: trade && staffTradeRow(trade),
      correction,
      stoppedOut,
    }
  }

  /** POST /admin/trades/close { orderId, instrument } */
  async close(ctx: HttpContext) {
    const { orderId } = await ctx.request.validateUsing(closeTradeValidator)
    const { order, realized } = await closeTrade({ orderId, ...staffContext(ctx) })
    return {
      message: 'Order closed successfully',
      orderId: order.id,
      closeRate: order.closeRate,
      realized,
    }
  }

  /** DELETE /admin/trades/:id */
  async destroy(ctx: HttpContext) {
    const deleted = await deleteTrade({ orderId: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Order deleted successfully', ...deleted }
  }
}

/** The dialog's datetime-local value as a UTC instant, to the minute. */
function openTimeOf(value: string) {
  const time = DateTime.fromISO(value, { zone: 'utc' })
  if (!time.isValid || time.year < 2000) {
    throw new UserFacingException('Open time must be a date and time such as 2025-03-07T16:05', {
      field: 'openTime',
    })
  }
  return time.startOf('minute')
}
