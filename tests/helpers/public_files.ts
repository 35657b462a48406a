import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import drive from '@adonisjs/drive/services/main'
import type User from '#models/user'
import { SAMPLES, type Upload } from '#tests/helpers/kyc'

/** Files written to the public disk during a test, removed afterwards (rows roll back, files would not). */
const written = new Set<string>()

export function removePublicFilesAfterEach(group: Group) {
  group.each.teardown(async () => {
    const disk = drive.use('public')
    await Promise.all([...written].map((key) => disk.delete(key).catch(() => undefined)))
    written.clear()
  })
}

/** Marks a stored public file for removal after the test. */
export function forgetPublicFile(key: string | null | undefined) {
  if (key) written.add(key)
}

export function publicFileExists(key: string) {
  return drive.use('public').exists(key)
}

/** Uploads that are not what they claim, and one too big. */
export const BAD_UPLOADS: Record<string, Upload> = {
  'a text file renamed .png': {
    bytes: Buffer.from('just some text, not a picture\n'),
    filename: 'logo.png',
    contentType: 'image/png',
  },
  'an SVG': {
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    filename: 'logo.svg',
    contentType: 'image/svg+xml',
  },
  'an SVG with an XML prolog, named .png': {
    bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    filename: 'logo.png',
    contentType: 'image/png',
  },
  'a PDF': { bytes: SAMPLES.pdf, filename: 'logo.pdf', contentType: 'application/pdf' },
}

/** A file that starts like a PNG but is just over 1 MB. */
export const OVERSIZED_PNG: Upload = {
  bytes: Buffer.concat([SAMPLES.png, Buffer.alloc(1024 * 1024 + 1 - SAMPLES.png.length + 1)]),
  filename: 'big.png',
  contentType: 'image/png',
}

/**
 * A multipart request as the staff forms send it: text fields, files, and
 * arrays as repeated `name[]` fields; JSON accepted, CSRF token attached.
 */
export function multipart(
  client: ApiClient,
  method: 'post' | 'put',
  url: string,
  user: User,
  fields: Record<string, string | string[]>,
  files: Record<string, Upload> = {}
) {
  let request = client[method](url)
    .header('Accept', 'application/json')
    .loginAs(user)
    .withCsrfToken()
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) request = request.field(`${name}[]`, item)
    else request = request.field(name, value)
  }
  for (const [name, file] of Object.entries(files)) {
    request = request.file(name, file.bytes, {
      filename: file.filename,
      contentType: file.contentType,
    })
  }
  return request
}
