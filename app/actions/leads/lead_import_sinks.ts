import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { CSV_BATCH, LEAD_MESSAGES, type ImportCounts, type LeadRowError } from '#domain/lead_intake'

/** A CSV row that passed validation, ready to become a lead. */
export interface PendingRow {
  row: number
  email: string | null
  phone: string | null
  /** The leads row's columns (snake_case), without the timestamps. */
  values: Record<string, string | number | null>
}

export type RefuseDuplicate = (error: LeadRowError, kind: 'duplicates') => Promise<void>

/**
 * Where the import's valid rows go: each is checked against the leads and
 * accounts already stored (a duplicate is refused through `refuse`), then
 * inserted; `finish` writes what is still held. Both run inside the import's
 * transaction.
 */
export interface LeadSink {
  add(row: PendingRow): Promise<void>
  finish(): Promise<void>
}

export async function leadSink(
  trx: TransactionClientContract,
  refuse: RefuseDuplicate,
  counts: ImportCounts
): Promise<LeadSink> {
  return trx.dialect.name === 'postgres'
    ? batchSink(trx, refuse, counts)
    : sqliteSink(trx, refuse, counts)
}

/** The duplicate a stored lead or account makes of this row, if any. */
function duplicateMessage(row: PendingRow, has: { lead: boolean; user: boolean; phone: boolean }) {
  if (row.email) {
    if (has.lead) return LEAD_MESSAGES.emailTaken
    return has.user ? LEAD_MESSAGES.emailIsCustomer : null
  }
  return has.phone ? LEAD_MESSAGES.phoneTaken : null
}

/** The one better-sqlite3 statement API this file uses. */
interface SqliteStatement {
  get(...values: unknown[]): unknown
  run(...values: unknown[]): { changes: number }
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement
}

/**
 * SQLite runs in this process and its calls are synchronous, so each row is
 * checked and inserted at once by statements prepared once per import. No
 * rows are held in memory: batching them (as on PostgreSQL) kept each batch
 * alive long enough for V8 to promote it, and the import's heap grew past
 * the 100 MB goal with garbage (docs/BENCHMARKS.md, lead CSV import).
 */
async function sqliteSink(
  trx: TransactionClientContract,
  refuse: RefuseDuplicate,
  counts: ImportCounts
): Promise<LeadSink> {
  // A knex transaction's client hands out the transaction's own connection.
  const connection = (await (
    trx.knexClient as unknown as { client: { acquireConnection(): Promise<SqliteConnection> } }
  ).client.acquireConnection()) as SqliteConnection
  const leadEmail = connection.prepare('SELECT 1 FROM leads WHERE email = ?')
  const userEmail = connection.prepare('SELECT 1 FROM users WHERE email = ?')
  const leadPhone = connection.prepare('SELECT 1 FROM leads WHERE email IS NULL AND phone = ?')
  let insert: { statement: SqliteStatement; columns: string[] } | null = null
  const now = DateTime.now().toSQL({ includeOffset: false })

  return {
    async add(row) {
      const message = duplicateMessage(row, {
        lead: row.email !== null && leadEmail.get(row.email) !== undefined,
        user: row.email !== null && userEmail.get(row.email) !== undefined,
        phone: row.email === null && leadPhone.get(row.phone) !== undefined,
      })
      if (message) {
        await refuse({ row: row.row, field: row.email ? 'email' : 'phone', message }, 'duplicates')
        return
      }
      if (!insert) {
        const columns = Object.keys(row.values)
        const names = [...columns, 'created_at', 'updated_at'].map((c) => `"${c}"`).join(', ')
        const marks = [...columns, 'created_at', 'updated_at'].map(() => '?').join(', ')
        insert = {
          columns,
          statement: connection.prepare(
            `INSERT INTO leads (${names}) VALUES (${marks}) ON CONFLICT (email) DO NOTHING`
          ),
        }
      }
      const values = insert.columns.map((column) => row.values[column])
      if (insert.statement.run(...values, now, now).changes === 1) counts.created++
      else
        await refuse(
          { row: row.row, field: 'email', message: LEAD_MESSAGES.emailTaken },
          'duplicates'
        )
    },
    async finish() {},
  }
}

/**
 * PostgreSQL is a round trip away, so rows go in batches of CSV_BATCH, each
 * batch as one JSON parameter: one lookup of its e-mails (and phones) among
 * the leads and accounts, then one INSERT … SELECT from the JSON that yields
 * to a lead inserted meanwhile (ON CONFLICT on e-mail DO NOTHING; those count
 * as duplicates too). A JSON text instead of 15 bindings a row keeps the
 * driver from building statements of 15,000 placeholders, whose garbage grew
 * the heap by about 90 MB per 100,000 rows.
 */
function batchSink(
  trx: TransactionClientContract,
  refuse: RefuseDuplicate,
  counts: ImportCounts
): LeadSink {
  let batch: PendingRow[] = []
  const flush = async () => {
    const rows = batch
    batch = []
    if (rows.length) await insertBatch(trx, rows, refuse, counts)
  }
  return {
    async add(row) {
      batch.push(row)
      if (batch.length >= CSV_BATCH) await flush()
    },
    finish: flush,
  }
}

async function found(trx: TransactionClientContract, sql: string, values: string[]) {
  if (!values.length) return new Set<string>()
  const result = await trx.rawQuery(sql, [JSON.stringify(values)])
  return new Set<string>(result.rows.map((r: { value: string }) => r.value))
}

async function insertBatch(
  trx: TransactionClientContract,
  batch: PendingRow[],
  refuse: RefuseDuplicate,
  counts: ImportCounts
) {
  const emails = batch.flatMap((r) => (r.email ? [r.email] : []))
  const phones = batch.flatMap((r) => (!r.email && r.phone ? [r.phone] : []))
  const given = 'SELECT json_array_elements_text(?::json)'
  const leadEmails = await found(
    trx,
    `SELECT email AS value FROM leads WHERE email IN (${given})`,
    emails
  )
  const userEmails = await found(
    trx,
    `SELECT lower(email) AS value FROM users WHERE email IN (${given})`,
    emails
  )
  const leadPhones = await found(
    trx,
    `SELECT phone AS value FROM leads WHERE email IS NULL AND phone IN (${given})`,
    phones
  )

  const fresh: PendingRow[] = []
  for (const r of batch) {
    const message = duplicateMessage(r, {
      lead: r.email !== null && leadEmails.has(r.email),
      user: r.email !== null && userEmails.has(r.email),
      phone: r.email === null && leadPhones.has(r.phone!),
    })
    if (message)
      await refuse({ row: r.row, field: r.email ? 'email' : 'phone', message }, 'duplicates')
    else fresh.push(r)
  }
  if (!fresh.length) return

  const now = DateTime.now().toSQL({ includeOffset: false })
  const columns = Object.keys(fresh[0].values)
    .map((c) => `"${c}"`)
    .join(', ')
  const result = await trx.rawQuery(
    `INSERT INTO leads (${columns}, created_at, updated_at)
     SELECT ${columns}, ?::timestamp, ?::timestamp
       FROM json_populate_recordset(NULL::leads, ?::json)
     ON CONFLICT (email) DO NOTHING RETURNING email`,
    [now, now, JSON.stringify(fresh.map((r) => r.values))]
  )
  const inserted: { email: string | null }[] = result.rows
  counts.created += inserted.length
  if (inserted.length < fresh.length) {
    const done = new Set(inserted.map((r) => r.email))
    for (const r of fresh) {
      if (r.email && !done.has(r.email))
        await refuse(
          { row: r.row, field: 'email', message: LEAD_MESSAGES.emailTaken },
          'duplicates'
        )
    }
  }
}
