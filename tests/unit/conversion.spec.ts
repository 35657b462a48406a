import { test } from '@japa/runner'
import { conversionRate, midPrice } from '#domain/conversion'

const MIDS: Record<string, string> = {
  EUR_USD: '1.08450',
  USD_JPY: '151.420',
  GBP_USD: '1.27120',
  USD_CHF: '0.88340',
}
const mid = (pair: string) => MIDS[pair]

test.group('conversion rate for the §9 formulas', () => {
  test('is 1 when the quote is the account currency', ({ assert }) => {
    assert.equal(conversionRate('USD', 'USD', mid)!.toFixed(), '1')
  })

  test('uses ACCOUNT_QUOTE directly: USD account, JPY quote', ({ assert }) => {
    assert.equal(conversionRate('JPY', 'USD', mid)!.toFixed(3), '151.420')
  })

  test('inverts QUOTE_ACCOUNT: EUR account, USD quote', ({ assert }) => {
    // 1 EUR buys 1.0845 USD
    assert.equal(conversionRate('USD', 'EUR', mid)!.toFixed(4), '1.0845')
    // USD account, EUR quote: 1 USD buys 1 / 1.0845 EUR
    assert.equal(conversionRate('EUR', 'USD', mid)!.toFixed(6), '0.922084')
  })

  test('crosses through USD when no direct pair is listed: EUR account, JPY quote', ({
    assert,
  }) => {
    // EUR→USD 1.0845 × USD→JPY 151.42 = 164.215...
    assert.equal(conversionRate('JPY', 'EUR', mid)!.toFixed(3), '164.215')
    // GBP account, CHF quote: 1.2712 × 0.8834
    assert.equal(conversionRate('CHF', 'GBP', mid)!.toFixed(5), '1.12298')
  })

  test('is null when nothing connects the currencies', ({ assert }) => {
    assert.isNull(conversionRate('MXN', 'EUR', mid))
    assert.isNull(conversionRate('XYZ', 'USD', mid))
  })

  test('mid price is the average of bid and ask', ({ assert }) => {
    assert.equal(midPrice('1.08446', '1.08454').toFixed(5), '1.08450')
  })
})
