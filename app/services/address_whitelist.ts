import type { HttpContext } from '@adonisjs/core/http'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { isStaffRole } from '#domain/staff_users'
import { whitelistAllows } from '#domain/whitelist'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { recordStaffAction, type StaffMember } from '#services/audit_log'
import { AddressRefusedException } from '#exceptions/address_refused_exception'

/** At most one audit row per account and address in this window: a refused tab retrying cannot flood the log. */
export const REFUSAL_AUDIT_WINDOW_MS = 60_000

const lastRecorded = new Map<string, number>()

/** The stored whitelist of a user, or null (no check). */
export async function whitelistOf(client: QueryClientContract, userId: number) {
  const row = await client.from('whitelists').select('ip_address').where('user_id', userId).first()
  return (row?.ip_address as string | undefined) ?? null
}

/**
 * Whether a staff account may act from `address` (issue 12 item 2): its IP
 * whitelist lists the address, or it has none. Customers have no whitelist
 * check. `address` is `request.ip()`, which believes X-Forwarded-For only
 * from the proxies in TRUSTED_PROXIES (config/app.ts).
 */
export async function addressAllowed(staff: StaffMember, address: string) {
  if (!isStaffRole(staff.roleId)) return true
  return whitelistAllows(await whitelistOf(db.connection(), staff.id), address)
}

/**
 * Refuses (403, audited) a staff account acting from an address outside its
 * whitelist: called on every request of a signed-in session. (The login and
 * the lead-intake API answer their refusals themselves: `refusedAddress`.)
 */
export async function assertAddressAllowed(staff: StaffMember, address: string, path: string) {
  if (await refusedAddress(staff, address, path)) throw new AddressRefusedException(address)
}

/**
 * Whether `address` is outside the account's whitelist; a refusal is audited
 * (throttled as below). For callers that answer the refusal themselves, such
 * as the lead-intake API, whose keys speak for their affiliate.
 */
export async function refusedAddress(staff: StaffMember, address: string, path: string) {
  if (await addressAllowed(staff, address)) return false
  await recordRefusal(staff, address, path)
  return true
}

/** The audit row of a refusal, at most one per account and address per window (per process; see docs/DECISIONS.md). */
async function recordRefusal(staff: StaffMember, address: string, path: string) {
  const key = `${staff.id}|${address}`
  const now = Date.now()
  if (now - (lastRecorded.get(key) ?? 0) < REFUSAL_AUDIT_WINDOW_MS) return
  lastRecorded.set(key, now)
  if (lastRecorded.size > 10_000) {
    for (const [k, at] of lastRecorded)
      if (now - at >= REFUSAL_AUDIT_WINDOW_MS) lastRecorded.delete(k)
  }
  try {
    await db.transaction(async (trx) => {
      await recordStaffAction(trx, {
        staff,
        ip: address,
        action: 'user.address_refused',
        target: { type: 'user', id: staff.id },
        after: { path: path.slice(0, 200) },
      })
    })
  } catch (error) {
    // The refusal stands even if the row cannot be written.
    logger.error({ err: error }, 'could not audit a whitelist refusal')
  }
}

/** Forgets the throttle (tests). */
export function forgetRefusals() {
  lastRecorded.clear()
}

/** The request path for the audit row (no query string: it may carry tokens). */
export function requestPath(ctx: HttpContext) {
  return ctx.request.url(false)
}
