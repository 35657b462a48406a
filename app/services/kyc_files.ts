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
import { UserFacingException } from '#exceptions/user_facing_exception'

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
 * Moves an uploaded document (image or PDF, by its content) to the private
 * disk as {folder}/{userId}/{random}.{ext}; answers the stored key.
 */
export async function storePrivateDocument(
  folder: 'kyc' | 'deposit-proofs',
  userId: number,
  file: MultipartFile,
  field: string
): Promise<string> {
  const kind = file.tmpPath ? await sniffFile(file.tmpPath) : null
  if (!kind) throw new UserFacingException('This file is not a JPEG, PNG or WebP image or a PDF', { field })
  const key = `${folder}/${userId}/${randomUUID()}.${DOCUMENT_KINDS[kind].extension}`
  await file.moveToDisk(key, PRIVATE_DISK)
  return key
}

/** A KYC document: kyc/{userId}/{random}.{ext}. */
export const storeKycFile = (userId: number, file: MultipartFile, field: string) =>
  storePrivateDocument('kyc', userId, file, field)

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
