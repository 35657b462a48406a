import db from '@adonisjs/lucid/services/db'
import { chainBreak, GENESIS_HASH, type AuditAnchor, type StoredAuditRow } from '#domain/audit'

export interface ChainReport {
  /** Rows checked (up to and including a broken one). */
  rows: number
  /** The last row's hash: record it elsewhere to anchor the chain (see `anchor`). */
  head: string
  /** The first row that breaks the chain, and why. */
  broken: { id: number; reason: string } | null
  /** With an anchor: whether it holds (its hash found; with a count, at that row). */
  anchorFound?: boolean
  /** With an anchor that does not hold: why (cut short, or another hash at its row). */
  anchorProblem?: string
}

/**
 * Walks `audit_logs` in id order in batches (memory stays bounded however
 * long the log), checking each row against the previous one's hash
 * (`chainBreak`). Stops at the first broken row. An `anchor` (a head
 * recorded elsewhere earlier, see `parseAuditAnchor`) must hold: that catches
 * a chain rewritten from its start, or rows removed from its end, which the
 * chain alone cannot show. With its row count, a chain shorter than the
 * count is reported as cut short, and the row at the count must carry the
 * hash.
 */
export async function verifyAuditChain(
  options: { batchSize?: number; anchor?: string | AuditAnchor } = {}
): Promise<ChainReport> {
  const batchSize = options.batchSize ?? 1000
  const anchor =
    typeof options.anchor === 'string' ? { rows: null, hash: options.anchor } : options.anchor
  let expected = GENESIS_HASH
  let lastId = 0
  let rows = 0
  let anchorFound = anchor?.hash === GENESIS_HASH && !anchor.rows
  let anchorProblem: string | undefined
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
          ...anchored(anchor, anchorFound, anchorProblem),
        }
      expected = row.hash
      if (anchor && anchor.rows === null && row.hash === anchor.hash) anchorFound = true
      if (anchor && anchor.rows === rows) {
        anchorFound = row.hash === anchor.hash
        if (!anchorFound) anchorProblem = `row ${rows} (#${row.id}) carries another hash`
      }
      lastId = Number(row.id)
    }
    if (batch.length < batchSize) break
  }
  if (anchor?.rows && rows < anchor.rows) {
    anchorProblem = `the chain has ${rows} rows, the anchor names row ${anchor.rows}: rows were removed from its end`
  }
  return { rows, head: expected, broken: null, ...anchored(anchor, anchorFound, anchorProblem) }
}

const anchored = (anchor: AuditAnchor | undefined, found: boolean, problem?: string) =>
  anchor === undefined
    ? {}
    : {
        anchorFound: found,
        ...(!found ? { anchorProblem: problem ?? 'its hash is not in the chain' } : {}),
      }
