import { test } from '@japa/runner'
import { numberTyping } from '#domain/decimal_strings'

test.group('number fields keep only what can become a number', () => {
  test('digits, one decimal point (a comma counts) and the partial forms met while typing', ({
    assert,
  }) => {
    assert.equal(numberTyping('12', { decimals: 2 }), '12')
    assert.equal(numberTyping('12.', { decimals: 2 }), '12.')
    assert.equal(numberTyping('12,5', { decimals: 2 }), '12.5')
    assert.equal(numberTyping(' 1 000 ', { decimals: 2 }), '1000')
    assert.equal(numberTyping('', { decimals: 2 }), '')
    assert.equal(numberTyping('1.08662', { decimals: Infinity }), '1.08662')
    assert.equal(numberTyping('-', { decimals: 0, signed: true }), '-')
    assert.equal(numberTyping('-5', { decimals: 0, signed: true }), '-5')
  })

  test('letters, signs where none is allowed, a second point or too many decimals are refused', ({
    assert,
  }) => {
    for (const typed of ['12a', 'abc', 'e', '1e3', '1.2.3', '-5', '+5', '12.345', 'NaN']) {
      assert.isNull(numberTyping(typed, { decimals: 2 }), typed)
    }
    assert.isNull(numberTyping('1.5', { decimals: 0 }))
    assert.isNull(numberTyping('1.0x', { decimals: Infinity }))
  })
})
