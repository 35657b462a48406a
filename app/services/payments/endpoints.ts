/**
 * Base URLs of the providers' APIs. Each adapter names its production default;
 * tests point an adapter at a local fake of the provider's protocol, so nothing
 * reaches the internet in tests.
 */
const overrides = new Map<string, string>()

/** The base URL to use for `provider` (no trailing slash). */
export function providerBase(provider: string, productionUrl: string): string {
  return (overrides.get(provider) ?? productionUrl).replace(/\/+$/, '')
}

/** Points `provider` at another base URL (a test's fake); `null` restores the default. */
export function overrideProviderBase(provider: string, url: string | null) {
  if (url === null) overrides.delete(provider)
  else overrides.set(provider, url)
}
