import worldCountries, { type Countries } from 'world-countries'

/**
 * Country names shipped with the app (the maintained `world-countries`
 * package), common names sorted alphabetically as the spec asks.
 */
// The package is CommonJS: its default import is the array itself.
export const COUNTRY_NAMES: readonly string[] = (worldCountries as unknown as Countries)
  .map((c) => c.name.common)
  .sort((a, b) => a.localeCompare(b, 'en'))

const known = new Set(COUNTRY_NAMES)

export function isKnownCountry(name: unknown): name is string {
  return typeof name === 'string' && known.has(name)
}
