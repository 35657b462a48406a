import { test } from '@japa/runner'
import { formatAccountMoney, formatRate } from '#domain/formatting'

/** One money format per column kind in the back-office tables (issue 21 item 8). */
test.group('formatting: money columns in the account currency', () => {
  test('margin used and profit/loss read alike: symbol, 2 decimals, grouped, sign first', ({
    assert,
  }) => {
    assert.equal(formatAccountMoney('31.10000', 'USD'), '$31.10')
    assert.equal(formatAccountMoney('6.35', 'USD'), '$6.35')
    assert.equal(formatAccountMoney('-1031.105', 'EUR'), '-€1,031.11')
    assert.equal(formatAccountMoney('0.004', 'GBP'), '£0.00')
    assert.equal(formatAccountMoney('-0.001', 'USD'), '$0.00')
    assert.equal(formatAccountMoney('12', 'SEK'), 'SEK 12.00')
  })

  test('no currency falls back to dollars; an absent value is a dash', ({ assert }) => {
    assert.equal(formatAccountMoney('5', null), '$5.00')
    assert.equal(formatAccountMoney(null, 'USD'), '-')
    assert.equal(formatAccountMoney('', 'USD'), '-')
  })

  test('rates stay the other kind: the instrument digits, no symbol', ({ assert }) => {
    assert.equal(formatRate('1.0837', 5), '1.08370')
  })
})
