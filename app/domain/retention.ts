/**
 * How long the app keeps what it only needs for a while (pruned by
 * app/services/housekeeping.ts in every web process).
 */
export const RETENTION = {
  /** A stored first answer of the lead-intake API: a retry within this finds it (docs/DECISIONS.md). */
  leadIntakeRequestDays: 30,
  /** A staff write's stored first answer (`Idempotency-Key`): retries come within minutes. */
  staffIdempotencyKeyDays: 30,
  /** A CSV import's per-row error report: the uploader downloads it right after the import. */
  leadImportReportDays: 7,
  /** Between two prunes; the first runs a minute after boot. */
  everyMs: 6 * 60 * 60 * 1000,
  firstAfterMs: 60 * 1000,
} as const

/** The instant before which a thing kept `days` days is expired. */
export function expiredBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
}
