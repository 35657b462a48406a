import Instrument from '#models/instrument'
import priceBook from '#services/market/price_book'
import { likePattern, pageOf } from '#queries/paginate'
import type { Category } from '#domain/instruments'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { instrumentAdminRow } from '#transformers/instrument_transformer'

/**
 * GET /admin/instruments/api/:category: the instruments of one category, newest
 * first, one page; the search matches name, base, quote or alias,
 * case-insensitively, its wildcards taken literally.
 */
export function instrumentPage(
  category: Category,
  options: { page?: number; limit?: number; search?: string }
) {
  const query = Instrument.query().where('category', category).orderBy('id', 'desc')
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) => {
      for (const column of ['name', 'base', 'quote', 'alias']) {
        match.orWhereRaw(`LOWER(${column}) LIKE ? ESCAPE ?`, [pattern, '\\'])
      }
    })
  }
  return pageOf(query, options, (i) => instrumentAdminRow(i, priceBook.latest(i)))
}

/** The instrument with this id; 404 when there is none. */
export async function findInstrumentOrFail(id: number): Promise<Instrument> {
  const instrument = isStorableId(id) ? await Instrument.find(id) : null
  if (!instrument) throw new NotFoundException()
  return instrument
}
