import { test } from '@japa/runner'
import {
  DEFAULT_STOP_OUT,
  estimatedProfitLoss,
  leverageFor,
  openingPrice,
  pipValue,
  rateFromPips,
  requiredMargin,
  spreadCost,
  spreadMultiplier,
  stopOutFor,
} from '#domain/trading'
import { pipSize } from '#domain/instruments'

test.group('trading formulas (customer spec §9)', () => {
  test('a buy opens at the ask, a sell at the bid', ({ assert }) => {
    assert.equal(openingPrice('buy', '1.08650', '1.08662'), '1.08662')
    assert.equal(openingPrice('sell', '1.08650', '1.08662'), '1.08650')
  })

  test('required margin = price × amount ÷ leverage ÷ rate', ({ assert }) => {
    // EUR_USD on a USD wallet: 1.08662 × 100,000 ÷ 100 ÷ 1 = 1,086.62
    assert.equal(
      requiredMargin({ price: '1.08662', amount: '100000', leverage: 100, rate: '1' }).toFixed(),
      '1086.62'
    )
    // USD_JPY on a USD wallet (rate = USD_JPY mid 151.42): 151.43 × 10,000 ÷ 50 ÷ 151.42 = 200.01320829...
    assert.equal(
      requiredMargin({ price: '151.43', amount: '10000', leverage: 50, rate: '151.42' })
        .toDecimalPlaces(6)
        .toFixed(),
      '200.013208'
    )
    assert.throws(() => requiredMargin({ price: '1', amount: '1', leverage: 0, rate: '1' }))
    assert.throws(() => requiredMargin({ price: '1', amount: '1', leverage: 10, rate: '0' }))
  })

  test('leverage: the plan per category, else the instrument', ({ assert }) => {
    const plan = { forexLeverage: 200, stockLeverage: null }
    assert.equal(leverageFor('forex', plan, 30), 200)
    assert.equal(leverageFor('stock', plan, 5), 5)
    assert.equal(leverageFor('crypto', null, 2), 2)
    assert.equal(leverageFor('crypto', null, 0), 1)
    // Same trade, with and without the plan: 1.1 × 10,000 ÷ 200 = 55 vs ÷ 30 = 366.67
    assert.equal(
      requiredMargin({
        price: '1.1',
        amount: '10000',
        leverage: leverageFor('forex', plan, 30),
        rate: '1',
      }).toFixed(),
      '55'
    )
    assert.equal(
      requiredMargin({
        price: '1.1',
        amount: '10000',
        leverage: leverageFor('forex', null, 30),
        rate: '1',
      }).toFixed(2),
      '366.67'
    )
  })

  test('pip size 0.01 for JPY quotes, otherwise 0.0001; pip value = pip size × amount ÷ rate', ({
    assert,
  }) => {
    assert.equal(pipSize('JPY'), '0.01')
    assert.equal(pipSize('USD'), '0.0001')
    assert.equal(pipValue({ quote: 'USD', amount: '100000', rate: '1' }).toFixed(), '10')
    // USD_JPY, 100,000 units, USD wallet at 150: 0.01 × 100,000 ÷ 150 = 6.666...
    assert.equal(pipValue({ quote: 'JPY', amount: '100000', rate: '150' }).toFixed(4), '6.6667')
  })

  test('spread cost = (ask − bid) × setting × amount', ({ assert }) => {
    assert.equal(
      spreadCost({ bid: '1.08650', ask: '1.08662', spreadSetting: 1, amount: '100000' }).toFixed(),
      '12'
    )
    assert.equal(
      spreadCost({ bid: '151.420', ask: '151.435', spreadSetting: 2, amount: '1000' }).toFixed(),
      '30'
    )
    assert.equal(spreadMultiplier('3'), 3)
    assert.equal(spreadMultiplier(null), 1)
    assert.equal(spreadMultiplier('abc'), 1)
  })

  test('stop-out level: the plan per kind, default 50', ({ assert }) => {
    assert.equal(stopOutFor('forex', { forexStopout: '30' }).toFixed(), '30')
    assert.equal(stopOutFor('stock', { forexStopout: '30' }).toFixed(), String(DEFAULT_STOP_OUT))
    assert.equal(stopOutFor('crypto', null).toFixed(), '50')
  })

  test('estimated P/L: amount × move minus spread, ÷ rate, 2 decimals', ({ assert }) => {
    // buy 10,000 EUR_USD at 1.08662, target 1.08762, spread 1.2: (10,000 × 0.001 − 1.2) ÷ 1 = 8.80
    assert.equal(
      estimatedProfitLoss({
        type: 'buy',
        amount: '10000',
        price: '1.08662',
        target: '1.08762',
        spread: '1.2',
        rate: '1',
      }).toFixed(2),
      '8.80'
    )
    // sell 1,000 USD_JPY at 151.420, target 151.920 (a loss), spread 15, USD wallet at 151.42
    assert.equal(
      estimatedProfitLoss({
        type: 'sell',
        amount: '1000',
        price: '151.420',
        target: '151.920',
        spread: '15',
        rate: '151.42',
      }).toFixed(2),
      '-3.40'
    )
  })

  test('pips mode: rate = price ± pips × pip size, 6 decimals', ({ assert }) => {
    assert.equal(
      rateFromPips({
        type: 'buy',
        side: 'profit',
        price: '1.08662',
        pips: '20',
        quote: 'USD',
      }).toFixed(),
      '1.08862'
    )
    assert.equal(
      rateFromPips({
        type: 'buy',
        side: 'loss',
        price: '1.08662',
        pips: '20',
        quote: 'USD',
      }).toFixed(),
      '1.08462'
    )
    assert.equal(
      rateFromPips({
        type: 'sell',
        side: 'profit',
        price: '151.420',
        pips: '15',
        quote: 'JPY',
      }).toFixed(),
      '151.27'
    )
    assert.equal(
      rateFromPips({
        type: 'sell',
        side: 'loss',
        price: '151.420',
        pips: '15',
        quote: 'JPY',
      }).toFixed(),
      '151.57'
    )
    assert.equal(
      rateFromPips({
        type: 'buy',
        side: 'profit',
        price: '1.1234567',
        pips: '1',
        quote: 'USD',
      }).toFixed(),
      '1.123557'
    )
  })
})
