import { DateTime } from 'luxon'
import { formatDateTime } from './formatting.js'

/**
 * Dates in orders, statements and histories: YYYY-MM-DD h:mm A (customer
 * spec §9), e.g. "2025-03-07 4:05 PM". Shown in UTC, the zone the date
 * filters use, so a row always falls inside the range that lists it.
 */
/** An absent date shows a dash (the formatting module's rule). */
export function formatTableDate(value: DateTime | null | undefined): string {
  return formatDateTime(value?.isValid ? value.toJSDate() : null, 'table')
}

/**
 * An inclusive range of whole UTC days (YYYY-MM-DD each end, either optional)
 * as half-open instants: `from` the start day's midnight, `before` the
 * midnight after the end day. An exclusive upper bound holds whether a
 * database stores fractions of a second or not. The instants are expressed in
 * the process zone, the zone Lucid writes SQLite timestamps in.
 */
export function utcDayRange(range: { dateStart?: string | null; dateEnd?: string | null }) {
  const midnight = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).startOf('day')
  const after = range.dateEnd ? midnight(range.dateEnd).plus({ days: 1 }) : null
  return {
    from: range.dateStart ? midnight(range.dateStart).toLocal() : null,
    // Nothing is stored past the year 9999: no bound is needed there.
    before: after && after.year <= 9999 ? after.toLocal() : null,
  }
}

/** Dates in the back-office: DD/MM/YYYY h:mm A (admin spec §9), in UTC like the customer tables. */
export function formatAdminDate(value: DateTime | null | undefined): string {
  return formatDateTime(value?.isValid ? value.toJSDate() : null, 'display')
}
