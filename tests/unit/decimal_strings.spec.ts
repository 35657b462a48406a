import { test } from '@japa/runner'
import {
  decimalUnits,
  plainDecimal,
  roundDecimal,
  trimDecimal,
  fractionDigits,
} from '#domain/decimal_strings'
import { money, Money } from '#domain/money'

/** What formatting did with the money type before it rounded on the digits: the oracle. */
function byMoneyType(value: string | number, digits: number) {
  const rounded = money(value).toDecimalPlaces(digits)
  return {
    negative: rounded.isNegative() && !rounded.isZero(),
    text: rounded.abs().toFixed(digits),
  }
}

/** A small deterministic generator, so a failure reproduces. */
function* samples(count: number) {
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('')
  for (let i = 0; i < count; i++) {
    const sign = next() < 0.4 ? '-' : ''
    const whole = next() < 0.3 ? '0' : digits(1 + Math.floor(next() * 20))
    const fraction = next() < 0.2 ? '' : `.${digits(1 + Math.floor(next() * 12))}`
    yield `${sign}${whole}${fraction}`
  }
}

test.group('decimal strings: exact rounding for display', () => {
  test('rounds half away from zero, as the money type does, on 5,000 values at 0 to 8 digits', ({
    assert,
  }) => {
    for (const value of samples(5000)) {
      for (const digits of [0, 1, 2, 3, 5, 8]) {
        assert.deepEqual(
          roundDecimal(plainDecimal(value), digits),
          byMoneyType(value, digits),
          value
        )
      }
    }
  })

  test('the halfway and carrying cases', ({ assert }) => {
    assert.deepEqual(roundDecimal('0.005', 2), { negative: false, text: '0.01' })
    assert.deepEqual(roundDecimal('-0.005', 2), { negative: true, text: '0.01' })
    assert.deepEqual(roundDecimal('-0.004', 2), { negative: false, text: '0.00' })
    assert.deepEqual(roundDecimal('9.995', 2), { negative: false, text: '10.00' })
    assert.deepEqual(roundDecimal('999.5', 0), { negative: false, text: '1000' })
    assert.deepEqual(roundDecimal('12.3', 4), { negative: false, text: '12.3000' })
  })

  test('numbers, exponents, bigints and money objects read exactly', ({ assert }) => {
    assert.equal(plainDecimal(0.1), '0.1')
    assert.equal(plainDecimal(1e-7), '0.0000001')
    assert.equal(plainDecimal(1e21), '1000000000000000000000')
    assert.equal(plainDecimal('12.34e-1'), '1.234')
    assert.equal(plainDecimal('1.5E3'), '1500')
    assert.equal(plainDecimal('.5'), '0.5')
    assert.equal(plainDecimal('+7'), '7')
    assert.equal(plainDecimal('12.30'), '12.30')
    assert.equal(plainDecimal(123456789012345678901234567890n), '123456789012345678901234567890')
    assert.equal(plainDecimal(new Money('-0.00001')), '-0.00001')
    for (const n of [0.1, 1e-7, 123.456, -5e-10, 2 ** 60]) {
      assert.equal(plainDecimal(n), money(n).toFixed(), String(n))
    }
    assert.equal(fractionDigits('12.30'), 2)
    assert.equal(fractionDigits('12'), 0)
  })

  test('anything else is refused, as the money type refuses it', ({ assert }) => {
    for (const bad of ['', 'abc', '1.2.3', '--1', '1e', '.', 'NaN', ' 1']) {
      assert.throws(() => plainDecimal(bad), /not a decimal/, bad)
    }
    assert.throws(() => plainDecimal(Number.NaN))
    assert.throws(() => plainDecimal(Number.POSITIVE_INFINITY))
  })

  test('insignificant zeros go, as the money type writes a value', ({ assert }) => {
    for (const value of [
      '2.50',
      '50',
      '-0.0',
      '0.000',
      '007.10',
      '-3.000',
      '.5',
      '-.50',
      '+1.0',
      '0',
      '-0',
      '000',
      '100',
      '-00.0010',
      '10.01',
    ]) {
      assert.equal(trimDecimal(value), money(value).toFixed().replace(/^-0$/, '0'), value)
    }
  })

  test('a plain decimal as whole units of 10^-digits, or null', ({ assert }) => {
    assert.equal(decimalUnits('1.25', 8), 125_000_000n)
    assert.equal(decimalUnits('-.5', 8), -50_000_000n)
    assert.equal(decimalUnits('+3.', 2), 300n)
    assert.equal(decimalUnits('-0.00000001', 8), -1n)
    assert.equal(decimalUnits('12345678901234.12345678', 8), 1_234_567_890_123_412_345_678n)
    for (const bad of ['1.123456789', 'abc', '-', '.', '', '1e5', ' 1', '1.2.3']) {
      assert.isNull(decimalUnits(bad, 8), bad)
    }
  })
})
