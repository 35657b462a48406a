/**
 * Display masking (customer spec §5, admin specs §6/§9).
 * E-mail: the local part stays whole at 4 characters or fewer, otherwise
 * its first 2 and last 2 characters with **** between.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return maskLocalPart(email)
  return maskLocalPart(email.slice(0, at)) + email.slice(at)
}

function maskLocalPart(local: string): string {
  if (local.length <= 4) return local
  return `${local.slice(0, 2)}****${local.slice(-2)}`
}

const PHONE_MASK = '******'

/** Phone: the last 2 digits behind 6 stars; an already-masked value is returned unchanged. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return ''
  if (phone.includes('*')) return phone
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 2) return PHONE_MASK
  return PHONE_MASK + digits.slice(-2)
}
