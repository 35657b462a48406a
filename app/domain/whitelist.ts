import { addressMatcher, parseAddressList } from './ip_addresses.js'

/*
 * The staff IP whitelist (issue 12 item 2). Server-only (Node's BlockList):
 * the browser never parses it, the server's 422 names bad entries.
 */

/** A whitelist longer than this is refused (the column is text; a list this long is a mistake). */
export const MAX_WHITELIST_LENGTH = 2000

/**
 * The whitelist as the form sends it: comma-separated IPv4/IPv6 addresses and
 * CIDR ranges; blank disables the check (null). Named ranges ('loopback',
 * 'uniquelocal') are refused here: they mean a different set of machines
 * behind every proxy (docs/DECISIONS.md). `errors` are the entries refused,
 * as typed.
 */
export function parseWhitelist(text: string | null | undefined): {
  text: string | null
  errors: string[]
} {
  const { entries, errors } = parseAddressList(text, { names: false })
  return { text: entries.length && !errors.length ? entries.join(', ') : null, errors }
}

/**
 * Whether a stored whitelist lets `address` in. No list lets everyone in; a
 * stored list with no usable entry (written past the validator) lets nobody
 * in rather than everybody.
 */
export function whitelistAllows(stored: string | null | undefined, address: string): boolean {
  if (!stored || !stored.trim()) return true
  const { entries } = parseAddressList(stored, { names: false })
  if (!entries.length) return false
  return addressMatcher(entries.join(','), { names: false })(address)
}
