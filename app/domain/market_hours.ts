import type { DateTime } from 'luxon'
import type { Category } from './instruments.js'
import { inForexHolidayClosure, usStockSession } from './exchange_calendars.js'
import { VENUES, VENUE_ZONES, venueClosureAt, venueFor, type Venue } from './venue_calendars.js'

/**
 * Trading sessions (customer spec §2 Instrument list: forex, commodity and
 * index share the forex status; stock and crypto have their own).
 * Forex: Sunday 17:00 to Friday 17:00 New York time, less the Christmas and
 * New Year closures. Stocks: weekdays 09:30–16:00 New York time, less the
 * exchange holidays and early closes of `exchange_calendars.ts`. Crypto: always.
 * A commodity or index whose exchange is on holiday (`venue_calendars.ts`) is
 * closed by itself: `closedVenues` names those exchanges.
 */
export interface MarketStatus {
  forex: boolean
  stock: boolean
  crypto: boolean
  closedVenues: Venue[]
}

const NEW_YORK = 'America/New_York'

export function isForexOpen(at: DateTime): boolean {
  const ny = at.setZone(NEW_YORK)
  const minutes = ny.hour * 60 + ny.minute
  if (inForexHolidayClosure(ny.month, ny.day, minutes)) return false
  switch (ny.weekday) {
    case 6: // Saturday
      return false
    case 7: // Sunday: opens 17:00
      return minutes >= 17 * 60
    case 5: // Friday: closes 17:00
      return minutes < 17 * 60
    default:
      return true
  }
}

export function isStockOpen(at: DateTime): boolean {
  const ny = at.setZone(NEW_YORK)
  if (ny.weekday > 5) return false
  const session = usStockSession(ny.toISODate()!)
  if (session.closed) return false
  const minutes = ny.hour * 60 + ny.minute
  return minutes >= 9 * 60 + 30 && minutes < session.closesAt
}

/** The commodity and index exchanges on holiday (closed or halted) at a moment. */
export function closedVenuesAt(at: DateTime): Venue[] {
  return VENUES.filter((v) =>
    venueClosureAt(v, at.setZone(VENUE_ZONES[v]).toFormat("yyyy-MM-dd'T'HH:mm"))
  )
}

export function marketStatus(at: DateTime): MarketStatus {
  return {
    forex: isForexOpen(at),
    stock: isStockOpen(at),
    crypto: true,
    closedVenues: closedVenuesAt(at),
  }
}

/** Which status governs a category: forex, commodity and index share one. */
export function statusKeyFor(category: Category): 'forex' | 'stock' | 'crypto' {
  if (category === 'stock') return 'stock'
  if (category === 'crypto') return 'crypto'
  return 'forex'
}

export function isCategoryOpen(category: Category, status: MarketStatus): boolean {
  return status[statusKeyFor(category)]
}

/** Whether one instrument trades: its category's session, less its exchange's holidays. */
export function isInstrumentOpen(
  instrument: { category: Category; base: string },
  status: MarketStatus
): boolean {
  if (!isCategoryOpen(instrument.category, status)) return false
  const venue = venueFor(instrument.category, instrument.base)
  return !venue || !status.closedVenues.includes(venue)
}
