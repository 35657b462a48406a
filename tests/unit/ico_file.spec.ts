import { test } from '@japa/runner'
import { looksLikeIco, readIco, writeIco } from '#domain/ico_file'
import { sniffUploadKind, looksLikeMarkup } from '#domain/file_kinds'
import { SAMPLE_PNG } from '#tests/helpers/kyc'
import { iconBitmap, icoFile } from '#tests/helpers/site_settings'

test.group('ICO files (the favicon)', () => {
  test('an icon is recognised by its header, and only with one to sixteen images', ({ assert }) => {
    const ico = icoFile([{ data: iconBitmap(), side: 2 }])
    assert.isTrue(looksLikeIco(ico))
    assert.equal(sniffUploadKind(ico), 'ico')
    const none = Buffer.from(ico)
    none.writeUInt16LE(0, 4)
    assert.isFalse(looksLikeIco(none))
    const cursor = Buffer.from(ico)
    cursor[2] = 2 // type 2 is a cursor
    assert.isFalse(looksLikeIco(cursor))
    assert.isNull(sniffUploadKind(Buffer.from('<html>')))
  })

  test('PNG and bitmap entries are read, each cut to the bytes it needs', ({ assert }) => {
    const bitmap = Buffer.concat([iconBitmap(), Buffer.from('<script>alert(1)</script>')])
    const images = readIco(
      icoFile([
        { data: SAMPLE_PNG, side: 1 },
        { data: bitmap, side: 2 },
      ])
    )!
    assert.lengthOf(images, 2)
    assert.equal(images[0].kind, 'png')
    assert.equal(images[1].kind, 'bmp')
    // The script after the pixels (inside the entry's stated size) is not part of the image.
    assert.equal(images[1].data.length, iconBitmap().length)
  })

  test('a rebuilt icon holds only the images: nothing after them, nothing between', ({
    assert,
  }) => {
    const source = icoFile([{ data: iconBitmap(), side: 2 }], '<html><script>x</script></html>')
    const images = readIco(source)!
    const rebuilt = Buffer.from(
      writeIco(images.map((i) => ({ data: i.data, width: 2, height: 2, bitCount: 32 })))
    )
    assert.notInclude(rebuilt.toString('latin1'), 'script')
    assert.equal(rebuilt.length, 6 + 16 + iconBitmap().length)
    assert.deepEqual(readIco(rebuilt)![0].data, new Uint8Array(iconBitmap()))
  })

  test('out-of-shape icons are refused: offsets outside the file, compressed or huge bitmaps, odd bit depths', ({
    assert,
  }) => {
    const outside = icoFile([{ data: iconBitmap(), side: 2 }])
    outside.writeUInt32LE(10_000, 6 + 12)
    const short = icoFile([{ data: iconBitmap().subarray(0, 50), side: 2 }])
    const compressed = iconBitmap()
    compressed.writeUInt32LE(1, 16)
    const huge = iconBitmap()
    huge.writeInt32LE(4000, 4)
    const oddDepth = iconBitmap()
    oddDepth.writeUInt16LE(16, 14)
    const notDib = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'.padEnd(64))
    for (const [name, bytes] of Object.entries({
      outside,
      short,
      compressed: icoFile([{ data: compressed, side: 2 }]),
      huge: icoFile([{ data: huge, side: 2 }]),
      oddDepth: icoFile([{ data: oddDepth, side: 2 }]),
      notDib: icoFile([{ data: notDib, side: 2 }]),
    })) {
      assert.isNull(readIco(bytes), name)
    }
  })

  test('SVG and XML markup are told apart for a clear refusal', ({ assert }) => {
    assert.isTrue(looksLikeMarkup(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))
    assert.isTrue(looksLikeMarkup(Buffer.from('\n  <?xml version="1.0"?><svg/>')))
    assert.isFalse(looksLikeMarkup(SAMPLE_PNG))
  })
})
