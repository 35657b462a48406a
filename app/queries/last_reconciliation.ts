import Reconciliation from '#models/reconciliation'
import type { ReconciliationSummary } from '#domain/reconciliation'

/** The latest finished reconciliation of the books, as the admin dashboard's line needs it, or null. */
export async function lastReconciliation(): Promise<ReconciliationSummary | null> {
  const last = await Reconciliation.query()
    .whereNotNull('finished_at')
    .orderBy('id', 'desc')
    .first()
  if (!last) return null
  return {
    kind: last.kind,
    rolloverDate: last.rolloverDate,
    wallets: last.wallets,
    differences: last.differences,
    finishedAt: last.finishedAt?.toUTC().toISO() ?? null,
  }
}
