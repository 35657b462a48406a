/**
 * The market lease's rules (issue 22 item 1), as pure functions: the
 * database applies the same conditions in one compare-and-set UPDATE
 * (app/services/market/market_lease.ts); these decide what a row read back
 * means. Times are milliseconds of the database's clock.
 */

/** A lease lives this long unless renewed. */
export const LEASE_TTL_MS = 3000
/** The holder renews this often: two renewals may fail before it expires. */
export const LEASE_RENEW_MS = 1000
/** A standby tries to take the lease this often, so it takes over within TTL + this of a holder's death. */
export const LEASE_RETRY_MS = 1000

export interface LeaseRow {
  holder: string | null
  epoch: number
  expiresAt: number
  acquiredAt: number | null
  renewedAt: number | null
}

/** Whether the lease has run out at `now` (expiry is exclusive: at expires_at it is free). */
export function leaseExpired(row: Pick<LeaseRow, 'expiresAt'>, now: number) {
  return row.expiresAt <= now
}

/** Whether anyone may take the lease now: nobody holds it or it expired. */
export function leaseFree(row: Pick<LeaseRow, 'holder' | 'expiresAt'>, now: number) {
  return row.holder === null || leaseExpired(row, now)
}

/** The epoch of a takeover: one more than the last, so every older holder's writes are refused. */
export function nextEpoch(row: Pick<LeaseRow, 'epoch'>) {
  return row.epoch + 1
}

/** Why a fenced write is refused, for the error and the log; null when it may go ahead. */
export function fenceRefusal(
  row: LeaseRow | null,
  holder: string,
  epoch: number,
  now: number
): string | null {
  if (!row) return 'no market lease row'
  if (row.holder !== holder) return `market lease held by ${row.holder ?? 'nobody'}`
  if (row.epoch !== epoch) return `market lease epoch is ${row.epoch}, not ${epoch}`
  if (leaseExpired(row, now)) return 'market lease expired'
  return null
}

/**
 * Whether the holder at `epoch` may extend the lease: nobody took it over (every takeover changes
 * the epoch), even if it ran out meanwhile.
 */
export function leaseRenewable(row: LeaseRow | null, holder: string, epoch: number) {
  return !!row && row.holder === holder && row.epoch === epoch
}

/** Whether `holder` holds the lease at `epoch` now: a write fenced with that epoch may commit. */
export function leaseHeldBy(row: LeaseRow | null, holder: string, epoch: number, now: number) {
  return fenceRefusal(row, holder, epoch, now) === null
}

/** A process's holder id: host, pid and a random suffix (a restarted pid never inherits a lease). */
export function leaseHolderId(hostname: string, pid: number, random: string) {
  return `${hostname}:${pid}:${random}`
}
