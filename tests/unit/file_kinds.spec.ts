import { test } from '@japa/runner'
import { kindOfStoredName, sniffDocumentKind } from '#domain/file_kinds'
import { canSubmitKyc } from '#domain/kyc'

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p))
  )

test.group('document kinds by content', () => {
  test('JPEG, PNG, WebP and PDF are recognised by their magic bytes', ({ assert }) => {
    assert.equal(sniffDocumentKind(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')), 'jpeg')
    assert.equal(
      sniffDocumentKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      'png'
    )
    assert.equal(sniffDocumentKind(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')), 'webp')
    assert.equal(sniffDocumentKind(bytes('%PDF-1.7\n')), 'pdf')
  })

  test('anything else is refused: text, HTML, SVG, GIF, a RIFF that is not WebP, truncated signatures', ({
    assert,
  }) => {
    for (const sample of [
      bytes('hello, I am a text file'),
      bytes('<html><script>alert(1)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
      bytes('GIF89a'),
      bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
      bytes([0xff, 0xd8]),
      bytes([0x89, 0x50, 0x4e, 0x47]),
      bytes('RIFF'),
      bytes('%PDF'),
      bytes(' %PDF-1.4'),
      new Uint8Array(),
    ]) {
      assert.isNull(sniffDocumentKind(sample))
    }
  })

  test('a stored name gives back the kind its extension records', ({ assert }) => {
    assert.equal(kindOfStoredName('kyc/1/abc.jpg'), 'jpeg')
    assert.equal(kindOfStoredName('kyc/1/abc.png'), 'png')
    assert.equal(kindOfStoredName('kyc/1/abc.webp'), 'webp')
    assert.equal(kindOfStoredName('kyc/1/abc.pdf'), 'pdf')
    assert.isNull(kindOfStoredName('kyc/1/abc.html'))
    assert.isNull(kindOfStoredName('kyc/1/abc'))
  })
})

test.group('KYC submission rule', () => {
  test('a new submission is open only before the first one and after a decline', ({ assert }) => {
    assert.isTrue(canSubmitKyc('not_submitted'))
    assert.isTrue(canSubmitKyc('declined'))
    assert.isFalse(canSubmitKyc('pending'))
    assert.isFalse(canSubmitKyc('approved'))
  })
})
