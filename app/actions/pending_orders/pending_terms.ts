import type { DateTime } from 'luxon'
import type Instrument from '#models/instrument'
import marketClock from '#services/market/market_clock'
import { endOfTradingDay, type PendingExpiry } from '#domain/pending_orders'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * When an order with this expiry choice expires: never ('gtc'), the end of
 * the instrument's trading day from now ('day'), or the customer's moment
 * ('date'), which must be in the future.
 */
export function expiresAtFor(
  instrument: Pick<Instrument, 'category'>,
  expiry: PendingExpiry,
  expiresAt: DateTime | null
): DateTime | null {
  const now = marketClock.now()
  if (expiry === 'gtc') return null
  // In the process's zone: Lucid writes a DateTime in its own zone without the offset (as dbTime does).
  if (expiry === 'day') return endOfTradingDay(instrument.category, now).toLocal()
  if (!expiresAt) {
    throw new UserFacingException('Choose when the order expires', { field: 'expiresAt' })
  }
  if (expiresAt <= now) {
    throw new UserFacingException('Expiry must be in the future', { field: 'expiresAt' })
  }
  return expiresAt.toLocal()
}

/** The expiry choice a request means: as given, else 'date' when it names a moment, else 'gtc'. */
export function expiryChoice(
  expiry: PendingExpiry | undefined,
  expiresAt: DateTime | null | undefined
): PendingExpiry {
  return expiry ?? (expiresAt ? 'date' : 'gtc')
}
