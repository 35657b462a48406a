import { test } from '@japa/runner'
import { ID_TEXT, MAX_ID, parseId } from '#domain/ids'

test.group('the one id rule (app/domain/ids.ts)', () => {
  test('accepts JSON integers and plain decimal text from 1 to MAX_ID', ({ assert }) => {
    for (const value of [
      1,
      18,
      MAX_ID,
      '1',
      '18',
      '10',
      '2147483647',
      '1999999999',
      '2147483639',
      '999999999',
    ]) {
      assert.equal(parseId(value), Number(value), String(value))
    }
  })

  test('refuses every other shape', ({ assert }) => {
    const refused: unknown[] = [
      '0x10',
      '1e1',
      '+5',
      ' 5',
      '5 ',
      '5.0',
      '05',
      '0',
      '-1',
      '',
      '١٢',
      '5\n',
      '2147483648',
      '9999999999',
      '21474836470',
      '99999999999999999999',
      0,
      -1,
      1.5,
      MAX_ID + 1,
      1e308,
      Number.NaN,
      Infinity,
      5e-324,
      [18],
      ['18'],
      {},
      { id: 1 },
      true,
      false,
      null,
      undefined,
      18n,
    ]
    for (const value of refused) assert.isNull(parseId(value), `${typeof value} ${String(value)}`)
  })

  test('the digit-by-digit pattern agrees with a numeric comparison', ({ assert }) => {
    const samples: string[] = []
    for (let digits = 1; digits <= 11; digits++) {
      for (let i = 0; i < 400; i++) {
        let s = String(1 + Math.floor(Math.random() * 9))
        while (s.length < digits) s += String(Math.floor(Math.random() * 10))
        samples.push(s)
      }
    }
    // Every prefix of the boundary, one above and one below at each digit.
    const max = String(MAX_ID)
    for (let i = 0; i < max.length; i++) {
      for (const d of '0123456789')
        samples.push((max.slice(0, i) + d + max.slice(i + 1)).replace(/^0+/, '') || '0')
    }
    for (const s of samples) {
      const expected = /^[1-9]\d*$/.test(s) && BigInt(s) <= BigInt(MAX_ID)
      assert.equal(ID_TEXT.test(s), expected, s)
    }
  })
})
