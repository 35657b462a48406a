import { randomUUID } from 'node:crypto'
import router from '@adonisjs/core/services/router'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { UPLOAD_KINDS, type UploadKind } from '#domain/file_kinds'
import { IMAGE_UPLOAD, sanitizeUpload, type CleanUpload } from '#services/upload_sanitizer'

/**
 * Public images (gateway logos and QR codes, external payment logos, the
 * site's icon, logo and sign-in background) live on
 * the `public` disk (config/drive.ts), served by drive's own route
 * `GET /uploads/*`. Only what is meant for every visitor goes here: KYC files
 * and payment proofs stay on the private disk.
 */
const PUBLIC_DISK = 'public'
const SERVE_ROUTE = `drive.${PUBLIC_DISK}.serve`

/** The folders public files are kept in (the key's first segment). */
export type PublicFolder = 'gateways' | 'external-payments' | 'branding'

/** The address a browser loads a stored public file from; null when there is none. */
export function publicFileUrl(path: string | null): string | null {
  if (!path) return null
  // Each segment encoded: the file server decodes the path it is given.
  return router
    .builder()
    .params({ '*': path.split('/').map(encodeURIComponent) })
    .make(SERVE_ROUTE)
}

/**
 * Stores an uploaded image under {folder}/{random}.{ext}: only JPEG, PNG or
 * WebP (an SVG can carry script, a PDF is no logo), re-encoded by
 * `sanitizeUpload` so only pixels reach a disk every visitor reads, the
 * extension from the re-encoded format. A refusal is a 422 under `field`.
 */
export async function storePublicImage(
  file: MultipartFile,
  folder: PublicFolder,
  field: string
): Promise<string> {
  return storeCleanPublicFile(await sanitizeUpload(file, IMAGE_UPLOAD, field), folder)
}

/**
 * Stores a file that already passed `sanitizeUpload` under
 * {folder}/{random}.{ext}, the extension (hence the served content type) from
 * its checked kind. For forms that check several files before storing any.
 */
export async function storeCleanPublicFile(
  upload: CleanUpload<UploadKind>,
  folder: PublicFolder
): Promise<string> {
  const key = `${folder}/${randomUUID()}.${UPLOAD_KINDS[upload.kind].extension}`
  await drive.use(PUBLIC_DISK).put(key, upload.bytes)
  return key
}

/** Removes a stored public file (replaced or its row deleted); a missing file is no error. */
export async function deletePublicFile(path: string | null | undefined) {
  if (!path) return
  await drive
    .use(PUBLIC_DISK)
    .delete(path)
    .catch(() => undefined)
}

/** Whether a stored public file exists (tests and housekeeping). */
export function publicFileExists(path: string): Promise<boolean> {
  return drive.use(PUBLIC_DISK).exists(path)
}
