import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import { once } from 'node:events'
import { dirname } from 'node:path'
import { pipeline, Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { errors as vineErrors } from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import SalesStatus from '#models/sales_status'
import { Roles } from '#domain/roles'
import { csvField } from '#domain/csv'
import {
  blankToNull,
  CSV_COLUMNS,
  CSV_MAX_RECORD_BYTES,
  csvColumnIndex,
  LEAD_MESSAGES,
  missingCsvColumns,
  type CsvColumn,
  type ImportCounts,
  type LeadRowError,
} from '#domain/lead_intake'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { csvRowValidator } from '#validators/lead_admin'
import { leadSink } from '#actions/leads/lead_import_sinks'

export const CSV_MESSAGES = {
  encoding: 'The file must be UTF-8 text',
  notCsv: 'The file is not a valid CSV file (row {row})',
  missing: 'The file needs an email or a phone column',
  empty: 'The file has no leads',
} as const

/**
 * The records of a CSV file, read as a stream: decoded as UTF-8 (any invalid
 * byte is a 422, never a silent replacement character), parsed by csv-parse
 * with a bound on a record's size, the header included as the first record.
 */
async function* csvRecords(path: string): AsyncGenerator<string[]> {
  async function* text() {
    const decoder = new TextDecoder('utf-8', { fatal: true })
    try {
      for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }))
        yield decoder.decode(chunk as Buffer, { stream: true })
      yield decoder.decode()
    } catch (error) {
      if (error instanceof TypeError)
        throw new UserFacingException(CSV_MESSAGES.encoding, { field: 'file' })
      throw error
    }
  }
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: CSV_MAX_RECORD_BYTES,
  })
  // pipeline (not pipe) so a decoding error reaches the parser and ends the loop below.
  pipeline(Readable.from(text()), parser, () => undefined)
  let row = 0
  try {
    for await (const record of parser) {
      row++
      yield record as string[]
    }
  } catch (error) {
    if (error instanceof UserFacingException) throw error
    const cause = (error as { cause?: unknown }).cause
    if (cause instanceof UserFacingException) throw cause
    // csv-parse counts the records it parsed before the broken one (it may be ahead of this loop).
    const parsed = (error as { records?: unknown }).records
    const at = typeof parsed === 'number' ? parsed + 1 : row + 1
    throw new UserFacingException(CSV_MESSAGES.notCsv.replace('{row}', String(at)), {
      field: 'file',
    })
  }
}

/**
 * The first pass, before anything is written: the whole file decodes as
 * UTF-8, parses as CSV and has a header naming an e-mail or a phone column
 * (CSV_CONTACT_COLUMNS; the others are optional)
 * and at least one row. A file of junk fails at its first bytes or line.
 */
export async function checkCsvFile(path: string) {
  let header: string[] | null = null
  let rows = 0
  for await (const record of csvRecords(path)) {
    if (header === null) {
      header = record
      const missing = missingCsvColumns(header)
      if (missing.length) {
        throw new UserFacingException(CSV_MESSAGES.missing, { field: 'file' })
      }
      continue
    }
    rows++
  }
  if (!header || rows === 0) throw new UserFacingException(CSV_MESSAGES.empty, { field: 'file' })
  return { rows }
}

export interface ImportInput extends StaffContext {
  /** The uploaded file on disk. */
  path: string
  /** Where the per-row error report goes when a row is refused (removed when none is). */
  reportPath: string
  fileName?: string | null
}

export interface ImportResult extends ImportCounts {
  rows: number
  /** True when the report file holds at least one refused row. */
  hasReport: boolean
}

/**
 * Imports leads from a CSV (CRM spec §2.4 'Upload Leads', §7 POST
 * /admin/leads/csv): checked whole first (`checkCsvFile`), then read again as
 * a stream and inserted in one transaction (`leadSink`: row by row on SQLite,
 * 1,000 rows per statement on PostgreSQL). Each row
 * is validated as the add form is; a row whose e-mail is already a lead or an
 * account, or comes twice in the file (or, without an e-mail, whose phone is
 * already a lead's), is skipped as a duplicate; the refused rows go to the
 * report file (row, field, message). The leads start on the sales desk as
 * manual leads with the status named (default New); an affiliate's are theirs.
 * Memory stays bounded: at most one batch, and the set of the file's e-mails.
 */
export async function importLeads(input: ImportInput): Promise<ImportResult> {
  const { rows } = await checkCsvFile(input.path)
  const statuses = new Map<string, number>()
  let defaultStatusId: number | null = null
  for (const status of await SalesStatus.all()) {
    statuses.set(status.status.toLowerCase(), status.id)
    if (status.isDefault) defaultStatusId = status.id
  }
  defaultStatusId ??= statuses.get('new') ?? null
  const affiliateId = input.staff.roleId === Roles.AFFILIATE ? input.staff.id : null

  await mkdir(dirname(input.reportPath), { recursive: true })
  const report = createWriteStream(input.reportPath, { mode: 0o600 })
  // A write failing (disk full) or racing the cleanup below must fail the import, not the process.
  let reportError: Error | null = null
  report.on('error', (error) => (reportError ??= error))
  const counts: ImportCounts = { created: 0, duplicates: 0, invalid: 0 }
  const refuse = async (error: LeadRowError, kind: 'duplicates' | 'invalid') => {
    counts[kind]++
    await writeLine(report, [error.row, error.field, error.message])
  }

  try {
    await writeLine(report, ['row', 'field', 'message'])
    await db.transaction(async (trx) => {
      const seen = new Set<string>()
      let index: Record<CsvColumn, number> | null = null
      const sink = await leadSink(trx, refuse, counts)
      let row = 0
      for await (const record of csvRecords(input.path)) {
        row++
        if (index === null) {
          index = csvColumnIndex(record)
          continue
        }
        const raw = Object.fromEntries(
          CSV_COLUMNS.map((column) => [column, blankToNull(record[index![column]])])
        )
        let value
        try {
          value = await csvRowValidator.validate(raw)
        } catch (error) {
          if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
          const first = (error.messages as { field: string; message: string }[])[0]
          await refuse({ row, field: first.field, message: first.message }, 'invalid')
          continue
        }
        const email = value.email ?? null
        const phone = value.phone ?? null
        if (!email && !phone) {
          await refuse({ row, field: 'email', message: LEAD_MESSAGES.reachable }, 'invalid')
          continue
        }
        const statusId = value.leadStatus
          ? statuses.get(value.leadStatus.toLowerCase())
          : defaultStatusId
        if (!statusId) {
          await refuse(
            { row, field: 'leadStatus', message: LEAD_MESSAGES.unknownStatus },
            'invalid'
          )
          continue
        }
        const key = email ?? `tel:${phone}`
        if (seen.has(key)) {
          await refuse(
            { row, field: email ? 'email' : 'phone', message: 'This lead is already in the file' },
            'duplicates'
          )
          continue
        }
        seen.add(key)
        await sink.add({
          row,
          email,
          phone,
          values: {
            first_name: value.firstName ?? null,
            last_name: value.lastName ?? null,
            email,
            phone,
            country: value.country ?? null,
            city: value.city ?? null,
            funnel_link: value.funnelLink ?? null,
            reference: value.reference ?? null,
            lead_source_id: value.leadSourceId ?? null,
            sales_status_id: statusId,
            group: 'sales',
            source: 'manual',
            affiliate_id: affiliateId,
          },
        })
      }
      await sink.finish()
      await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'lead.import',
        target: { type: 'lead', id: null },
        after: { file: input.fileName ?? null, rows, ...counts },
      })
    })
  } catch (error) {
    report.destroy()
    await unlink(input.reportPath).catch(() => undefined)
    throw error
  }
  report.end()
  if (!report.closed) await once(report, 'close')
  if (reportError) throw reportError
  const hasReport = counts.duplicates + counts.invalid > 0
  if (!hasReport) await unlink(input.reportPath).catch(() => undefined)
  return { rows, ...counts, hasReport }
}

/** One line of the report, its cells neutralized as every CSV download is. */
async function writeLine(stream: WriteStream, cells: (string | number)[]) {
  if (!stream.write(cells.map(csvField).join(',') + '\r\n')) await once(stream, 'drain')
}
