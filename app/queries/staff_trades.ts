import db from '@adonisjs/lucid/services/db'
import Order from '#models/order'
import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { DEFAULT_PAGE_SIZE, pageCount } from '#domain/pagination'
import { locatePage, type BlockCount, type TradeListType } from '#domain/trade_list'
import { currentRateFor, positionProfitLoss } from '#domain/account_metrics'
import type { PageMeta } from '#queries/paginate'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface StaffTradeFilter {
  type: TradeListType
  /** One customer's trades (the customer edit page's trades tab). */
  userId?: number
}

/** A listed order with its current P/L when open (null when no price is known). */
export interface StaffTrade {
  order: Order
  livePnl: string | null
}

/** Live orders (never the deleted ones) of a type, as a condition on `orders`. */
function whereType<Q extends { whereNull(c: string): Q; whereNotNull(c: string): Q }>(query: Q, type: TradeListType): Q {
  query.whereNull('orders.deleted_at')
  if (type === 'open') query.whereNull('orders.close_time')
  if (type === 'closed') query.whereNotNull('orders.close_time')
  return query
}

/**
 * One page of the back office's trades (admin spec §2 Trades list): newest
 * first, deleted trades never shown. Built to stay fast at millions of
 * orders (any page well under 50 ms on PostgreSQL):
 *
 * - everyone's trades: 'Total: N' and the page's start come from
 *   `order_list_counts` (live open/closed orders per block of 1,024 ids,
 *   kept by triggers), then the page is read from the partial index of its
 *   type just below that block's upper bound, skipping fewer than 1,024 rows;
 * - one customer's trades: counted and paged on `orders_user_live_idx`.
 *
 * The page's rows are then loaded by id with their customer and wallet.
 */
export async function staffTradePage(
  filter: StaffTradeFilter,
  options: { page?: number; limit?: number } = {}
): Promise<{ data: StaffTrade[]; meta: PageMeta }> {
  const page = options.page ?? 1
  const perPage = options.limit ?? DEFAULT_PAGE_SIZE
  const offset = (page - 1) * perPage

  let total: number
  let ids: number[]
  if (filter.userId !== undefined) {
    const counted = await whereType(db.from('orders').where('orders.user_id', filter.userId), filter.type).count('* as n')
    total = Number(counted[0].n)
    ids =
      offset < total
        ? (
            await whereType(db.from('orders').where('orders.user_id', filter.userId), filter.type)
              .select('orders.id')
              .orderBy('orders.id', 'desc')
              .offset(offset)
              .limit(perPage)
          ).map((r: { id: number }) => Number(r.id))
        : []
  } else {
    const blocks: BlockCount[] = (
      await db.from('order_list_counts').select('bucket', 'open', 'closed').orderBy('bucket', 'desc')
    ).map((b: BlockCount) => ({ bucket: Number(b.bucket), open: Number(b.open), closed: Number(b.closed) }))
    const located = locatePage(blocks, filter.type, offset)
    total = located.total
    ids = located.start
      ? (
          await whereType(db.from('orders'), filter.type)
            .where('orders.id', '<', located.start.belowId)
            .select('orders.id')
            .orderBy('orders.id', 'desc')
            .offset(located.start.skip)
            .limit(perPage)
        ).map((r: { id: number }) => Number(r.id))
      : []
  }

  const orders = ids.length
    ? await Order.query()
        .whereIn('id', ids)
        .preload('user', (q) => q.select('id', 'email', 'full_name'))
        .preload('balance', (q) => q.select('id', 'mode', 'currency'))
        .orderBy('id', 'desc')
    : []
  return {
    data: await withLivePnl(orders),
    meta: { total, perPage, currentPage: page, lastPage: pageCount(total, perPage) },
  }
}

/** Open orders get their P/L at the freshest price this process knows (live quote, else the stored one). */
async function withLivePnl(orders: Order[]): Promise<StaffTrade[]> {
  const open = orders.filter((o) => !o.closeTime)
  const unquoted = [...new Set(open.map((o) => o.instrument))].filter((name) => !priceBook.get(name))
  const stored = unquoted.length ? await Instrument.query().whereIn('name', unquoted).select('name', 'bids', 'asks') : []
  const byName = new Map(stored.map((i) => [i.name, i]))
  return orders.map((order) => {
    if (order.closeTime) return { order, livePnl: null }
    const { bids, asks } = priceBook.latest(byName.get(order.instrument) ?? { name: order.instrument, bids: null, asks: null })
    const rate = currentRateFor(order.type, bids, asks)
    if (rate === null) return { order, livePnl: null }
    return {
      order,
      livePnl: positionProfitLoss({
        type: order.type,
        tradeAmount: order.tradeAmount,
        openRate: order.openRate,
        currentRate: rate,
        spread: order.spread,
        exchangeRate: order.exchangeRate,
      }).toFixed(),
    }
  })
}

/** A trade staff may act on: any live order (a deleted one is gone: 404). */
export async function liveOrderOrFail(id: number) {
  const order = await Order.query().where('id', id).whereNull('deleted_at').first()
  if (!order) throw new NotFoundException()
  return order
}
