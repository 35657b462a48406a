import { BlockList, isIP } from 'node:net'

/**
 * Lists of client addresses, as configuration writes them: comma-separated IPs,
 * CIDR ranges and the names proxy-addr understands. One parser serves every list
 * (TRUSTED_PROXIES today, the staff IP whitelist next), so they read the same way.
 */
export const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

export type AddressList = { entries: string[]; errors: string[] }

/** How a list is read: `names: false` refuses the named ranges (the staff IP whitelist takes only addresses and CIDRs). */
export interface AddressListOptions {
  names?: boolean
}

/** Splits and checks a list; an empty or missing text is an empty list (nobody). */
export function parseAddressList(
  text: string | null | undefined,
  options: AddressListOptions = {}
): AddressList {
  const entries: string[] = []
  const errors: string[] = []
  for (const raw of String(text ?? '').split(',')) {
    const item = raw.trim().toLowerCase()
    if (!item) continue
    const named = options.names === false ? undefined : NAMED_RANGES[item]
    const expanded = named ?? [item]
    for (const entry of expanded) {
      if (rangeOf(entry)) entries.push(entry)
      else errors.push(raw.trim())
    }
  }
  return { entries, errors }
}

/**
 * A predicate "is this address in the list". Built once (not per request); an
 * IPv4 address written IPv6-mapped (::ffff:10.0.0.1) matches its IPv4 entry.
 * Throws on an invalid list, so a typo fails at boot instead of trusting nobody silently.
 */
export function addressMatcher(
  text: string | null | undefined,
  options: AddressListOptions = {}
): (address: string) => boolean {
  const { entries, errors } = parseAddressList(text, options)
  if (errors.length)
    throw new Error(`Not an IP address, CIDR range or known name: ${errors.join(', ')}`)
  if (!entries.length) return () => false
  const list = new BlockList()
  for (const entry of entries) {
    const { address, prefix, family } = rangeOf(entry)!
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, prefix, family)
  }
  return (address) => {
    const family = isIP(address)
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  }
}

function rangeOf(entry: string) {
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined) return null
  const version = isIP(address)
  if (version === 0) return null
  const family = version === 4 ? ('ipv4' as const) : ('ipv6' as const)
  if (bits === undefined) return { address, prefix: undefined, family }
  const max = version === 4 ? 32 : 128
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null
  return { address, prefix: Number(bits), family }
}
