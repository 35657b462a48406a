import { test } from '@japa/runner'
import { fromMinorUnits, minorUnitExponent, toMinorUnits } from '#domain/minor_units'
import { money } from '#domain/money'

test.group('Stripe minor units (docs.stripe.com/currencies)', () => {
  test('two-decimal currencies are counted in cents', ({ assert }) => {
    assert.equal(toMinorUnits('102.50', 'USD'), '10250')
    assert.equal(toMinorUnits('0.01', 'eur'), '1')
    assert.equal(toMinorUnits('33.83', 'GBP'), '3383')
    assert.equal(toMinorUnits('99999999.99', 'USD'), '9999999999')
    assert.equal(fromMinorUnits(10250, 'USD'), '102.50')
    assert.equal(fromMinorUnits(1, 'usd'), '0.01')
    assert.equal(fromMinorUnits('3383', 'GBP'), '33.83')
    assert.equal(minorUnitExponent('usd'), 2)
  })

  test('no float rounding creeps in (0.1 + 0.2 style amounts stay exact)', ({ assert }) => {
    assert.equal(toMinorUnits('0.30', 'USD'), '30')
    assert.equal(toMinorUnits('1.005', 'USD'), '101') // a third decimal is rounded up, never down
    assert.equal(toMinorUnits('4.35', 'USD'), '435') // 4.35 × 100 is 434.99999… as a float
    assert.equal(toMinorUnits('1234567.89', 'USD'), '123456789')
  })

  test('zero-decimal currencies are whole units, a fraction rounded up', ({ assert }) => {
    for (const code of ['JPY', 'KRW', 'CLP', 'VND', 'XOF', 'BIF', 'UGX'])
      assert.equal(minorUnitExponent(code), 0, code)
    assert.equal(toMinorUnits('1000.00', 'JPY'), '1000')
    assert.equal(toMinorUnits('1000.50', 'JPY'), '1001')
    assert.equal(toMinorUnits('1000.01', 'jpy'), '1001')
    assert.equal(fromMinorUnits(1001, 'JPY'), '1001')
    assert.equal(fromMinorUnits(500, 'KRW'), '500')
  })

  test('three-decimal currencies are thousandths ending in 0', ({ assert }) => {
    assert.equal(minorUnitExponent('KWD'), 3)
    assert.equal(toMinorUnits('5.12', 'KWD'), '5120')
    assert.equal(toMinorUnits('5.124', 'BHD'), '5130')
    assert.equal(fromMinorUnits(5120, 'KWD'), '5.120')
    assert.equal(fromMinorUnits(5125, 'OMR'), '5.125')
  })

  test('ISK keeps two decimals but is charged in whole krónur', ({ assert }) => {
    assert.equal(minorUnitExponent('ISK'), 2)
    assert.equal(toMinorUnits('5.00', 'ISK'), '500')
    assert.equal(toMinorUnits('5.10', 'ISK'), '600')
    assert.equal(fromMinorUnits(600, 'ISK'), '6.00')
  })

  test('a conversion back refuses what is not an integer amount', ({ assert }) => {
    assert.throws(() => fromMinorUnits(10.5, 'USD'))
    assert.throws(() => fromMinorUnits(Number.MAX_SAFE_INTEGER + 2, 'USD'))
    assert.throws(() => fromMinorUnits('10.5', 'USD'))
    assert.throws(() => fromMinorUnits('1e3', 'USD'))
  })

  test('round trip: collected minor units cover the total they were made from', ({ assert }) => {
    for (const [total, currency] of [
      ['102.50', 'USD'],
      ['1000.50', 'JPY'],
      ['5.12', 'KWD'],
      ['5.10', 'ISK'],
    ]) {
      const back = fromMinorUnits(toMinorUnits(total, currency), currency)
      assert.isTrue(money(back).greaterThanOrEqualTo(total), `${total} ${currency} → ${back}`)
    }
  })
})
