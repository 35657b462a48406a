import RestrictedCountry from '#models/restricted_country'
import { likePattern, pageOf } from '#queries/paginate'
import { restrictedCountryRow } from '#transformers/restricted_country_transformer'

/** GET /admin/restricted-countries/api: newest first; search by country or note. */
export function restrictedCountryPage(options: { page?: number; limit?: number; search?: string }) {
  const query = RestrictedCountry.query().orderBy('id', 'desc')
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER(country) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(note) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  return pageOf(query, options, restrictedCountryRow)
}
