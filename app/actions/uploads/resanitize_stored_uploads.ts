import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { DocumentKind } from '#domain/file_kinds'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { DOCUMENT_UPLOAD, IMAGE_UPLOAD, sanitizeBytes } from '#services/upload_sanitizer'

/** Where stored uploads are named: the disk, the table and its file columns, and what each may hold. */
const STORED_UPLOADS: {
  disk: 'fs' | 'public'
  table: string
  columns: string[]
  accepted: readonly DocumentKind[]
}[] = [
  {
    disk: 'fs',
    table: 'kyc_documents',
    columns: ['front_path', 'back_path', 'address_path'],
    accepted: DOCUMENT_UPLOAD,
  },
  { disk: 'fs', table: 'deposits', columns: ['proof_path'], accepted: DOCUMENT_UPLOAD },
  { disk: 'public', table: 'payment_gateways', columns: ['logo_path'], accepted: IMAGE_UPLOAD },
  { disk: 'public', table: 'external_payments', columns: ['logo_path'], accepted: IMAGE_UPLOAD },
]

export interface StoredUploadFinding {
  table: string
  id: number
  column: string
  key: string
  /** Why the file would be refused today, or that it is missing. */
  problem: string
}

export interface ResanitizeReport {
  checked: number
  /** Re-encoded in place (with `dryRun`: would be). */
  cleaned: number
  unchanged: number
  /** Kept as they are, for staff to review: refused by today's rules, or missing from the disk. */
  findings: StoredUploadFinding[]
}

/**
 * Passes every stored upload through today's gate (files stored before the
 * upload sanitizer existed were judged by their first bytes only): images are
 * re-encoded in place under the same key, so only pixels remain; files today's
 * rules refuse are reported, never deleted, since a KYC document or a deposit
 * proof is evidence staff decide on.
 */
export async function resanitizeStoredUploads(
  options: { dryRun?: boolean } = {}
): Promise<ResanitizeReport> {
  const report: ResanitizeReport = { checked: 0, cleaned: 0, unchanged: 0, findings: [] }
  for (const { disk, table, columns, accepted } of STORED_UPLOADS) {
    const rows = await db.from(table).select('id', ...columns)
    for (const row of rows) {
      for (const column of columns) {
        const key = row[column] as string | null
        if (!key) continue
        report.checked++
        const finding = (problem: string) =>
          report.findings.push({ table, id: row.id, column, key, problem })
        const stored = await drive
          .use(disk)
          .getBytes(key)
          .catch(() => null)
        if (!stored) {
          finding('missing from the disk')
          continue
        }
        const bytes = Buffer.from(stored)
        try {
          const clean = await sanitizeBytes(bytes, accepted, column)
          if (clean.bytes.equals(bytes)) {
            report.unchanged++
            continue
          }
          if (!options.dryRun) await drive.use(disk).put(key, clean.bytes)
          report.cleaned++
        } catch (error) {
          if (!(error instanceof UserFacingException)) throw error
          finding(error.message)
        }
      }
    }
  }
  return report
}
