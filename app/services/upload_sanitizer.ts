import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  looksLikeMarkup,
  sniffDocumentKind,
  sniffUploadKind,
  type DocumentKind,
  type UploadKind,
} from '#domain/file_kinds'
import { ICO_MAX_SIDE, readIco, writeIco, type IcoEntry } from '#domain/ico_file'
import { PDF_PROBLEM_MESSAGES, inspectPdf } from '#domain/pdf_inspection'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { WorkSlots } from '#services/work_slots'

/**
 * The one gate every upload passes before anything is written. A file is
 * judged by its content, never by its name or claimed type:
 * - JPEG, PNG and WebP are decoded and re-encoded into the same format, so
 *   what we store is pixels only: whatever trails or hides in the file
 *   (HTML, SVG, script, EXIF with GPS, ICC text) is gone, and the EXIF
 *   orientation is applied to the pixels before it is dropped;
 * - a PDF is kept as sent only when it carries no script, automatic action,
 *   embedded file or encryption (`inspectPdf`);
 * - an ICO (the favicon only) is rebuilt: a fresh directory, each PNG entry
 *   re-encoded, each bitmap entry cut to the bytes its pixels need.
 * SVG is never accepted: it is a document that can carry script, and no
 * sanitizer here makes one safe to serve from our origin.
 * Anything else, or anything that does not decode cleanly, is refused with a
 * 422 under the field. Only formats we accept ever reach sharp, which could
 * otherwise decode SVG, GIF, TIFF or HEIF too.
 */

/** Decoded images are at most 50 megapixels (8,660 × 5,774): a small file cannot claim a huge canvas. */
export const MAX_IMAGE_PIXELS = 50_000_000

/** Uploads decoded or inspected at once per process; the rest queue (memory stays bounded). */
export const uploadSlots = new WorkSlots(2)

/** What an upload may be: an image or a PDF (documents), or an image only (public pictures). */
export const DOCUMENT_UPLOAD: readonly DocumentKind[] = ['jpeg', 'png', 'webp', 'pdf']
export const IMAGE_UPLOAD: readonly DocumentKind[] = ['jpeg', 'png', 'webp']
/** What the site's icon may be: a picture or an ICO. */
export const ICON_UPLOAD: readonly UploadKind[] = ['png', 'jpeg', 'webp', 'ico']

/** A file that passed: the bytes to store and their kind (which names the extension and content type). */
export interface CleanUpload<K extends UploadKind = DocumentKind> {
  bytes: Buffer
  kind: K
}

const UNREADABLE_IMAGE =
  'This image could not be read: it is damaged, incomplete or not really a JPEG, PNG or WebP image'

/** Checks and cleans an uploaded file; throws a 422 UserFacingException under `field` when it is refused. */
export async function sanitizeUpload<K extends UploadKind>(
  file: MultipartFile,
  accepted: readonly K[],
  field: string
): Promise<CleanUpload<K>> {
  const bytes = file.tmpPath ? await readFile(file.tmpPath).catch(() => null) : null
  return sanitizeBytes(bytes ?? Buffer.alloc(0), accepted, field)
}

/** The same on bytes in memory. */
export async function sanitizeBytes<K extends UploadKind>(
  bytes: Buffer,
  accepted: readonly K[],
  field: string
): Promise<CleanUpload<K>> {
  const sniffed = sniffUploadKind(bytes)
  if (!sniffed || !(accepted as readonly UploadKind[]).includes(sniffed)) {
    throw refused(
      looksLikeMarkup(bytes) && !sniffed ? svgMessage(accepted) : kindsMessage(accepted),
      field
    )
  }
  const kind = sniffed as K
  return uploadSlots.run(async () => {
    if (kind === 'pdf') {
      const verdict = inspectPdf(bytes)
      if (!verdict.ok) throw refused(PDF_PROBLEM_MESSAGES[verdict.problem], field)
      return { bytes, kind }
    }
    if (kind === 'ico') return { bytes: await rebuildIcon(bytes, field), kind }
    return { bytes: await reencodeImage(bytes, kind as DocumentKind, field), kind }
  })
}

const UNREADABLE_ICON = 'This icon could not be read: it is damaged or not really an ICO file'

/** A clean copy of an ICO: PNG entries re-encoded, bitmap entries cut to their pixels. */
async function rebuildIcon(bytes: Buffer, field: string): Promise<Buffer> {
  const images = readIco(bytes)
  if (!images) throw refused(UNREADABLE_ICON, field)
  const entries: IcoEntry[] = []
  for (const image of images) {
    if (image.kind === 'bmp') {
      entries.push(image)
      continue
    }
    const png = await reencodeImage(Buffer.from(image.data), 'png', field)
    const { width = 0, height = 0 } = await sharp(png).metadata()
    if (width > ICO_MAX_SIDE || height > ICO_MAX_SIDE) throw refused(UNREADABLE_ICON, field)
    entries.push({ data: png, width, height, bitCount: 32 })
  }
  return Buffer.from(writeIco(entries))
}

/** Decodes and re-encodes an image into its own format; metadata is not copied (sharp's default). */
async function reencodeImage(bytes: Buffer, kind: DocumentKind, field: string): Promise<Buffer> {
  // 'error' refuses a truncated or corrupt image; 'warning' would also refuse photos with harmless quirks.
  const image = () =>
    sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true })
  try {
    const metadata = await image().metadata()
    // Our sniff and libvips's own detection must agree, or the file is something else in disguise.
    if (metadata.format !== kind) throw refused(UNREADABLE_IMAGE, field)
    const pipeline = image()
    const encoded =
      kind === 'jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : kind === 'png'
          ? pipeline.png()
          : pipeline.webp({ quality: 90 })
    const output = await encoded.toBuffer()
    if (sniffDocumentKind(output) !== kind) throw refused(UNREADABLE_IMAGE, field)
    return output
  } catch (error) {
    if (error instanceof UserFacingException) throw error
    const message = error instanceof Error ? error.message : ''
    if (/pixel limit/i.test(message)) {
      throw refused(
        `This image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
        field
      )
    }
    throw refused(UNREADABLE_IMAGE, field)
  }
}

function kindsMessage(accepted: readonly UploadKind[]) {
  if (accepted.includes('pdf')) return 'This file is not a JPEG, PNG or WebP image or a PDF'
  if (accepted.includes('ico')) return 'This file is not a PNG, JPEG, WebP or ICO image'
  return 'This file is not a PNG, JPEG or WebP image'
}

function svgMessage(accepted: readonly UploadKind[]) {
  return accepted.includes('pdf')
    ? kindsMessage(accepted)
    : accepted.includes('ico')
      ? 'SVG files are not accepted: upload a PNG, JPEG, WebP or ICO image'
      : 'SVG files are not accepted: upload a PNG, JPEG or WebP image'
}

const refused = (message: string, field: string) =>
  new UserFacingException(message, { status: 422, field })
