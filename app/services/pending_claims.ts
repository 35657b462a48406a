import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'

/**
 * Moves a pending deposit or withdrawal to its decision with a conditional
 * update (`WHERE status = 'pending'`): of any number of concurrent deciders
 * (staff clicks, provider retries) exactly one claims the row, on SQLite and
 * PostgreSQL alike. Answers whether this caller won; the losers' transactions
 * must move no money.
 */
export async function claimPending(
  trx: TransactionClientContract,
  table: 'deposits' | 'withdrawals',
  id: number,
  decision: { status: 'approved' | 'declined'; decidedById: number | null } & Record<
    string,
    unknown
  >,
  options: { orProviderDeclined?: boolean } = {}
): Promise<boolean> {
  const now = DateTime.now().toSQL({ includeOffset: false })
  const { decidedById, ...columns } = decision
  const claimed = await trx
    .from(table)
    .where('id', id)
    .where((q) => {
      q.where('status', 'pending')
      // A provider may report a failed attempt and then a paid retry of the same payment: its own decline yields.
      if (options.orProviderDeclined)
        q.orWhere((d) => d.where('status', 'declined').whereNull('decided_by_id'))
    })
    .update({ ...columns, decided_by_id: decidedById, decided_at: now, updated_at: now })
  return Number(Array.isArray(claimed) ? claimed[0] : claimed) === 1
}
