import { test } from '@japa/runner'
import { money } from '#domain/money'
import {
  checkRatesAgainstMarket,
  FORCE_NEEDED_MESSAGE,
  NO_QUOTE_MESSAGE,
  openCorrectionCovered,
  rateDeviationPercent,
} from '#domain/trade_corrections'
import { stopOutVictim } from '#domain/risk'

const position = (openRate: string, spread = '0') => ({
  type: 'buy' as const,
  tradeAmount: '10000',
  openRate,
  currentRate: '1.10000',
  spread,
  exchangeRate: '1',
})

test.group('trade corrections: the market bound (issue 21 item 2)', () => {
  test('deviation is the distance from the quote in percent of the quote, either side', ({
    assert,
  }) => {
    assert.equal(rateDeviationPercent('1.2', '1').toFixed(2), '20.00')
    assert.equal(rateDeviationPercent('0.8', '1').toFixed(2), '20.00')
    assert.equal(rateDeviationPercent('999999999.99999999', '1.08662').toFixed(0), '92028491921')
    assert.throws(() => rateDeviationPercent('1', '0'))
  })

  test('within the bound (inclusive) passes; beyond it both the rate and force are named', ({
    assert,
  }) => {
    const within = checkRatesAgainstMarket({
      rates: { openRate: '1.2', closeRate: '0.8' },
      quote: '1',
      maxPercent: 20,
      force: false,
    })
    assert.deepEqual(within, { errors: [], deviations: { openRate: '20.00', closeRate: '20.00' } })

    const beyond = checkRatesAgainstMarket({
      rates: { closeRate: '1.25' },
      quote: '1.0000',
      maxPercent: 20,
      force: false,
    })
    assert.deepEqual(beyond.errors, [
      {
        field: 'closeRate',
        message:
          'Close rate is 25.00% away from the current quote (1); more than 20% must be confirmed',
      },
      { field: 'force', message: FORCE_NEEDED_MESSAGE },
    ])
    // A configured bound applies as given.
    assert.lengthOf(
      checkRatesAgainstMarket({
        rates: { closeRate: '1.25' },
        quote: '1',
        maxPercent: 30,
        force: false,
      }).errors,
      0
    )
  })

  test('force lets any rate through and keeps the deviations for the audit row', ({ assert }) => {
    assert.deepEqual(
      checkRatesAgainstMarket({
        rates: { openRate: '2' },
        quote: '1',
        maxPercent: 20,
        force: true,
      }),
      { errors: [], deviations: { openRate: '100.00' } }
    )
  })

  test('without a quote every changed rate needs force', ({ assert }) => {
    for (const quote of [null, '0']) {
      const check = checkRatesAgainstMarket({
        rates: { openRate: '1.1' },
        quote,
        maxPercent: 20,
        force: false,
      })
      assert.deepEqual(check.errors, [
        { field: 'openRate', message: NO_QUOTE_MESSAGE },
        { field: 'force', message: FORCE_NEEDED_MESSAGE },
      ])
      assert.deepEqual(check.deviations, { openRate: null })
    }
    assert.lengthOf(
      checkRatesAgainstMarket({
        rates: { openRate: '1.1' },
        quote: null,
        maxPercent: 20,
        force: true,
      }).errors,
      0
    )
    // Nothing changed: nothing to check.
    assert.deepEqual(
      checkRatesAgainstMarket({ rates: {}, quote: null, maxPercent: 20, force: false }),
      { errors: [], deviations: {} }
    )
  })
})

test.group('trade corrections: the free margin of an open trade (issue 21 item 2)', () => {
  const wallet = { balance: '100', margin: '50', onHold: '10' }

  test('a correction in the customer’s favour is always carried', ({ assert }) => {
    assert.isTrue(
      openCorrectionCovered({
        balance: '0',
        margin: '50',
        onHold: '0',
        before: [position('1.20000')],
        after: [position('1.15000')],
      })
    )
  })

  test('a debit is carried while balance − margin − on hold − open losses stays at zero or above', ({
    assert,
  }) => {
    // Free 40: open P/L 0 → −40 is carried, → −40.01 is not.
    assert.isTrue(
      openCorrectionCovered({
        ...wallet,
        before: [position('1.10000')],
        after: [position('1.10400')],
      })
    )
    assert.isFalse(
      openCorrectionCovered({
        ...wallet,
        before: [position('1.10000')],
        after: [position('1.10400', '0.01')],
      })
    )
    // Open profit elsewhere counts against the losses (the wallet's total P/L), as for withdrawals.
    assert.isTrue(
      openCorrectionCovered({
        ...wallet,
        before: [position('1.10000'), position('1.09000')],
        after: [position('1.11400'), position('1.09000')],
      })
    )
    assert.isFalse(
      openCorrectionCovered({
        ...wallet,
        before: [position('1.10000')],
        after: [position('999999999.99999999')],
      })
    )
  })
})

test.group('stop-out victim', () => {
  test('the largest loser among positions whose kind’s level the account reached; none above it', ({
    assert,
  }) => {
    const positions = [
      { ...position('1.10100'), id: 1, kind: 'forex' as const },
      { ...position('1.10300'), id: 2, kind: 'forex' as const },
      { ...position('1.10200'), id: 3, kind: 'stock' as const },
    ]
    // P/L −10, −30, −20 = −60; equity 40 on margin 50 = 80 %.
    const stopOutOf = (kind: string) => (kind === 'forex' ? '50' : '100')
    const victim = stopOutVictim({ balance: '100', usedMargin: '50', positions, stopOutOf })
    assert.equal(victim?.id, 3)
    assert.equal(victim?.profitLoss.toFixed(2), money('-20').toFixed(2))
    assert.isNull(
      stopOutVictim({ balance: '200', usedMargin: '50', positions, stopOutOf: () => '50' })
    )
  })
})
