import { test } from '@japa/runner'
import {
  accountMetrics,
  currentRateFor,
  formatAccountMetrics,
  positionProfitLoss,
} from '#domain/account_metrics'

test.group('account metrics (customer spec §9)', () => {
  test('buy P/L = (amount × (current − open) − spread) / exchange rate', ({ assert }) => {
    // 10,000 EUR_USD bought at 1.08000, now 1.08500, spread cost 1.6, USD account (rate 1)
    const pl = positionProfitLoss({
      type: 'buy',
      tradeAmount: '10000',
      openRate: '1.08000',
      currentRate: '1.08500',
      spread: '1.6',
      exchangeRate: '1',
    })
    assert.equal(pl.toFixed(5), '48.40000')
  })

  test('sell P/L = (amount × (open − current) − spread) / exchange rate', ({ assert }) => {
    // 1,000 USD_JPY sold at 151.420, now 151.000; JPY P/L 420 − 12 spread, at 151 JPY per USD
    const pl = positionProfitLoss({
      type: 'sell',
      tradeAmount: '1000',
      openRate: '151.420',
      currentRate: '151.000',
      spread: '12',
      exchangeRate: '151',
    })
    assert.equal(pl.toFixed(5), '2.70199')
  })

  test('a losing buy is negative', ({ assert }) => {
    const pl = positionProfitLoss({
      type: 'buy',
      tradeAmount: '100',
      openRate: '2385.40',
      currentRate: '2380.40',
      spread: '35',
      exchangeRate: '1',
    })
    assert.equal(pl.toFixed(2), '-535.00')
  })

  test('refuses a zero exchange rate', ({ assert }) => {
    assert.throws(() =>
      positionProfitLoss({
        type: 'buy',
        tradeAmount: '1',
        openRate: '1',
        currentRate: '1',
        spread: '0',
        exchangeRate: '0',
      })
    )
  })

  test('equity = balance + P/L; free margin = balance − margin + P/L', ({ assert }) => {
    const m = accountMetrics({
      balance: '10000',
      usedMargin: '1084.50',
      positions: [
        {
          type: 'buy',
          tradeAmount: '10000',
          openRate: '1.08000',
          currentRate: '1.08500',
          spread: '1.6',
          exchangeRate: '1',
        },
        {
          type: 'sell',
          tradeAmount: '100',
          openRate: '2385.40',
          currentRate: '2390.40',
          spread: '35',
          exchangeRate: '1',
        },
      ],
    })
    // 48.4 + (100 × −5 − 35) = 48.4 − 535 = −486.6
    assert.equal(m.profitLoss.toFixed(3), '-486.600')
    assert.equal(m.equity.toFixed(3), '9513.400')
    assert.equal(m.freeMargin.toFixed(2), '8428.90')
    // margin level = equity / used margin × 100
    assert.equal(m.marginLevel!.toFixed(2), '877.22')
  })

  test('no positions: equity is the balance and there is no margin level', ({ assert }) => {
    const m = formatAccountMetrics(
      accountMetrics({ balance: '25000', usedMargin: '0', positions: [] })
    )
    assert.deepEqual(m, {
      balance: '25000.00',
      profitLoss: '0.000',
      equity: '25000.000',
      usedMargin: '0.00',
      freeMargin: '25000.00',
      marginLevel: null,
    })
  })
})

test.group('current rate (customer spec §4)', () => {
  test('a sell is valued at the bid, a buy at the ask', ({ assert }) => {
    assert.equal(currentRateFor('sell', '1.08446', '1.08454'), '1.08446')
    assert.equal(currentRateFor('buy', '1.08446', '1.08454'), '1.08454')
  })
})
