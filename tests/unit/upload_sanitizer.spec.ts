import { test } from '@japa/runner'
import sharp from 'sharp'
import { sniffDocumentKind } from '#domain/file_kinds'
import { DOCUMENT_UPLOAD, IMAGE_UPLOAD, sanitizeBytes } from '#services/upload_sanitizer'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { uploadCorpus } from '#tests/fixtures/uploads/corpus'

async function outcome(bytes: Buffer, accepted = DOCUMENT_UPLOAD) {
  try {
    return { clean: await sanitizeBytes(bytes, accepted, 'front') }
  } catch (error) {
    if (error instanceof UserFacingException) return { refusal: error }
    throw error
  }
}

test.group('Upload sanitizer (the upload corpus)', () => {
  test('every refused sample is a 422 under the field with a clear message', async ({ assert }) => {
    for (const sample of (await uploadCorpus()).filter((s) => !s.storedAs)) {
      const { refusal } = await outcome(sample.bytes)
      assert.exists(refusal, sample.name)
      assert.equal(refusal!.status, 422, sample.name)
      assert.equal(refusal!.field, 'front', sample.name)
      assert.include(refusal!.message, sample.reason!, sample.name)
    }
  })

  test('every accepted image is re-encoded into its own format, without the injected text or metadata', async ({
    assert,
  }) => {
    for (const sample of (await uploadCorpus()).filter((s) => s.storedAs)) {
      const { clean } = await outcome(sample.bytes)
      assert.exists(clean, sample.name)
      assert.equal(clean!.kind, sample.storedAs, sample.name)
      assert.equal(sniffDocumentKind(clean!.bytes), sample.storedAs, sample.name)
      const text = clean!.bytes.toString('latin1')
      for (const forbidden of sample.forbidden ?? [])
        assert.notInclude(text, forbidden, sample.name)
      if (sample.storedAs === 'pdf') {
        assert.deepEqual(clean!.bytes, sample.bytes, 'a clean PDF is kept as sent')
        continue
      }
      const metadata = await sharp(clean!.bytes).metadata()
      assert.equal(metadata.format, sample.storedAs)
      assert.deepEqual([metadata.width, metadata.height], [64, 48])
      assert.isUndefined(metadata.exif, `${sample.name}: no EXIF (GPS) left`)
      assert.isUndefined(metadata.icc)
    }
  })

  test('public pictures take images only: a clean PDF is refused there', async ({ assert }) => {
    const pdf = (await uploadCorpus()).find((s) => s.storedAs === 'pdf')!
    const { refusal } = await outcome(pdf.bytes, IMAGE_UPLOAD)
    assert.equal(refusal?.message, 'This file is not a PNG, JPEG or WebP image')
  })

  test('the EXIF orientation is applied to the pixels before the metadata goes', async ({
    assert,
  }) => {
    const rotated = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#204080' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const { clean } = await outcome(rotated)
    const metadata = await sharp(clean!.bytes).metadata()
    assert.deepEqual([metadata.width, metadata.height], [20, 40])
    assert.isUndefined(metadata.orientation)
  })
})
