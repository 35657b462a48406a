import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import KycDocument from '#models/kyc_document'
import type User from '#models/user'
import { DOCUMENT_KINDS, type DocumentKind } from '#domain/file_kinds'
import { KYC_SIDES, type KycDocumentType, type KycSide } from '#domain/kyc'

/*
| Real, tiny documents of each accepted kind. The JPEG and WebP were encoded
| by Chromium's canvas from a 2×2 blue square on this project's machines; the
| PNG and PDF are built here.
*/
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q=='
const WEBP_BASE64 =
  'UklGRhgCAABXRUJQVlA4WAoAAAAgAAAAAQAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggKgAAAJABAJ0BKgIAAgACwEwloAJ0ugADmAD+6Di/+N462+tvbz+hRsomkwAAAA=='
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWIyTjvzH4SZGKAAAAAA///1ctubAAAABklEQVQDAD4KBM0quBojAAAAAElFTkSuQmCC'

/** A one-page PDF with a correct cross-reference table. */
function minimalPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

export const SAMPLES: Record<DocumentKind, Buffer> = {
  jpeg: Buffer.from(JPEG_BASE64, 'base64'),
  png: Buffer.from(PNG_BASE64, 'base64'),
  webp: Buffer.from(WEBP_BASE64, 'base64'),
  pdf: minimalPdf(),
}

/** A small valid PNG (for the browser's file inputs too). */
export const SAMPLE_PNG = SAMPLES.png

export interface Upload {
  bytes: Buffer
  filename: string
  contentType?: string
}

export const upload = (
  kind: DocumentKind,
  filename = `document.${DOCUMENT_KINDS[kind].extension}`
): Upload => ({
  bytes: SAMPLES[kind],
  filename,
  contentType: DOCUMENT_KINDS[kind].mime,
})

/** Files written during a test, removed from the private disk afterwards. */
const written = new Set<string>()

export function removeKycFilesAfterEach(group: Group) {
  group.each.teardown(async () => {
    const disk = drive.use('fs')
    await Promise.all([...written].map((key) => disk.delete(key).catch(() => undefined)))
    written.clear()
  })
}

/** Marks a stored private file for removal after the test. */
export function forgetFile(key: string | null | undefined) {
  if (key) written.add(key)
}

/** Marks a document's files for removal after the test. */
export function forgetFilesOf(document: KycDocument | null) {
  for (const key of [document?.frontPath, document?.backPath, document?.addressPath])
    if (key) written.add(key)
}

/**
 * POST /kyc as the browser sends it (multipart, CSRF token). Fields left out
 * of `parts` are not sent; by default a passport with a PNG, a JPEG and a PDF.
 */
export async function submitKyc(
  client: ApiClient,
  user: User,
  parts: { type?: string | null } & Partial<Record<KycSide, Upload | null>> = {}
) {
  const defaults = {
    type: 'passport',
    front: upload('png'),
    back: upload('jpeg'),
    address: upload('pdf'),
  }
  const all = { ...defaults, ...parts }
  let request = client
    .post('/kyc')
    .header('Accept', 'application/json')
    .loginAs(user)
    .withCsrfToken()
  if (all.type !== null && all.type !== undefined) request = request.field('type', all.type)
  for (const side of KYC_SIDES) {
    const file = all[side]
    if (file)
      request = request.file(side, file.bytes, {
        filename: file.filename,
        contentType: file.contentType,
      })
  }
  const response = await request
  forgetFilesOf(await KycDocument.query().where('user_id', user.id).orderBy('id', 'desc').first())
  return response
}

/** A submission with real files on the private disk, as if uploaded (kinds per side). */
export async function storedDocument(
  user: User,
  options: {
    status?: 'pending' | 'approved' | 'declined'
    type?: KycDocumentType
    kinds?: Partial<Record<KycSide, DocumentKind>>
    declineReason?: string | null
  } = {}
) {
  const kinds = { front: 'png', back: 'jpeg', address: 'pdf', ...options.kinds } as Record<
    KycSide,
    DocumentKind
  >
  const disk = drive.use('fs')
  const paths = {} as Record<KycSide, string>
  for (const side of KYC_SIDES) {
    const key = `kyc/${user.id}/${randomUUID()}.${DOCUMENT_KINDS[kinds[side]].extension}`
    await disk.put(key, SAMPLES[kinds[side]])
    written.add(key)
    paths[side] = key
  }
  return KycDocument.create({
    userId: user.id,
    type: options.type ?? 'passport',
    frontPath: paths.front,
    backPath: paths.back,
    addressPath: paths.address,
    status: options.status ?? 'pending',
    declineReason: options.declineReason ?? null,
  })
}
