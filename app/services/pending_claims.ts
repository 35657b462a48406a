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
  decision: { status: 'approved' | 'declined'; decidedById: number | null } & Record<string, unknown>
): Promise<boolean> {
  const now = DateTime.now().toSQL({ includeOffset: false })
  const { decidedById, ...columns } = decision
  const claimed = await trx
    .from(table)
    .where('id', id)
    .where('status', 'pending')
    .update({ ...columns, decided_by_id: decidedById, decided_at: now, updated_at: now })
  return Number(Array.isArray(claimed) ? claimed[0] : claimed) === 1
}
