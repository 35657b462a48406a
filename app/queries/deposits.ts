import Deposit from '#models/deposit'
import { likePattern, pageOf, userMatching } from '#queries/paginate'
import { utcDayRange } from '#domain/date_format'
import { customerDepositRow, staffDepositRow } from '#transformers/deposit_transformer'

/** The signed-in customer's deposits, newest first, optionally within a range of days (customer spec §2 Deposit history). */
export function customerDepositPage(
  userId: number,
  filter: { startDate?: string; endDate?: string },
  options: { page?: number; limit?: number }
) {
  const query = Deposit.query().where('user_id', userId).preload('balance').orderBy('id', 'desc')
  const format = query.client.dialect.dateTimeFormat
  const { from, before } = utcDayRange({ dateStart: filter.startDate, dateEnd: filter.endDate })
  if (from) query.where('created_at', '>=', from.toFormat(format))
  if (before) query.where('created_at', '<', before.toFormat(format))
  return pageOf(query, options, customerDepositRow)
}

/**
 * The back office's Deposit History (admin spec §4), optionally of one
 * customer, newest first; the search matches the customer's name or e-mail,
 * the gateway, or our or the provider's reference.
 */
export function staffDepositPage(
  filter: { userId?: number; search?: string },
  options: { page?: number; limit?: number }
) {
  const query = Deposit.query()
    .preload('user')
    .preload('balance')
    .preload('decidedBy')
    .orderBy('id', 'desc')
  if (filter.userId !== undefined) query.where('user_id', filter.userId)
  if (filter.search) {
    const pattern = likePattern(filter.search.toLowerCase())
    query.where((match) =>
      match
        .whereIn('user_id', userMatching(filter.search!))
        .orWhereRaw('LOWER(gateway) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(tx_ref) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(provider_reference) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  return pageOf(query, options, staffDepositRow)
}

/** The customer's own deposit, or null (another user's deposit is answered 404 by the caller). */
export function ownDeposit(userId: number, id: number) {
  return Deposit.query().where('id', id).where('user_id', userId).preload('balance').first()
}
