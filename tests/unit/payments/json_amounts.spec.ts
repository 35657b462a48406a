import { test } from '@japa/runner'
import {
  JsonDecimal,
  decimalFromJson,
  stringifyWithDecimals,
} from '#services/payments/json_amounts'

test.group('Provider JSON amounts', () => {
  test('reads the decimal a provider wrote, as a number or a string', ({ assert }) => {
    assert.equal(decimalFromJson(JSON.parse('295.45')), '295.45')
    assert.equal(decimalFromJson(JSON.parse('100.10')), '100.1')
    assert.equal(decimalFromJson(JSON.parse('100')), '100')
    assert.equal(decimalFromJson('103.50'), '103.50')
    assert.equal(decimalFromJson(JSON.parse('1234567890123.45')), '1234567890123.45')
  })

  test('refuses what is not a plain non-negative decimal', ({ assert }) => {
    for (const value of [
      -1,
      Number.NaN,
      Infinity,
      1e21,
      1e-7,
      '1e3',
      '-5',
      '',
      ' ',
      null,
      undefined,
      {},
      true,
    ]) {
      assert.isNull(decimalFromJson(value), String(value))
    }
  })

  test('writes decimals as JSON number literals, digits exactly', ({ assert }) => {
    const json = stringifyWithDecimals({
      amount: new JsonDecimal('103.50'),
      items: [{ price: new JsonDecimal('0.10'), qty: 1 }],
    })
    assert.equal(json, '{"amount":103.50,"items":[{"price":0.10,"qty":1}]}')
    assert.deepEqual(JSON.parse(json), { amount: 103.5, items: [{ price: 0.1, qty: 1 }] })
    assert.throws(() => new JsonDecimal('1e3'))
  })
})
