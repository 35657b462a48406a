import { test } from '@japa/runner'
import { money } from '#domain/money'
import {
  isStopOut,
  largestLoser,
  negativeBalanceWriteOff,
  newOrderTargetErrors,
  estimableTargets,
  orderTargetErrors,
  stopLossHit,
  takeProfitHit,
  triggeredTarget,
} from '#domain/risk'
import { accountMetrics } from '#domain/account_metrics'

test.group('take-profit and stop-loss triggers (customer spec §4)', () => {
  test('a buy takes profit when TP ≤ ask, stops when SL ≥ ask', ({ assert }) => {
    assert.isTrue(takeProfitHit('buy', '1.09000', '1.09000'))
    assert.isTrue(takeProfitHit('buy', '1.09000', '1.09010'))
    assert.isFalse(takeProfitHit('buy', '1.09000', '1.08990'))
    assert.isTrue(stopLossHit('buy', '1.08000', '1.08000'))
    assert.isTrue(stopLossHit('buy', '1.08000', '1.07500'))
    assert.isFalse(stopLossHit('buy', '1.08000', '1.08001'))
  })

  test('a sell takes profit when TP ≥ bid, stops when SL ≤ bid', ({ assert }) => {
    assert.isTrue(takeProfitHit('sell', '151.000', '150.990'))
    assert.isFalse(takeProfitHit('sell', '151.000', '151.001'))
    assert.isTrue(stopLossHit('sell', '152.000', '152.000'))
    assert.isFalse(stopLossHit('sell', '152.000', '151.999'))
  })

  test('no target, no trigger; stop-loss wins when a gap crosses both readings', ({ assert }) => {
    assert.isFalse(takeProfitHit('buy', null, '2'))
    assert.isFalse(stopLossHit('sell', null, '2'))
    assert.equal(triggeredTarget({ type: 'buy', profit: '1.1', loss: '1.0' }, '0.99'), 'stop_loss')
    assert.equal(triggeredTarget({ type: 'buy', profit: '1.1', loss: '1.0' }, '1.2'), 'take_profit')
    assert.isNull(triggeredTarget({ type: 'buy', profit: '1.1', loss: '1.0' }, '1.05'))
  })
})

test.group('stop-out and margin call (standard reading)', () => {
  test('stop out at or below the stop-out percent, or when equity ≤ 0', ({ assert }) => {
    // balance 1,000, margin 500, P/L −750: equity 250, level 250 ÷ 500 × 100 = 50 → stop out at 50
    const m = accountMetrics({
      balance: '1000',
      usedMargin: '500',
      positions: [
        {
          type: 'buy',
          tradeAmount: '100000',
          openRate: '1.10000',
          currentRate: '1.09250',
          spread: '0',
          exchangeRate: '1',
        },
      ],
    })
    assert.equal(m.equity.toFixed(), '250')
    assert.equal(m.marginLevel!.toFixed(), '50')
    assert.isTrue(isStopOut({ equity: m.equity, marginLevel: m.marginLevel, stopOut: '50' }))
    assert.isFalse(isStopOut({ equity: m.equity, marginLevel: m.marginLevel, stopOut: '30' }))
    // the literal reading (level ≤ −50) would not fire here; the standard one does
    assert.isFalse(m.marginLevel!.lessThanOrEqualTo(-50))
    assert.isTrue(isStopOut({ equity: '0', marginLevel: null, stopOut: '50' }))
    assert.isTrue(isStopOut({ equity: '-0.01', marginLevel: money(-1), stopOut: '50' }))
    assert.isFalse(isStopOut({ equity: '10', marginLevel: null, stopOut: '50' }))
  })

  test('the largest loser goes first', ({ assert }) => {
    const worst = largestLoser([
      { id: 1, profitLoss: money('-10') },
      { id: 2, profitLoss: money('-250.5') },
      { id: 3, profitLoss: money('40') },
    ])
    assert.equal(worst!.id, 2)
    assert.isNull(largestLoser([]))
  })

  test('negative balance protection writes off exactly the deficit', ({ assert }) => {
    assert.equal(negativeBalanceWriteOff('-123.45').toFixed(), '123.45')
    assert.equal(negativeBalanceWriteOff('0').toFixed(), '0')
    assert.equal(negativeBalanceWriteOff('10').toFixed(), '0')
  })
})

test.group('target bounds (customer spec §5)', () => {
  test('new order: buy TP ≥ ask, buy SL within [0, ask]; sell TP within [0, bid], sell SL ≥ bid', ({
    assert,
  }) => {
    const quote = { bid: '1.08650', ask: '1.08662' }
    assert.deepEqual(
      newOrderTargetErrors({ type: 'buy', ...quote, profit: '1.08662', loss: '0' }),
      []
    )
    assert.deepEqual(
      newOrderTargetErrors({ type: 'buy', ...quote, profit: '1.08661', loss: '1.08663' }).map(
        (e) => e.field
      ),
      ['profit', 'loss']
    )
    assert.deepEqual(
      newOrderTargetErrors({ type: 'sell', ...quote, profit: '1.08650', loss: '1.08650' }),
      []
    )
    assert.deepEqual(
      newOrderTargetErrors({ type: 'sell', ...quote, profit: '1.08651', loss: '1.08649' }).map(
        (e) => e.field
      ),
      ['profit', 'loss']
    )
    assert.deepEqual(newOrderTargetErrors({ type: 'sell', ...quote, profit: null, loss: null }), [])
  })

  test('open order: buy SL within [0, open], buy TP ≥ open; sell SL ≥ open, sell TP within [0, open]', ({
    assert,
  }) => {
    assert.deepEqual(
      orderTargetErrors({ type: 'buy', openRate: '1.1', loss: '1.1', profit: '1.1' }),
      []
    )
    assert.equal(orderTargetErrors({ type: 'buy', openRate: '1.1', loss: '1.2' })[0].field, 'loss')
    assert.equal(
      orderTargetErrors({ type: 'buy', openRate: '1.1', profit: '1.0' })[0].field,
      'profit'
    )
    assert.deepEqual(
      orderTargetErrors({ type: 'sell', openRate: '1.1', loss: '1.1', profit: '0' }),
      []
    )
    assert.equal(
      orderTargetErrors({ type: 'sell', openRate: '1.1', loss: '1.09' })[0].field,
      'loss'
    )
    assert.equal(
      orderTargetErrors({ type: 'sell', openRate: '1.1', profit: '1.11' })[0].field,
      'profit'
    )
    assert.deepEqual(orderTargetErrors({ type: 'sell', openRate: '1.1', loss: null }), [])
  })
})

test.group('targets an estimate may use (customer spec §5: invalid entries are ignored)', () => {
  const quote = { bid: '1.08650', ask: '1.08662' }

  test('a target on the right side of the price is used', ({ assert }) => {
    assert.deepEqual(
      estimableTargets({ type: 'buy', ...quote, profit: '1.09000', loss: '1.08000' }),
      { profit: '1.09000', loss: '1.08000' }
    )
    assert.deepEqual(
      estimableTargets({ type: 'sell', ...quote, profit: '1.08000', loss: '1.09000' }),
      { profit: '1.08000', loss: '1.09000' }
    )
  })

  test('a target on the wrong side of the price is ignored', ({ assert }) => {
    assert.deepEqual(
      estimableTargets({ type: 'buy', ...quote, profit: '1.08000', loss: '1.09000' }),
      { profit: null, loss: null }
    )
    assert.deepEqual(
      estimableTargets({ type: 'sell', ...quote, profit: '1.09000', loss: '1.08000' }),
      { profit: null, loss: null }
    )
  })

  test('a target that is not a plain decimal is ignored, and one invalid target leaves the other', ({
    assert,
  }) => {
    for (const bad of ['abc', '1.0x', '-1', '1e3', '', ' ']) {
      assert.deepEqual(
        estimableTargets({ type: 'buy', ...quote, profit: bad, loss: '1.08000' }),
        { profit: null, loss: '1.08000' },
        JSON.stringify(bad)
      )
    }
    assert.deepEqual(estimableTargets({ type: 'buy', ...quote, profit: null, loss: null }), {
      profit: null,
      loss: null,
    })
  })
})
