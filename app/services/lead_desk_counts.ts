import db from '@adonisjs/lucid/services/db'

interface KeptRow {
  group: string | null
  manager_id: number | null
  agent_id: number | null
  ret_agent_id: number | null
  n: number | string
}

/** Rows the last fold in this process left (one per key); a fold waits until this many more arrive. */
let rowsAfterLastFold: number | null = null
const FOLD_AFTER_NEW_ROWS = 500

/**
 * Folds `lead_desk_counts` (migration 034) into one row per key, the zero sums
 * dropped, when enough rows were appended since this process last folded.
 * One transaction takes every row it can see away (DELETE … RETURNING) and
 * puts back their sums: a row appended by a transaction that commits
 * meanwhile is not seen, so it stays; a second fold at the same time waits
 * on the deleted rows and then finds none of them. Answers the rows folded.
 */
export async function foldLeadDeskCounts(force = false): Promise<number> {
  if (!force && rowsAfterLastFold !== null) {
    const row = await db.from('lead_desk_counts').count('* as rows').first()
    if (Number(row?.rows ?? 0) < rowsAfterLastFold + FOLD_AFTER_NEW_ROWS) return 0
  }
  return db.transaction(async (trx) => {
    const taken = await trx.rawQuery(
      'DELETE FROM lead_desk_counts RETURNING "group", manager_id, agent_id, ret_agent_id, n'
    )
    const rows: KeptRow[] = Array.isArray(taken) ? taken : taken.rows
    const sums = new Map<string, KeptRow & { n: number }>()
    for (const row of rows) {
      const key = JSON.stringify([row.group, row.manager_id, row.agent_id, row.ret_agent_id])
      const sum = sums.get(key) ?? { ...row, n: 0 }
      sum.n += Number(row.n)
      sums.set(key, sum)
    }
    const kept = [...sums.values()].filter((row) => row.n !== 0)
    for (let start = 0; start < kept.length; start += 500) {
      await trx.table('lead_desk_counts').multiInsert(kept.slice(start, start + 500))
    }
    rowsAfterLastFold = kept.length
    return rows.length
  })
}
