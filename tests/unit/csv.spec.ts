import { test } from '@japa/runner'
import { csvField, toCsv } from '#domain/csv'

test.group('CSV (RFC 4180, formula-safe)', () => {
  test('plain values pass through; empty for null and undefined', ({ assert }) => {
    assert.equal(csvField('EUR/USD'), 'EUR/USD')
    assert.equal(csvField(42), '42')
    assert.equal(csvField(null), '')
    assert.equal(csvField(undefined), '')
  })

  test('quotes commas, quotes and line breaks, doubling quotes', ({ assert }) => {
    assert.equal(csvField('a,b'), '"a,b"')
    assert.equal(csvField('say "hi"'), '"say ""hi"""')
    assert.equal(csvField('two\nlines'), '"two\nlines"')
    assert.equal(csvField('cr\rhere'), '"cr\rhere"')
  })

  test('neutralizes cells a spreadsheet would run as formulas', ({ assert }) => {
    assert.equal(csvField('=1+1'), "'=1+1")
    assert.equal(csvField('+cmd'), "'+cmd")
    assert.equal(csvField('-2+3'), "'-2+3")
    assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)")
    assert.equal(csvField('\tx'), "'\tx")
    assert.equal(csvField('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`)
  })

  test('keeps plain signed numbers as numbers', ({ assert }) => {
    assert.equal(csvField('-3.25000'), '-3.25000')
    assert.equal(csvField('+7'), '+7')
    assert.equal(csvField(-1), '-1')
    assert.equal(csvField('-1e5'), "'-1e5")
  })

  test('a header and rows, each line ending in CRLF', ({ assert }) => {
    assert.equal(
      toCsv(
        ['A', 'B'],
        [
          ['1', 'x,y'],
          [null, '=2'],
        ]
      ),
      'A,B\r\n1,"x,y"\r\n,\'=2\r\n'
    )
    assert.equal(toCsv(['Only'], []), 'Only\r\n')
  })
})
