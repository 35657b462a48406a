import { test } from '@japa/runner'
import {
  currencySymbol,
  formatCurrency,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatPrice,
  formatProfitLoss,
  formatRate,
  orderTypeLabel,
} from '#domain/formatting'
import { money } from '#domain/money'
import { gatewayDisplayName } from '#domain/gateways'

test.group('formatting: money (issue 10 §3)', () => {
  test('the sign goes before the symbol, thousands are grouped', ({ assert }) => {
    assert.equal(formatMoney('-33.65', 'USD'), '-$33.65')
    assert.equal(formatMoney('672481.00', 'USD'), '$672,481.00')
    assert.equal(formatCurrency('672481', 'USD'), '$672,481.00')
    assert.equal(formatMoney('1250.5', 'EUR', 2), '€1,250.50')
    assert.equal(formatMoney('-1234567.125', 'GBP', 3), '-£1,234,567.125')
    assert.equal(formatMoney('12', 'SEK', 2), 'SEK 12.00')
    assert.equal(formatMoney('5', null, 2), '$5.00')
  })

  test('keeps the written digits without a scale, rounds half-up with one', ({ assert }) => {
    assert.equal(formatMoney('10000.000', 'USD'), '$10,000.000')
    assert.equal(formatMoney('0.005', 'USD', 2), '$0.01')
    assert.equal(formatMoney('-0.004', 'USD', 2), '$0.00')
    assert.equal(formatMoney(money('672481.1'), 'USD', 2), '$672,481.10')
    // Rounded on the digits, without the money type: a number, an exponent, an empty value.
    assert.equal(formatMoney(0.125, 'USD', 2), '$0.13')
    assert.equal(formatDecimal('1.5e-3', 4), '0.0015')
    assert.equal(formatMoney('', 'USD', 2), '$0.00')
  })

  test("a value beyond a float's precision keeps every digit", ({ assert }) => {
    assert.equal(formatMoney('123456789012345678.99', 'USD'), '$123,456,789,012,345,678.99')
    assert.equal(
      formatDecimal('9007199254740993.01', 2, { group: true }),
      '9,007,199,254,740,993.01'
    )
  })

  test('symbols for known codes, the code otherwise', ({ assert }) => {
    assert.equal(currencySymbol('usd'), '$')
    assert.equal(currencySymbol(undefined), '$')
    assert.equal(currencySymbol('XYZ'), 'XYZ ')
  })
})

test.group('formatting: rates, prices, percentages', () => {
  test("rates keep the instrument's digits and trailing zeros", ({ assert }) => {
    assert.equal(formatRate('1.0837', 5), '1.08370')
    assert.equal(formatRate('151.4', 3), '151.400')
    assert.equal(formatRate('1.083705', 5), '1.08371')
    assert.equal(formatRate(null, 5), '-')
    assert.equal(formatProfitLoss('12.5'), '12.50000')
    assert.equal(formatProfitLoss('-3.25'), '-3.25000')
  })

  test('the market watch shows up to 7 fraction digits, 3 for stocks', ({ assert }) => {
    assert.equal(formatPrice('1.08370', 'forex'), '1.08370')
    assert.equal(formatPrice('0.123456789', 'crypto'), '0.1234568')
    assert.equal(formatPrice('187.12345', 'stock'), '187.123')
    assert.equal(formatPrice('187.10', 'stock'), '187.10')
  })

  test('percentages', ({ assert }) => {
    assert.equal(formatPercent('2.50'), '2.5%')
    assert.equal(formatPercent('50'), '50%')
    assert.equal(formatPercent('1234.5', 2), '1,234.50%')
    assert.equal(formatPercent(null), '-')
  })
})

test.group('formatting: dates (customer spec §9, admin spec §9)', () => {
  test('orders, statements and histories: YYYY-MM-DD h:mm A', ({ assert }) => {
    assert.equal(formatDateTime(new Date('2025-03-07T16:05:00Z'), 'table'), '2025-03-07 4:05 PM')
    assert.equal(formatDateTime('2025-03-07T00:30:00Z', 'table'), '2025-03-07 12:30 AM')
    assert.equal(formatDateTime('2025-03-07T12:00:00Z', 'table'), '2025-03-07 12:00 PM')
  })

  test('elsewhere and in the back office: DD/MM/YYYY h:mm A', ({ assert }) => {
    assert.equal(formatDateTime(new Date('2025-03-07T16:05:00Z'), 'display'), '07/03/2025 4:05 PM')
    assert.equal(formatDateTime('2025-12-31T23:59:00+00:00', 'display'), '31/12/2025 11:59 PM')
  })

  test('an empty or invalid date is a dash', ({ assert }) => {
    assert.equal(formatDateTime(null, 'table'), '-')
    assert.equal(formatDateTime(undefined, 'display'), '-')
    assert.equal(formatDateTime('', 'display'), '-')
    assert.equal(formatDateTime('not a date', 'table'), '-')
  })
})

test.group('formatting: words', () => {
  test('buy and sell are written alike in positions and statements', ({ assert }) => {
    assert.equal(orderTypeLabel('buy'), 'Buy')
    assert.equal(orderTypeLabel('sell'), 'Sell')
  })

  test('gateways show their display names, not their kinds', ({ assert }) => {
    assert.equal(gatewayDisplayName('btc'), 'Bitcoin')
    assert.equal(gatewayDisplayName('bank'), 'Bank Transfer')
    assert.equal(gatewayDisplayName('perfectmoney'), 'Perfect Money')
    assert.equal(gatewayDisplayName('other'), 'Other')
  })
})
