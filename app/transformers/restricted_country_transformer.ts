import type RestrictedCountry from '#models/restricted_country'
import type { RestrictedCountryListRow } from '#domain/staff_lists/restricted_countries'

/** A restricted country as the list shows it; the date it was added as YYYY-MM-DD. */
export function restrictedCountryRow(row: RestrictedCountry): RestrictedCountryListRow {
  return {
    id: row.id,
    country: row.country,
    note: row.note,
    createdAt: row.createdAt.toISODate() ?? '',
  }
}

/** The countries the form offers: the shipped list, each its own name. */
export function countryChoices(names: readonly string[]) {
  return names.map((name) => ({ id: name, label: name }))
}
