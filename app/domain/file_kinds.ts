import { looksLikeIco } from './ico_file.js'

/**
 * Uploaded documents are recognised by their content (magic bytes), never by
 * their name or the browser's MIME type: a text file renamed to .jpg is not an
 * image. The kinds identity documents may be sent as: JPEG, PNG, WebP, PDF.
 */
export const DOCUMENT_KINDS = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg', image: true },
  png: { mime: 'image/png', extension: 'png', image: true },
  webp: { mime: 'image/webp', extension: 'webp', image: true },
  pdf: { mime: 'application/pdf', extension: 'pdf', image: false },
} as const

export type DocumentKind = keyof typeof DOCUMENT_KINDS

/**
 * Every kind an upload may be: the document kinds and the icon (ICO), which
 * only the site's favicon accepts (app/domain/ico_file.ts reads it).
 */
export const UPLOAD_KINDS = {
  ...DOCUMENT_KINDS,
  ico: { mime: 'image/vnd.microsoft.icon', extension: 'ico', image: true },
} as const

export type UploadKind = keyof typeof UPLOAD_KINDS

/** How many leading bytes `sniffDocumentKind` needs to decide. */
export const SNIFF_BYTES = 12

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

const JPEG = [0xff, 0xd8, 0xff]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const RIFF = ascii('RIFF')
const WEBP = ascii('WEBP')
const PDF = ascii('%PDF-')

/** The document kind the leading bytes of a file announce, or null for anything else. */
export function sniffDocumentKind(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, JPEG)) return 'jpeg'
  if (startsWith(bytes, PNG)) return 'png'
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp'
  if (startsWith(bytes, PDF)) return 'pdf'
  return null
}

/** The upload kind the leading bytes announce (a document kind or an icon), or null. */
export function sniffUploadKind(bytes: Uint8Array): UploadKind | null {
  return sniffDocumentKind(bytes) ?? (looksLikeIco(bytes) ? 'ico' : null)
}

/** Whether the leading bytes are SVG or other XML markup (named in the refusal, never accepted). */
export function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 256))
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase()
  return head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!doctype svg')
}

/** The kind of a stored file, from the extension the server itself gave it after sniffing. */
export function kindOfStoredName(name: string): DocumentKind | null {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase()
  const found = (Object.keys(DOCUMENT_KINDS) as DocumentKind[]).find(
    (kind) => DOCUMENT_KINDS[kind].extension === extension
  )
  return found ?? null
}
