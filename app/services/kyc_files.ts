import { randomUUID } from 'node:crypto'
import { open, unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  DOCUMENT_KINDS,
  SNIFF_BYTES,
  kindOfStoredName,
  sniffDocumentKind,
  type DocumentKind,
} from '#domain/file_kinds'
import { DOCUMENT_UPLOAD, sanitizeUpload, type CleanUpload } from '#services/upload_sanitizer'

/**
 * KYC files live on the private disk (config/drive.ts `fs`, never served from
 * disk) under random names; they reach a browser only through the authorized
 * file route.
 */
const PRIVATE_DISK = 'fs'

/** The kind a file on the local filesystem announces by its leading bytes. */
export async function sniffFile(path: string): Promise<DocumentKind | null> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
    return sniffDocumentKind(buffer.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

/**
 * Stores a document that passed `sanitizeUpload` (an image re-encoded to
 * pixels only, or a plain PDF) on the private disk as
 * {folder}/{userId}/{random}.{ext}, the extension from its checked kind;
 * answers the stored key.
 */
export async function storePrivateDocument(
  folder: 'kyc' | 'deposit-proofs',
  userId: number,
  upload: CleanUpload
): Promise<string> {
  const key = `${folder}/${userId}/${randomUUID()}.${DOCUMENT_KINDS[upload.kind].extension}`
  await drive.use(PRIVATE_DISK).put(key, upload.bytes)
  return key
}

/** Checks and cleans an uploaded document (image or PDF); a refusal is a 422 under `field`. */
export const sanitizeDocument = (file: MultipartFile, field: string) =>
  sanitizeUpload(file, DOCUMENT_UPLOAD, field)

/** A KYC document: kyc/{userId}/{random}.{ext}. */
export const storeKycFile = (userId: number, upload: CleanUpload) =>
  storePrivateDocument('kyc', userId, upload)

/** Removes stored files (a submission that did not go through); a missing file is no error. */
export async function deleteKycFiles(keys: string[]) {
  const disk = drive.use(PRIVATE_DISK)
  await Promise.all(keys.map((key) => disk.delete(key).catch(() => undefined)))
}

/** A stored file to stream, with the kind its (server-given) name records; null when absent. */
export async function readKycFile(
  key: string
): Promise<{ stream: Readable; kind: DocumentKind; size: number } | null> {
  const kind = kindOfStoredName(key)
  if (!kind) return null
  const disk = drive.use(PRIVATE_DISK)
  if (!(await disk.exists(key))) return null
  const { contentLength } = await disk.getMetaData(key)
  return { stream: await disk.getStream(key), kind, size: contentLength }
}

/**
 * Removes the temporary copies the body parser wrote for a request's uploads
 * (it keeps them otherwise); files already moved to the disk are gone already.
 */
export async function discardUploads(files: Record<string, unknown>) {
  const all = Object.values(files).flat(Infinity) as Partial<MultipartFile>[]
  await Promise.all(
    all.map((file) => (file?.tmpPath ? unlink(file.tmpPath).catch(() => undefined) : undefined))
  )
}

/** Streams a stored private file inline, never cached and never sniffed by the browser. */
export function sendPrivateFile(
  response: HttpContext['response'],
  file: { stream: Readable; kind: DocumentKind; size: number },
  baseName: string
) {
  const { mime, extension } = DOCUMENT_KINDS[file.kind]
  response.header('Content-Type', mime)
  response.header('Content-Length', String(file.size))
  response.header('Content-Disposition', `inline; filename="${baseName}.${extension}"`)
  response.header('X-Content-Type-Options', 'nosniff')
  response.header('Cache-Control', 'private, no-store')
  return response.stream(file.stream)
}
