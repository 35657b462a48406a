import Order from '#models/order'
import { withSwaps } from '#queries/position_swaps'
import type User from '#models/user'
import { DEFAULT_PAGE_SIZE, pageCount } from '#domain/pagination'
import { utcDayRange } from '#domain/date_format'

/** Optional range of close days, YYYY-MM-DD, inclusive, UTC. */
export interface StatementFilter {
  dateStart?: string
  dateEnd?: string
}

/**
 * The statement of the signed-in user's active wallet: its closed orders,
 * newest close first, optionally within a range of close days. Scoped to
 * the user as well as the wallet, so no other user's row can appear.
 */
function closedOrders(user: User, filter: StatementFilter) {
  const query = Order.query()
    .where('user_id', user.id)
    .whereNotNull('close_time')
    .whereNull('deleted_at')
  if (user.activeBalanceId) query.where('balance_id', user.activeBalanceId)
  else query.whereRaw('1 = 0')
  // Bounds written the way Lucid writes the column on this database.
  const format = query.client.dialect.dateTimeFormat
  const { from, before } = utcDayRange(filter)
  if (from) query.where('close_time', '>=', from.toFormat(format))
  if (before) query.where('close_time', '<', before.toFormat(format))
  return query.orderBy('close_time', 'desc').orderBy('id', 'desc')
}

/** One page of the statement with the pagination the table needs (customer spec §9). */
export async function statementPage(
  user: User,
  filter: StatementFilter,
  page = 1,
  perPage = DEFAULT_PAGE_SIZE
) {
  const result = await closedOrders(user, filter).paginate(page, perPage)
  const total = Number(result.total)
  return {
    orders: await withSwaps(result.all()),
    meta: { total, perPage, currentPage: page, lastPage: pageCount(total, perPage) },
  }
}

/** Every row of the statement for the range, for the export. */
export async function statementOrders(user: User, filter: StatementFilter) {
  return withSwaps(await closedOrders(user, filter))
}
