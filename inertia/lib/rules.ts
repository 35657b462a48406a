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
