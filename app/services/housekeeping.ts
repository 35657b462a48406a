import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { expiredBefore, RETENTION } from '#domain/retention'
import { pruneLeadImportReports } from '#services/lead_import_reports'
import { refreshLeadSearchTrigrams } from '#services/lead_search_trigrams'
import { foldLeadDeskCounts } from '#services/lead_desk_counts'

/**
 * Removes what has outlived its retention (RETENTION): the lead-intake API's
 * and the staff writes' stored first answers and the CSV imports' error reports. Safe to run in
 * several processes at once: each removal is idempotent.
 */
export async function pruneExpired(now = new Date()) {
  const olderThan = (table: string, days: number) => {
    const before = DateTime.fromJSDate(expiredBefore(now, days)).toSQL({ includeOffset: false })
    return db.from(table).where('created_at', '<', before!).delete().then(Number)
  }
  const intakeRequests = await olderThan('lead_intake_requests', RETENTION.leadIntakeRequestDays)
  const staffIdempotencyKeys = await olderThan(
    'idempotency_keys',
    RETENTION.staffIdempotencyKeyDays
  )
  const importReports = await pruneLeadImportReports(
    expiredBefore(now, RETENTION.leadImportReportDays)
  )
  return { intakeRequests, staffIdempotencyKeys, importReports }
}

/** How often the kept desk totals are looked at for folding (each append is a row to sum until then). */
const LEAD_DESK_COUNTS_FOLD_MS = 60_000

/**
 * Prunes a minute after boot, then every RETENTION.everyMs, and refreshes the
 * lead search's trigram figures when a day old; folds the kept desk totals
 * every minute when enough rows were appended; answers the stop.
 */
export function startHousekeeping(): () => void {
  const run = () =>
    pruneExpired()
      .then((pruned) => {
        if (Object.values(pruned).some((count) => count > 0))
          logger.info(pruned, 'housekeeping: expired records pruned')
      })
      .catch((error) => logger.warn({ err: error }, 'housekeeping: prune failed'))
      .then(() => refreshLeadSearchTrigrams())
      .then((refreshed) => {
        if (refreshed) logger.info('housekeeping: lead search trigram figures refreshed')
      })
      .catch((error) => logger.warn({ err: error }, 'housekeeping: trigram refresh failed'))
  const fold = () =>
    foldLeadDeskCounts().catch((error) =>
      logger.warn({ err: error }, 'housekeeping: lead desk counts fold failed')
    )
  const first = setTimeout(run, RETENTION.firstAfterMs)
  const every = setInterval(run, RETENTION.everyMs)
  const folds = setInterval(fold, LEAD_DESK_COUNTS_FOLD_MS)
  for (const timer of [first, every, folds]) timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
    clearInterval(folds)
  }
}
