import { test } from '@japa/runner'
import { isDecimalString } from '#domain/decimal_strings'
import {
  fromDbDecimal,
  money,
  roundCurrency,
  significantDigits,
  sum,
  toDbDecimal,
  toFixedString,
  hasAtMostDecimals,
} from '#domain/money'

test.group('money', () => {
  test('adds decimals exactly where floats would not', ({ assert }) => {
    assert.equal(money('0.1').plus('0.2').toFixed(), '0.3')
    assert.equal(sum(['100.10', '0.20', '-0.30']).toFixed(), '100')
  })

  test('writes canonical strings at the column scale', ({ assert }) => {
    assert.equal(toDbDecimal('1.084501234'), '1.08450123')
    assert.equal(toDbDecimal('25000.00'), '25000')
    assert.equal(toFixedString('12.3', 2), '12.30')
  })

  test('reads stored decimals from either driver, and a null column as null', ({ assert }) => {
    assert.equal(fromDbDecimal('1.08450000'), '1.0845')
    assert.equal(fromDbDecimal(1.0845), '1.0845')
    assert.equal(fromDbDecimal(25000), '25000')
    assert.isNull(fromDbDecimal(null))
    assert.isNull(fromDbDecimal(undefined))
  })

  test('canonicalizes plain strings on the text exactly as the money type does', ({ assert }) => {
    // The oracle: what toDbDecimal did for every input before its plain-string shortcut.
    const byMoneyType = (v: string) => money(v).toDecimalPlaces(8).toFixed()
    let seed = 11
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('')
    const written = ['-0', '-0.000', '0', '00012.5000', '1.50000000', '-00.10', '0.123456785']
    for (let i = 0; i < 5000; i++) {
      const sign = next() < 0.4 ? '-' : ''
      const whole =
        next() < 0.3 ? '0'.repeat(1 + Math.floor(next() * 3)) : digits(1 + Math.floor(next() * 24))
      const fraction = next() < 0.2 ? '' : `.${digits(1 + Math.floor(next() * 12))}`
      written.push(`${sign}${whole}${fraction}`)
    }
    for (const value of written) assert.equal(toDbDecimal(value), byMoneyType(value), value)
  })

  test('rounds to the currency minor unit half-up', ({ assert }) => {
    assert.equal(roundCurrency('10.005').toFixed(2), '10.01')
    assert.equal(roundCurrency('-10.005').toFixed(2), '-10.01')
    assert.equal(roundCurrency('10.004').toFixed(2), '10.00')
  })

  test('counts significant digits and decimals', ({ assert }) => {
    assert.equal(significantDigits('1234567890123.12'), 15)
    assert.equal(significantDigits('0.00012'), 2)
    assert.isTrue(hasAtMostDecimals('1.25', 2))
    assert.isFalse(hasAtMostDecimals('1.255', 2))
  })

  test('treats empty input as zero', ({ assert }) => {
    assert.equal(money(null).toFixed(), '0')
    assert.equal(money('').toFixed(), '0')
  })
})

test.group('decimal strings', () => {
  test('isDecimalString accepts plain non-negative decimals only', ({ assert }) => {
    for (const ok of ['0', '12', '0.5', ' 1.25 ']) assert.isTrue(isDecimalString(ok), ok)
    for (const bad of ['', '-1', '1e3', '1.', '.5', 'abc', '1 000', null, undefined])
      assert.isFalse(isDecimalString(bad), String(bad))
  })
})
