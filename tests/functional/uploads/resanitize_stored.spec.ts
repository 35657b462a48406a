/*
| Files stored before the upload sanitizer existed (issue 9) were judged by
| their first bytes only. `node ace uploads:resanitize` passes them through
| today's gate: images re-encoded in place, refused files reported, not deleted.
*/
import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import sharp from 'sharp'
import { resanitizeStoredUploads } from '#actions/uploads/resanitize_stored_uploads'
import { isolate } from '#tests/helpers/isolation'
import { removeKycFilesAfterEach, SAMPLES, storedDocument } from '#tests/helpers/kyc'
import { UserFactory } from '#database/factories/user_factory'
import { PDFS } from '#tests/fixtures/uploads/corpus'

const SVG_TAIL = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'

/** A KYC document stored the old way: a PNG with an SVG after it, and a PDF that runs JavaScript. */
async function legacyDocument() {
  const document = await storedDocument(await UserFactory.create())
  const disk = drive.use('fs')
  await disk.put(document.frontPath!, Buffer.concat([SAMPLES.png, Buffer.from(SVG_TAIL)]))
  await disk.put(document.addressPath!, PDFS.openActionJavaScript())
  return document
}

test.group('uploads:resanitize (files stored before issue 9)', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('re-encodes a stored image in place and reports a stored PDF that runs JavaScript', async ({
    assert,
  }) => {
    const document = await legacyDocument()
    const disk = drive.use('fs')
    const addressBefore = Buffer.from(await disk.getBytes(document.addressPath!))

    const report = await resanitizeStoredUploads()

    const front = Buffer.from(await disk.getBytes(document.frontPath!))
    assert.notInclude(front.toString('latin1'), '<svg')
    assert.equal((await sharp(front).metadata()).format, 'png')
    assert.isAbove(report.cleaned, 0)
    const ours = report.findings.filter((f) => f.table === 'kyc_documents' && f.id === document.id)
    assert.deepEqual(
      ours.map((f) => f.column),
      ['address_path']
    )
    assert.match(ours[0].problem, /script|action/i)
    // Evidence is kept for staff: the refused file is still there, untouched.
    assert.isTrue(addressBefore.equals(Buffer.from(await disk.getBytes(document.addressPath!))))
  })

  test('--dry-run counts what it would re-encode and writes nothing', async ({ assert }) => {
    const document = await legacyDocument()
    const disk = drive.use('fs')
    const frontBefore = Buffer.from(await disk.getBytes(document.frontPath!))

    const report = await resanitizeStoredUploads({ dryRun: true })

    assert.isAbove(report.cleaned, 0)
    assert.isTrue(frontBefore.equals(Buffer.from(await disk.getBytes(document.frontPath!))))
  })
})
