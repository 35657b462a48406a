/**
 * Request headers as an error page may show them: the names stay (they help
 * debugging), the values of credentials do not. Cookies keep their names.
 */
export const REDACTED = '[redacted]'

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'x-xsrf-token',
  'x-csrf-token',
  'set-cookie',
])

export function redactHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string | string[] | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase()
    if (key === 'cookie') out[name] = redactCookieHeader(String(value ?? ''))
    else out[name] = SECRET_HEADERS.has(key) ? REDACTED : value
  }
  return out
}

function redactCookieHeader(header: string) {
  return header
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter(Boolean)
    .map((name) => `${name}=${REDACTED}`)
    .join('; ')
}

/** Path prefixes whose next segment is a secret (a password reset token). */
const SECRET_PATH_PREFIXES = ['/reset-password/']
/** Query parameters that carry secrets: signed links' signatures, tokens. */
const SECRET_QUERY_KEYS = new Set(['signature', 'token', 'code', 'key'])

/** A request URL as an error page may show it: the path and query without their secrets. */
export function redactUrl(url: string) {
  const [rawPath, ...rest] = url.split('?')
  let path = rawPath
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (path.startsWith(prefix)) path = `${prefix}${REDACTED}`
  }
  if (rest.length === 0) return path
  const query = rest
    .join('?')
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0]
      let key = name
      try {
        key = decodeURIComponent(name)
      } catch {}
      return SECRET_QUERY_KEYS.has(key.toLowerCase()) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
  return `${path}?${query}`
}
