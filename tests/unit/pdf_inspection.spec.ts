import { test } from '@japa/runner'
import { deflateSync } from 'node:zlib'
import { decodePdfName, inspectPdf } from '#domain/pdf_inspection'
import { PDFS, objectStream, pdf, stream } from '#tests/fixtures/uploads/corpus'

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>'
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'
const withObject = (object: string | Buffer) => pdf([CATALOG, PAGES, PAGE, object])

test.group('PDF inspection', () => {
  test('a plain PDF passes, and so do a /URI link and a compressed object stream', ({ assert }) => {
    assert.deepEqual(inspectPdf(PDFS.clean()), { ok: true })
    assert.deepEqual(inspectPdf(PDFS.cleanWithLinkInObjectStream()), { ok: true })
  })

  test('names are read as a viewer reads them: #xx escapes decoded', ({ assert }) => {
    assert.equal(decodePdfName('J#61vaScript'), 'JavaScript')
    assert.equal(decodePdfName('#4A#53'), 'JS')
    assert.equal(decodePdfName('Plain#2'), 'Plain#2')
  })

  test('every active or embedded-content name is refused, in keys and in values', ({ assert }) => {
    const samples: Record<string, string> = {
      JavaScript: '<< /S /JavaScript >>',
      JS: '<< /JS 9 0 R >>',
      OpenAction: '<< /OpenAction [3 0 R /Fit] >>',
      AA: '<< /AA << /O 9 0 R >> >>',
      Launch: '<< /S /Launch /F (calc.exe) >>',
      EmbeddedFile: '<< /Type /EmbeddedFile >>',
      EmbeddedFiles: '<< /EmbeddedFiles 9 0 R >>',
      RichMedia: '<< /Subtype /RichMedia >>',
      XFA: '<< /XFA 9 0 R >>',
      SubmitForm: '<< /S /SubmitForm /F (https://evil.example) >>',
      ImportData: '<< /S /ImportData >>',
      GoToE: '<< /S /GoToE >>',
      GoToR: '<< /S /GoToR /F (other.pdf) >>',
    }
    for (const [name, object] of Object.entries(samples)) {
      assert.deepEqual(
        inspectPdf(withObject(object)),
        { ok: false, problem: 'active_content', name },
        name
      )
    }
  })

  test('hex-escaped names are refused like plain ones', ({ assert }) => {
    assert.deepEqual(inspectPdf(PDFS.hexEscapedJavaScript()), {
      ok: false,
      problem: 'active_content',
      name: 'JavaScript',
    })
    assert.equal(
      (inspectPdf(withObject('<< /#4Fpen#41ction 3 0 R >>')) as { name: string }).name,
      'OpenAction'
    )
  })

  test('names that only resemble a blocked one pass: /JSON, /AAA, /URI, /Javascript text in strings', ({
    assert,
  }) => {
    assert.isTrue(
      inspectPdf(
        withObject('<< /JSON 1 /AAA 2 /URI (https://x.example) /Title (/JS in a string) >>')
      ).ok
    )
    assert.isTrue(
      inspectPdf(withObject('<< /Note <2F4A53> /Comment (a \\) /JS escaped paren) >>')).ok
    )
  })

  test('what hides in a compressed object stream is found', ({ assert }) => {
    assert.deepEqual(inspectPdf(PDFS.javaScriptInObjectStream()), {
      ok: false,
      problem: 'active_content',
      name: 'JavaScript',
    })
    // /First alone marks an object stream (/Type left out), and a repeated Flate filter is undone.
    const hidden = Buffer.from('9 0 << /S /Launch /F (calc.exe) >>', 'latin1')
    const twice = stream(
      '/N 1 /First 4 /Filter [/FlateDecode /Fl]',
      deflateSync(deflateSync(hidden))
    )
    assert.deepEqual(inspectPdf(withObject(twice)), {
      ok: false,
      problem: 'active_content',
      name: 'Launch',
    })
    // A string that looks like an object header does not cut the stream's dictionary short.
    const tricky = stream(
      '/Type /ObjStm /X (4 0 obj) /N 1 /First 4 /Filter /FlateDecode',
      deflateSync(hidden)
    )
    assert.deepEqual(inspectPdf(withObject(tricky)), {
      ok: false,
      problem: 'active_content',
      name: 'Launch',
    })
  })

  test('a page content stream or an image is not decoded: its bytes cannot define objects', ({
    assert,
  }) => {
    const content = stream(
      '/Filter /FlateDecode',
      deflateSync(Buffer.from('BT /F1 12 Tf (/JS /AA) Tj ET /JS'))
    )
    assert.isTrue(inspectPdf(withObject(content)).ok)
    const pixels = stream('/Subtype /Image /Width 2 /Height 1', Buffer.from('/JS /AA ', 'latin1'))
    assert.isTrue(inspectPdf(withObject(pixels)).ok)
  })

  test('an object stream that cannot be decoded or would expand too much is refused', ({
    assert,
  }) => {
    const lzw = stream(
      '/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode',
      Buffer.from([0x80, 0x0b, 0x60, 0x50])
    )
    assert.deepEqual(inspectPdf(withObject(lzw)), { ok: false, problem: 'uninspectable' })
    const predicted = objectStream(5, ['<< >>'], '/DecodeParms << /Predictor 12 /Columns 4 >>')
    assert.deepEqual(inspectPdf(withObject(predicted)), { ok: false, problem: 'uninspectable' })
    const indirect = stream('/Type /ObjStm /N 1 /First 4 /Filter 9 0 R', Buffer.from('x'))
    assert.deepEqual(inspectPdf(withObject(indirect)), { ok: false, problem: 'uninspectable' })
    const corrupt = stream(
      '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode',
      Buffer.from('not zlib data at all')
    )
    assert.deepEqual(inspectPdf(withObject(corrupt)), { ok: false, problem: 'uninspectable' })
    assert.deepEqual(inspectPdf(PDFS.inflationBomb()), { ok: false, problem: 'too_large' })
    // The budget is shared by all object streams of the file.
    const small = objectStream(5, ['<< /Title (' + 'x'.repeat(600) + ') >>'])
    assert.deepEqual(inspectPdf(pdf([CATALOG, PAGES, PAGE, small, small]), 1000), {
      ok: false,
      problem: 'too_large',
    })
    assert.isTrue(inspectPdf(pdf([CATALOG, PAGES, PAGE, small]), 1000).ok)
  })

  test('an encrypted PDF is refused: it cannot be inspected', ({ assert }) => {
    assert.deepEqual(inspectPdf(PDFS.encrypted()), { ok: false, problem: 'encrypted' })
  })

  test('an embedded file is refused', ({ assert }) => {
    assert.deepEqual(inspectPdf(PDFS.embeddedFile()), {
      ok: false,
      problem: 'active_content',
      name: 'EmbeddedFiles',
    })
  })

  test('what does not look like a whole PDF is refused', ({ assert }) => {
    const notPdf = { ok: false, problem: 'not_pdf' }
    assert.deepEqual(inspectPdf(Buffer.alloc(0)), notPdf)
    assert.deepEqual(inspectPdf(Buffer.from('<html>%PDF-1.4 %%EOF')), notPdf)
    assert.deepEqual(inspectPdf(Buffer.from('%PDF-')), notPdf)
    assert.deepEqual(inspectPdf(PDFS.truncated()), notPdf)
    // Constructs left open at the end, where viewers' recovery could differ from ours.
    assert.deepEqual(inspectPdf(Buffer.from('%PDF-1.4\n1 0 obj\n<< /A (unclosed\n%%EOF\n')), notPdf)
    assert.deepEqual(inspectPdf(Buffer.from('%PDF-1.4\n1 0 obj\n<< /A 1\n%%EOF\n')), notPdf)
    assert.deepEqual(
      inspectPdf(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Length 3 >>\nstream\nabc\n%%EOF\n')),
      notPdf
    )
  })

  test('a stream body ends at the first endstream: what follows is read as objects', ({
    assert,
  }) => {
    const sneaky = Buffer.from(
      '<< /Length 200 >>\nstream\nabc\nendstream\nendobj\n9 0 obj\n<< /S /JavaScript >>\n',
      'latin1'
    )
    assert.equal(inspectPdf(withObject(sneaky)).ok, false)
  })

  test('hostile structure is refused or passed, never thrown: deep nesting, huge dictionaries, random damage', ({
    assert,
  }) => {
    const head = '%PDF-1.4\n1 0 obj\n'
    const tail = '\nendobj\n%%EOF\n'
    const file = (body: string) => Buffer.from(head + body + tail, 'latin1')
    assert.deepEqual(inspectPdf(file('<<'.repeat(100_000) + '>>'.repeat(100_000))), {
      ok: false,
      problem: 'not_pdf',
    })
    assert.isTrue(inspectPdf(file(`<< /A ${'['.repeat(3000)}${']'.repeat(3000)} >>`)).ok)
    const streamDict = (entries: string) => `<< ${entries} /Length 1 >>\nstream\nx\nendstream`
    assert.isTrue(inspectPdf(file(streamDict(`/A [${'['.repeat(2000)}${']'.repeat(2000)}]`))).ok)
    // A stream dictionary too long to read could hide /First: refused.
    const long = streamDict(`/A [${'1 '.repeat(10_000)}] /First 4`)
    assert.deepEqual(inspectPdf(file(long)), { ok: false, problem: 'uninspectable' })
    // A long dictionary that is no stream's is fine.
    assert.isTrue(inspectPdf(file(`<< /A [${'1 '.repeat(10_000)}] >>`)).ok)

    let seed = 7
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const originals = [
      PDFS.clean(),
      PDFS.cleanWithLinkInObjectStream(),
      PDFS.javaScriptInObjectStream(),
    ]
    for (let round = 0; round < 300; round++) {
      const damaged = Buffer.from(originals[round % originals.length])
      for (let hit = 0; hit < 1 + (round % 8); hit++) {
        damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256)
      }
      assert.doesNotThrow(() => inspectPdf(damaged))
    }
  })
})
