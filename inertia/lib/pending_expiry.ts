import type { PendingExpiry } from '@domain/pending_orders'

/** The expiry choices of a pending order, as the dialog words them. */
export const EXPIRY_CHOICES: { value: PendingExpiry; label: string }[] = [
  { value: 'gtc', label: 'Good till cancelled' },
  { value: 'day', label: 'End of trading day' },
  { value: 'date', label: 'Date and time' },
]

/**
 * A datetime-local value, read as UTC like every date the tables show, as
 * the ISO 8601 instant the server takes; null when unreadable.
 */
export function utcInputToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value)
  if (!match) return null
  const date = new Date(`${match[1]}${match[2] ?? ':00'}Z`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** An ISO instant as a datetime-local value in UTC ('' for none). */
export function isoToUtcInput(iso: string | null): string {
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 16) : ''
}
