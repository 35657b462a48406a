import { test } from '@japa/runner'
import { partialAmountError, splitPosition, type PartialCloseInput } from '#domain/partial_close'
import { positionProfitLoss } from '#domain/account_metrics'
import { money, roundCurrency } from '#domain/money'

/** The split as plain strings, for exact comparisons. */
function split(input: PartialCloseInput) {
  const { part, rest } = splitPosition(input)
  return {
    part: {
      amount: part.tradeAmount.toFixed(),
      margin: part.marginUsed.toFixed(2),
      spread: part.spread.toFixed(),
      realized: part.realized.toFixed(2),
    },
    rest: {
      amount: rest.tradeAmount.toFixed(),
      margin: rest.marginUsed.toFixed(2),
      spread: rest.spread.toFixed(),
    },
  }
}

test.group('partial close: the split (issue 23 item 3)', () => {
  test('a buy: part P/L = (a × (ask − open) − spread share) ÷ rate; the rest realizes the remainder', ({
    assert,
  }) => {
    // 10,000 EUR_USD bought at 1.08662 (margin 54.34, spread 1.2), 3,000 closed at the ask 1.08762.
    const input: PartialCloseInput = {
      type: 'buy',
      tradeAmount: '10000',
      openRate: '1.08662',
      spread: '1.2',
      exchangeRate: '1',
      marginUsed: '54.34',
      amount: '3000',
      closeRate: '1.08762',
    }
    // margin 54.34 × 0.3 = 16.302 → 16.30 (down), rest 38.04; spread 0.36, rest 0.84;
    // P/L (3,000 × 0.001 − 0.36) ÷ 1 = 2.64.
    assert.deepEqual(split(input), {
      part: { amount: '3000', margin: '16.30', spread: '0.36', realized: '2.64' },
      rest: { amount: '7000', margin: '38.04', spread: '0.84' },
    })
    // The rest closed at the same rate realizes (7,000 × 0.001 − 0.84) = 6.16: 2.64 + 6.16 = 8.80, a full close's P/L.
    const restPl = roundCurrency(
      positionProfitLoss({
        type: 'buy',
        tradeAmount: '7000',
        openRate: '1.08662',
        currentRate: '1.08762',
        spread: '0.84',
        exchangeRate: '1',
      })
    )
    assert.equal(restPl.toFixed(2), '6.16')
    const fullPl = roundCurrency(
      positionProfitLoss({ ...input, currentRate: '1.08762', exchangeRate: '1' })
    )
    assert.equal(fullPl.toFixed(2), '8.80')
  })

  test('a sell with a JPY quote: (a × (open − bid) − spread share) ÷ exchange rate, uneven amount', ({
    assert,
  }) => {
    // 1,000 USD_JPY sold at 151.414 (rate 151.42, margin 5.00, spread 12 JPY); 333 bought back at the bid 150.900.
    // margin 5 × 0.333 = 1.665 → 1.66, rest 3.34; spread 3.996, rest 8.004;
    // P/L (333 × 0.514 − 3.996) ÷ 151.42 = 167.166 ÷ 151.42 = 1.10399… → 1.10.
    assert.deepEqual(
      split({
        type: 'sell',
        tradeAmount: '1000',
        openRate: '151.414',
        spread: '12',
        exchangeRate: '151.42',
        marginUsed: '5.00',
        amount: '333',
        closeRate: '150.900',
      }),
      {
        part: { amount: '333', margin: '1.66', spread: '3.996', realized: '1.10' },
        rest: { amount: '667', margin: '3.34', spread: '8.004' },
      }
    )
  })

  test('a losing sell in EUR: a negative P/L, the rate divides the quote-currency loss', ({
    assert,
  }) => {
    // 2.5 XAU_USD sold at 2385.20 in a EUR wallet (USD→EUR rate 1.08500), margin 110.05, spread 1.00;
    // 1.25 bought back at 2390.60: (1.25 × (2385.20 − 2390.60) − 0.5) ÷ 1.085 = −7.25 ÷ 1.085 = −6.682… → −6.68.
    assert.deepEqual(
      split({
        type: 'sell',
        tradeAmount: '2.5',
        openRate: '2385.20',
        spread: '1.00',
        exchangeRate: '1.08500',
        marginUsed: '110.05',
        amount: '1.25',
        closeRate: '2390.60',
      }),
      {
        part: { amount: '1.25', margin: '55.02', spread: '0.5', realized: '-6.68' },
        rest: { amount: '1.25', margin: '55.03', spread: '0.5' },
      }
    )
  })

  test('a third of an amount: shares that do not divide evenly still add up exactly', ({
    assert,
  }) => {
    // margin 100 ÷ 3 = 33.333… → 33.33, rest 66.67; spread 0.1 ÷ 3 = 0.03333333 (8 dp), rest 0.06666667;
    // P/L (1 × 1.005 − 0.03333333) ÷ 1 = 0.97166667 → 0.97.
    assert.deepEqual(
      split({
        type: 'buy',
        tradeAmount: '3',
        openRate: '100',
        spread: '0.1',
        exchangeRate: '1',
        marginUsed: '100.00',
        amount: '1',
        closeRate: '101.005',
      }),
      {
        part: { amount: '1', margin: '33.33', spread: '0.03333333', realized: '0.97' },
        rest: { amount: '2', margin: '66.67', spread: '0.06666667' },
      }
    )
  })

  test('the part margin rounds down: the open rest never holds less than its share', ({
    assert,
  }) => {
    const base = {
      type: 'buy' as const,
      openRate: '1',
      spread: '0',
      exchangeRate: '1',
      closeRate: '1',
    }
    // 0.01 × ½ = 0.005 → 0.00: the cent stays with the open rest.
    const half = split({ ...base, tradeAmount: '2', marginUsed: '0.01', amount: '1' })
    assert.equal(half.part.margin, '0.00')
    assert.equal(half.rest.margin, '0.01')
    // 0.99 × 2 ÷ 3 = 0.66 exactly.
    assert.equal(
      split({ ...base, tradeAmount: '3', marginUsed: '0.99', amount: '2' }).part.margin,
      '0.66'
    )
  })

  test('the P/L rounds half-up to cents like a full close, away from zero for a loss', ({
    assert,
  }) => {
    const base = { tradeAmount: '2', openRate: '100', spread: '0.02', exchangeRate: '1' }
    // buy: 1 × 0.035 − 0.01 = 0.025 → 0.03
    const gain = split({
      ...base,
      type: 'buy',
      marginUsed: '40',
      amount: '1',
      closeRate: '100.035',
    })
    assert.equal(gain.part.realized, '0.03')
    // sell: 1 × (100 − 100.015) − 0.01 = −0.025 → −0.03
    const loss = split({
      ...base,
      type: 'sell',
      marginUsed: '40',
      amount: '1',
      closeRate: '100.015',
    })
    assert.equal(loss.part.realized, '-0.03')
  })

  test('part + rest = the ticket exactly, for amounts, margins and spreads', ({ assert }) => {
    const cases: [string, string, string, string][] = [
      ['10000', '54.34', '1.2', '1'],
      ['100000', '543.31', '12.00000001', '99999.999999'],
      ['0.3', '0.07', '0.00000007', '0.1'],
      ['7', '1234.57', '3.3', '6.999999'],
      ['50000', '271.66', '6', '10000'],
    ]
    for (const [amount, margin, spread, part] of cases) {
      const result = splitPosition({
        type: 'sell',
        tradeAmount: amount,
        openRate: '1.5',
        spread,
        exchangeRate: '1.3',
        marginUsed: margin,
        amount: part,
        closeRate: '1.4',
      })
      const label = `${part} of ${amount}`
      assert.equal(result.part.tradeAmount.plus(result.rest.tradeAmount).toFixed(), amount, label)
      assert.equal(
        result.part.marginUsed.plus(result.rest.marginUsed).toFixed(2),
        money(margin).toFixed(2),
        label
      )
      assert.equal(
        result.part.spread.plus(result.rest.spread).toFixed(),
        money(spread).toFixed(),
        label
      )
      assert.isAtMost(result.part.marginUsed.decimalPlaces(), 2, label)
      assert.isAtMost(result.part.spread.decimalPlaces(), 8, label)
      assert.isAtMost(result.part.realized.decimalPlaces(), 2, label)
      assert.isFalse(result.rest.marginUsed.isNegative(), label)
    }
  })

  test('an amount of zero, the whole position or more is not a partial close', ({ assert }) => {
    const base: PartialCloseInput = {
      type: 'buy',
      tradeAmount: '10',
      openRate: '1',
      spread: '0',
      exchangeRate: '1',
      marginUsed: '1',
      amount: '0',
      closeRate: '1',
    }
    for (const amount of ['0', '-1', '10', '10.000001']) {
      assert.throws(() => splitPosition({ ...base, amount }), RangeError)
    }
  })
})

test.group('partial close: which amounts may close (issue 23 item 3)', () => {
  const amountMode = { lotMode: false, offered: [] }
  const lotMode = { lotMode: true, offered: ['1000', '10000', '50000', '100000'] }

  test('in amount mode any amount above 0 and below the open amount', ({ assert }) => {
    assert.isNull(partialAmountError('0.000001', '10', amountMode))
    assert.isNull(partialAmountError('9.999999', '10', amountMode))
    assert.deepEqual(partialAmountError('0', '10', amountMode), {
      field: 'amount',
      message: 'Amount must be greater than zero',
    })
    assert.deepEqual(partialAmountError('10', '10.00', amountMode), {
      field: 'amount',
      message:
        'Amount must be less than the open amount (10); to close it all, close without an amount',
    })
    assert.equal(
      partialAmountError('12', '10', amountMode)?.message,
      'Amount must be less than the open amount (10); to close it all, close without an amount'
    )
  })

  test('in lot mode one of the offered lot sizes, still below the open amount', ({ assert }) => {
    assert.isNull(partialAmountError('10000', '50000', lotMode))
    assert.isNull(partialAmountError('10000.000', '50000', lotMode))
    assert.deepEqual(partialAmountError('12345', '50000', lotMode), {
      field: 'amount',
      message: 'Choose one of the offered lot sizes',
    })
    assert.equal(
      partialAmountError('50000', '50000', lotMode)?.message,
      'Amount must be less than the open amount (50000); to close it all, close without an amount'
    )
    // The rest (49,000) need not be a lot size itself: it is what stays open.
    assert.isNull(partialAmountError('1000', '50000', lotMode))
  })
})
