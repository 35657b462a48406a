import { test } from '@japa/runner'
import {
  accountMetrics,
  currentRateFor,
  formatAccountMetrics,
  openProfitLoss,
  positionProfitLoss,
  type OpenPositionInput,
} from '#domain/account_metrics'
import { Money, sum } from '#domain/money'

/** 10,000 EUR_USD bought at 1.08000, now 1.08500, spread cost 1.6, USD account (rate 1): P/L 48.4. */
const EURUSD_BUY: OpenPositionInput = {
  type: 'buy',
  tradeAmount: '10000',
  openRate: '1.08000',
  currentRate: '1.08500',
  spread: '1.6',
  exchangeRate: '1',
}

/** 100 of gold sold at 2385.40, now 2390.40, spread cost 35: P/L −535. */
const GOLD_SELL: OpenPositionInput = {
  type: 'sell',
  tradeAmount: '100',
  openRate: '2385.40',
  currentRate: '2390.40',
  spread: '35',
  exchangeRate: '1',
}

test.group('account metrics (customer spec §9)', () => {
  test('buy P/L = (amount × (current − open) − spread) / exchange rate', ({ assert }) => {
    const pl = positionProfitLoss(EURUSD_BUY)
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
      positions: [EURUSD_BUY, GOLD_SELL],
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

test.group('open P/L summed (customer spec §9)', () => {
  /** A deterministic generator: the same positions on every run. */
  function positionsFrom(seed: number, count: number, rates: string[]): OpenPositionInput[] {
    let state = seed
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648)
    const decimal = (whole: number, digits: number) => {
      const fraction = String(next() % 10 ** digits).padStart(digits, '0')
      return `${next() % whole}.${fraction}`
    }
    return Array.from({ length: count }, () => ({
      type: next() % 2 ? 'buy' : 'sell',
      tradeAmount: decimal(100_000, 2),
      openRate: decimal(3_000, 5),
      currentRate: decimal(3_000, 5),
      spread: decimal(50, 8),
      exchangeRate: rates[next() % rates.length],
    }))
  }

  test('equals the positions summed one by one, exactly when every rate is 1', ({ assert }) => {
    for (let seed = 1; seed <= 200; seed++) {
      const positions = positionsFrom(seed, 1 + (seed % 40), ['1'])
      assert.equal(
        openProfitLoss(positions).toFixed(),
        sum(positions.map(positionProfitLoss)).toFixed(),
        `seed ${seed}`
      )
    }
  })

  test('agrees with them to 10^-20 under several exchange rates', ({ assert }) => {
    for (let seed = 1; seed <= 200; seed++) {
      const positions = positionsFrom(seed, 1 + (seed % 40), ['1', '0.85', '1.2345', '147.5'])
      const difference = openProfitLoss(positions).minus(sum(positions.map(positionProfitLoss)))
      assert.isTrue(difference.abs().lessThan('1e-20'), `seed ${seed}: ${difference}`)
    }
  })

  test('the spec figures, with figures given as numbers or money summed one by one', ({
    assert,
  }) => {
    const [buy, sell] = [EURUSD_BUY, GOLD_SELL]
    assert.equal(openProfitLoss([buy, sell]).toFixed(3), '-486.600')
    assert.equal(openProfitLoss([buy, { ...sell, tradeAmount: 100 }]).toFixed(3), '-486.600')
    assert.equal(
      openProfitLoss([{ ...buy, spread: new Money('1.6') }, sell]).toFixed(3),
      '-486.600'
    )
    // More than 8 fraction digits is not a money column's figure: summed one by one.
    assert.equal(openProfitLoss([{ ...buy, currentRate: '1.085000001' }]).toFixed(5), '48.40001')
    assert.isTrue(openProfitLoss([]).isZero())
  })

  test('refuses a zero exchange rate', ({ assert }) => {
    assert.throws(
      () =>
        openProfitLoss([
          {
            type: 'buy',
            tradeAmount: '1',
            openRate: '1',
            currentRate: '1',
            spread: '0',
            exchangeRate: '0.00000000',
          },
        ]),
      /exchange rate/
    )
  })
})

test.group('current rate (customer spec §4)', () => {
  test('a sell is valued at the bid, a buy at the ask', ({ assert }) => {
    assert.equal(currentRateFor('sell', '1.08446', '1.08454'), '1.08446')
    assert.equal(currentRateFor('buy', '1.08446', '1.08454'), '1.08454')
  })
})
