import ExternalPayment from '#models/external_payment'
import { likePattern, pageOf } from '#queries/paginate'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { externalPaymentRow } from '#transformers/external_payment_transformer'

/**
 * GET /admin/externalPayments/api: newest first, one page; the search matches
 * the name or the link, case-insensitively, its wildcards taken literally.
 */
export function externalPaymentPage(options: { page?: number; limit?: number; search?: string }) {
  const query = ExternalPayment.query().orderBy('id', 'desc')
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER(name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(link) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  return pageOf(query, options, externalPaymentRow)
}

/** The external payment with this id; 404 when there is none. */
export async function findExternalPaymentOrFail(id: number): Promise<ExternalPayment> {
  const payment = isStorableId(id) ? await ExternalPayment.find(id) : null
  if (!payment) throw new NotFoundException()
  return payment
}
