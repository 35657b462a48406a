/** Client rules with the spec's messages (customer spec §5); the server checks them again. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function required(value: unknown, message: string) {
  return value === undefined || value === null || String(value).trim() === '' ? message : undefined
}

export function passwordRule(value: string, requiredMessage = 'Password is required') {
  if (!value) return requiredMessage
  if (value.length < 8) return 'Password must be at least 8 characters'
  return undefined
}

/** An absolute https:// address with a dotted host, as the server requires of links customers open. */
export function isHttpsUrl(text: string) {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'https:' && url.hostname.includes('.')
  } catch {
    return false
  }
}
