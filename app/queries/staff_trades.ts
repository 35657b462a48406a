import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import priceBook from '#services/market/price_book'
import { DEFAULT_PAGE_SIZE, pageCount } from '#domain/pagination'
import { locatePage, type BlockCount, type TradeListType } from '#domain/trade_list'
import { currentRateFor, positionProfitLoss } from '#domain/account_metrics'
import type { Category } from '#domain/instruments'
import { fromDbDecimal } from '#domain/money'
import type { PageMeta } from '#queries/paginate'
import { withSwaps } from '#queries/position_swaps'
import { closeEvidenceOf, type CloseEvidence } from '#domain/execution_evidence'

export interface StaffTradeFilter {
  type: TradeListType
  /** One customer's trades (the customer edit page's trades tab). */
  userId?: number
}

/** A listed order as the list reads it (plain columns, no model: a page is read at every click). */
export interface StaffTrade {
  id: number
  userId: number
  email: string
  mode: 'demo' | 'real'
  currency: string
  type: 'buy' | 'sell'
  instrument: string
  kind: Category
  quoteSymbol: string
  tradeAmount: string
  openRate: string
  closeRate: string | null
  closeTime: DateTime | null
  spread: string
  exchangeRate: string
  marginUsed: string
  proLoss: string | null
  profit: string | null
  loss: string | null
  /** Trailing-stop distance in price units (issue 23 item 2); null when none. */
  trailing: string | null
  leverage: number
  /** The ticket a partial close's own closed row was closed from (issue 23 item 3). */
  parentOrderId: number | null
  createdAt: DateTime
  /** An open order's P/L at the freshest price this process knows; null when closed or unpriced. */
  livePnl: string | null
  /** Overnight swaps posted so far (issue 24). */
  swap: string
  closeReason: string | null
  /** The close's stored evidence (issue 24 item 2), null when none was stored. */
  closeEvidence: CloseEvidence | null
}

const COLUMNS = [
  'orders.id',
  'orders.user_id',
  'orders.type',
  'orders.instrument',
  'orders.kind',
  'orders.quote_symbol',
  'orders.trade_amount',
  'orders.open_rate',
  'orders.close_rate',
  'orders.close_time',
  'orders.spread',
  'orders.exchange_rate',
  'orders.margin_used',
  'orders.pro_loss',
  'orders.profit',
  'orders.loss',
  'orders.trailing_distance',
  'orders.leverage',
  'orders.parent_order_id',
  'orders.created_at',
  'orders.close_reason',
  'orders.close_bid',
  'orders.close_ask',
  'orders.close_quoted_at',
  'orders.close_source',
  'orders.close_equity',
  'orders.close_margin',
  'orders.close_margin_level',
  'users.email',
  'balances.mode',
  'balances.currency',
]

/** Live orders (never the deleted ones) of a type, as a condition on `orders`. */
function whereType<Q extends { whereNull(c: string): Q; whereNotNull(c: string): Q }>(
  query: Q,
  type: TradeListType
): Q {
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
 * The page's rows come in the same query with their customer's e-mail and
 * wallet, as plain columns.
 */
export async function staffTradePage(
  filter: StaffTradeFilter,
  options: { page?: number; limit?: number } = {}
): Promise<{ data: StaffTrade[]; meta: PageMeta }> {
  const page = options.page ?? 1
  const perPage = options.limit ?? DEFAULT_PAGE_SIZE
  const offset = (page - 1) * perPage

  let total: number
  let ids: ReturnType<typeof db.from> | null = null
  if (filter.userId !== undefined) {
    const mine = () =>
      whereType(db.from('orders').where('orders.user_id', filter.userId!), filter.type)
    const counted = await mine().count('* as n')
    total = Number(counted[0].n)
    if (offset < total)
      ids = mine().select('orders.id').orderBy('orders.id', 'desc').offset(offset).limit(perPage)
  } else {
    const blocks: BlockCount[] = (
      await db
        .from('order_list_counts')
        .select('bucket', 'open', 'closed')
        .orderBy('bucket', 'desc')
    ).map((b: BlockCount) => ({
      bucket: Number(b.bucket),
      open: Number(b.open),
      closed: Number(b.closed),
    }))
    const located = locatePage(blocks, filter.type, offset)
    total = located.total
    if (located.start) {
      ids = whereType(db.from('orders'), filter.type)
        .where('orders.id', '<', located.start.belowId)
        .select('orders.id')
        .orderBy('orders.id', 'desc')
        .offset(located.start.skip)
        .limit(perPage)
    }
  }

  return {
    data: ids ? await readTrades((query) => query.whereIn('orders.id', ids)) : [],
    meta: { total, perPage, currentPage: page, lastPage: pageCount(total, perPage) },
  }
}

/** One live or deleted trade as the list shows it (the reply of a staff edit), or null. */
export async function staffTrade(id: number): Promise<StaffTrade | null> {
  const [trade] = await readTrades((query) => query.where('orders.id', id))
  return trade ?? null
}

async function readTrades(
  where: (query: ReturnType<typeof db.from>) => void
): Promise<StaffTrade[]> {
  const query = db
    .from('orders')
    .join('users', 'users.id', 'orders.user_id')
    .join('balances', 'balances.id', 'orders.balance_id')
    .select(COLUMNS)
    .orderBy('orders.id', 'desc')
  where(query)
  const rows: Record<string, any>[] = await query
  const trades = await withSwaps(rows.map(toTrade))
  return withLivePnl(trades)
}

/** A timestamp as the driver returns it: a Date (PostgreSQL) or text in the process zone (SQLite). */
const dateTime = (value: Date | string) =>
  value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromSQL(String(value))

function toTrade(r: Record<string, any>): Omit<StaffTrade, 'swap'> {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    email: r.email,
    mode: r.mode,
    currency: r.currency,
    type: r.type,
    instrument: r.instrument,
    kind: r.kind,
    quoteSymbol: r.quote_symbol,
    tradeAmount: fromDbDecimal(r.trade_amount),
    openRate: fromDbDecimal(r.open_rate),
    closeRate: fromDbDecimal(r.close_rate),
    closeTime: r.close_time === null ? null : dateTime(r.close_time),
    spread: fromDbDecimal(r.spread),
    exchangeRate: fromDbDecimal(r.exchange_rate),
    marginUsed: fromDbDecimal(r.margin_used),
    proLoss: fromDbDecimal(r.pro_loss),
    profit: fromDbDecimal(r.profit),
    loss: fromDbDecimal(r.loss),
    trailing: fromDbDecimal(r.trailing_distance),
    leverage: Number(r.leverage),
    parentOrderId: r.parent_order_id === null ? null : Number(r.parent_order_id),
    createdAt: dateTime(r.created_at),
    livePnl: null,
    closeReason: r.close_reason ?? null,
    closeEvidence:
      r.close_time === null
        ? null
        : closeEvidenceOf({
            closeBid: fromDbDecimal(r.close_bid),
            closeAsk: fromDbDecimal(r.close_ask),
            closeQuotedAt:
              r.close_quoted_at === null ? null : dateTime(r.close_quoted_at).toUTC().toISO(),
            closeSource: r.close_source ?? null,
            closeEquity: fromDbDecimal(r.close_equity),
            closeMargin: fromDbDecimal(r.close_margin),
            closeMarginLevel: fromDbDecimal(r.close_margin_level),
          }),
  }
}

/** Open trades get their P/L at the freshest price this process knows (live quote, else the stored one). */
async function withLivePnl(trades: StaffTrade[]): Promise<StaffTrade[]> {
  const open = trades.filter((t) => !t.closeTime)
  if (open.length === 0) return trades
  const unquoted = [...new Set(open.map((t) => t.instrument))].filter(
    (name) => !priceBook.get(name)
  )
  const stored: { name: string; bids: string | number | null; asks: string | number | null }[] =
    unquoted.length
      ? await db.from('instruments').select('name', 'bids', 'asks').whereIn('name', unquoted)
      : []
  const byName = new Map(
    stored.map((i) => [
      i.name,
      { name: i.name, bids: fromDbDecimal(i.bids), asks: fromDbDecimal(i.asks) },
    ])
  )
  for (const trade of open) {
    const { bids, asks } = priceBook.latest(
      byName.get(trade.instrument) ?? { name: trade.instrument, bids: null, asks: null }
    )
    const rate = currentRateFor(trade.type, bids, asks)
    if (rate === null) continue
    trade.livePnl = positionProfitLoss({ ...trade, currentRate: rate }).toFixed()
  }
  return trades
}

/** The most open trades the exposure screen's drill-down lists at once. */
export const DRILL_DOWN_LIMIT = 200

/**
 * The open trades of one instrument or one wallet in a mode, largest first
 * (the exposure screen's drill-down, issue 24 item 3): the (instrument,
 * close_time) and (balance_id, close_time) indexes find them.
 */
export function openTradesOf(filter: {
  mode: 'real' | 'demo'
  instrument?: string
  balanceId?: number
}): Promise<StaffTrade[]> {
  return readTrades((query) => {
    query
      .whereNull('orders.close_time')
      .whereNull('orders.deleted_at')
      .where('balances.mode', filter.mode)
      .clearOrder()
      .orderBy('orders.trade_amount', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(DRILL_DOWN_LIMIT)
    if (filter.instrument !== undefined) query.where('orders.instrument', filter.instrument)
    if (filter.balanceId !== undefined) query.where('orders.balance_id', filter.balanceId)
  })
}
