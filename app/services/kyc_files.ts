import { randomUUID } from 'node:crypto'
import { open, unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
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
 * Moves an uploaded file to the private disk as kyc/{userId}/{random}.{ext},
 * the extension from its sniffed content; answers the stored key.
 */
export async function storeKycFile(userId: number, file: MultipartFile, field: string): Promise<string> {
  const kind = file.tmpPath ? await sniffFile(file.tmpPath) : null
  if (!kind) throw new UserFacingException('This file is not a JPEG, PNG or WebP image or a PDF', { field })
  const key = `kyc/${userId}/${randomUUID()}.${DOCUMENT_KINDS[kind].extension}`
  await file.moveToDisk(key, PRIVATE_DISK)
  return key
}

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
