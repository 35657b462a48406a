import db from '@adonisjs/lucid/services/db'
import { chainBreak, GENESIS_HASH, type StoredAuditRow } from '#domain/audit'

export interface ChainReport {
  /** Rows checked (up to and including a broken one). */
  rows: number
  /** The last row's hash: record it elsewhere to anchor the chain (see `anchor`). */
  head: string
  /** The first row that breaks the chain, and why. */
  broken: { id: number; reason: string } | null
  /** With an anchor: whether a row with that hash was found in the verified chain. */
  anchorFound?: boolean
}

/**
 * Walks `audit_logs` in id order in batches (memory stays bounded however
 * long the log), checking each row against the previous one's hash
 * (`chainBreak`). Stops at the first broken row. An `anchor` (a head hash
 * recorded elsewhere earlier) must appear in the chain: that catches a chain
 * rewritten from its start, or rows removed from its end, which the chain
 * alone cannot show.
 */
export async function verifyAuditChain(
  options: { batchSize?: number; anchor?: string } = {}
): Promise<ChainReport> {
  const batchSize = options.batchSize ?? 1000
  let expected = GENESIS_HASH
  let lastId = 0
  let rows = 0
  let anchorFound = options.anchor === GENESIS_HASH
  for (;;) {
    const batch: StoredAuditRow[] = await db
      .from('audit_logs')
      .where('id', '>', lastId)
      .orderBy('id', 'asc')
      .limit(batchSize)
    for (const row of batch) {
      rows++
      const reason = chainBreak(expected, row)
      if (reason)
        return {
          rows,
          head: expected,
          broken: { id: Number(row.id), reason },
          ...anchored(options, anchorFound),
        }
      expected = row.hash
      if (row.hash === options.anchor) anchorFound = true
      lastId = Number(row.id)
    }
    if (batch.length < batchSize) break
  }
  return { rows, head: expected, broken: null, ...anchored(options, anchorFound) }
}

const anchored = (options: { anchor?: string }, found: boolean) =>
  options.anchor === undefined ? {} : { anchorFound: found }
