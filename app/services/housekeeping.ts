import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { expiredBefore, RETENTION } from '#domain/retention'
import { pruneLeadImportReports } from '#services/lead_import_reports'

/**
 * Removes what has outlived its retention (RETENTION): the lead-intake API's
 * stored first answers and the CSV imports' error reports. Safe to run in
 * several processes at once: each removal is idempotent.
 */
export async function pruneExpired(now = new Date()) {
  const requestsBefore = DateTime.fromJSDate(
    expiredBefore(now, RETENTION.leadIntakeRequestDays)
  ).toSQL({ includeOffset: false })
  const intakeRequests = Number(
    await db.from('lead_intake_requests').where('created_at', '<', requestsBefore!).delete()
  )
  const importReports = await pruneLeadImportReports(
    expiredBefore(now, RETENTION.leadImportReportDays)
  )
  return { intakeRequests, importReports }
}

/** Prunes a minute after boot, then every RETENTION.everyMs; answers the stop. */
export function startHousekeeping(): () => void {
  const run = () =>
    pruneExpired()
      .then((pruned) => logger.info(pruned, 'housekeeping: expired records pruned'))
      .catch((error) => logger.warn({ err: error }, 'housekeeping: prune failed'))
  const first = setTimeout(run, RETENTION.firstAfterMs)
  const every = setInterval(run, RETENTION.everyMs)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
