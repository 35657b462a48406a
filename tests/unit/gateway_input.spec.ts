import { test } from '@japa/runner'
import { gatewayFeeProblem } from '#domain/gateway_input'

test.group('gatewayFeeProblem (a percent the decimal(8,4) fee column keeps exactly)', () => {
  test('accepts 0 to 100 with up to 4 decimals', ({ assert }) => {
    for (const fee of ['0', '0.0', '2.5', '12.3456', '99.9999', '100', '100.0000', ' 7 ']) {
      assert.isNull(gatewayFeeProblem(fee), fee)
    }
  })

  test('refuses blanks, signs, exponents, words, too many decimals and more than 100', ({
    assert,
  }) => {
    const cases: [string, string][] = [
      ['', 'Fee is required'],
      ['   ', 'Fee is required'],
      ['-1', 'Fee must be a number from 0 to 100'],
      ['+1', 'Fee must be a number from 0 to 100'],
      ['1e2', 'Fee must be a number from 0 to 100'],
      ['1,5', 'Fee must be a number from 0 to 100'],
      ['.5', 'Fee must be a number from 0 to 100'],
      ['5.', 'Fee must be a number from 0 to 100'],
      ['abc', 'Fee must be a number from 0 to 100'],
      ['Infinity', 'Fee must be a number from 0 to 100'],
      ['100.0001', 'Fee must be a number from 0 to 100'],
      ['101', 'Fee must be a number from 0 to 100'],
      ['123456789', 'Fee must be a number from 0 to 100'],
      ['1.23456', 'Fee can have at most 4 decimals'],
      ['0.00001', 'Fee can have at most 4 decimals'],
    ]
    for (const [fee, message] of cases) assert.equal(gatewayFeeProblem(fee), message, fee)
  })
})
