import { test } from '@japa/runner'
import {
  applyToSide,
  atOrBelowMarginCall,
  categoryTotals,
  decimalText,
  emptySide,
  exposureFigures,
  marginLevel,
  topBy,
  unrealizedInQuote,
  usdPerUnit,
  usdText,
  type InstrumentSums,
} from '#domain/exposure'
import {
  ExposureBook,
  type ExposedAccount,
  type ExposedPosition,
} from '#services/market/exposure_book'

function eurUsd(): InstrumentSums {
  const sums: InstrumentSums = {
    instrument: 'EUR_USD',
    category: 'forex',
    quote: 'USD',
    long: emptySide(),
    short: emptySide(),
  }
  // Two buys: 100,000 at 1.08000 and 50,000 at 1.09000; one sell: 30,000 at 1.10000.
  applyToSide(sums.long, { amount: 100_000, openRate: 1.08, spread: 0 }, 1)
  applyToSide(sums.long, { amount: 50_000, openRate: 1.09, spread: 0 }, 1)
  applyToSide(sums.short, { amount: 30_000, openRate: 1.1, spread: 0 }, 1)
  return sums
}

test.group('exposure arithmetic (issue 24 item 3)', () => {
  test('long, short, net and gross units and the positions', ({ assert }) => {
    const f = exposureFigures(eurUsd(), { bid: 1.1, ask: 1.1002 }, 1)
    assert.equal(f.longUnits, 150_000)
    assert.equal(f.shortUnits, 30_000)
    assert.equal(f.netUnits, 120_000)
    assert.equal(f.grossUnits, 180_000)
    assert.equal(f.positions, 3)
  })

  test('notional in USD at the mid: net signed, gross positive', ({ assert }) => {
    const sums = eurUsd()
    applyToSide(sums.short, { amount: 200_000, openRate: 1.1, spread: 0 }, 1)
    const f = exposureFigures(sums, { bid: 1.1, ask: 1.1002 }, 1)
    // net = 150,000 − 230,000 = −80,000 × 1.1001
    assert.closeTo(f.usdNotional!, -88_008, 1e-6)
    assert.closeTo(f.usdGross!, 380_000 * 1.1001, 1e-6)
  })

  test("customers' unrealized P/L: a buy at the ask, a sell at the bid (the P/L customers see)", ({
    assert,
  }) => {
    // buys: 1.1002 × 150,000 − (108,000 + 54,500) = 2,530; sells: 33,000 − 1.1 × 30,000 = 0
    assert.closeTo(unrealizedInQuote(eurUsd(), { bid: 1.1, ask: 1.1002 }), 2_530, 1e-6)
    const f = exposureFigures(eurUsd(), { bid: 1.1, ask: 1.1002 }, 1)
    assert.closeTo(f.clientsUnrealizedPl!, 2_530, 1e-6)
  })

  test('the spread cost charged at open lowers the customers’ P/L', ({ assert }) => {
    const sums = eurUsd()
    applyToSide(sums.short, { amount: 10_000, openRate: 1.2, spread: 20 }, 1)
    // extra sell: 12,000 − 1.1 × 10,000 − 20 = 980
    assert.closeTo(unrealizedInQuote(sums, { bid: 1.1, ask: 1.1002 }), 3_510, 1e-6)
  })

  test('a JPY quote converts through USD_JPY: ÷ 150', ({ assert }) => {
    const sums: InstrumentSums = {
      instrument: 'USD_JPY',
      category: 'forex',
      quote: 'JPY',
      long: emptySide(),
      short: emptySide(),
    }
    applyToSide(sums.short, { amount: 100_000, openRate: 151, spread: 0 }, 1)
    const f = exposureFigures(sums, { bid: 150, ask: 150.02 }, usdPerUnit(150))
    // notional −100,000 × 150.01 ÷ 150; P/L (151 − 150) × 100,000 = 100,000 JPY = 666.67 USD
    assert.closeTo(f.usdNotional!, -100_006.6667, 1e-3)
    assert.equal(usdText(f.clientsUnrealizedPl), '666.67')
  })

  test('without a price or a USD conversion the money figures are unknown, the units known', ({
    assert,
  }) => {
    const f = exposureFigures(eurUsd(), null, 1)
    assert.isNull(f.usdNotional)
    assert.isNull(f.clientsUnrealizedPl)
    assert.equal(f.netUnits, 120_000)
    assert.isNull(usdPerUnit(null))
    assert.isNull(usdPerUnit(0))
  })

  test('removing every position leaves exactly zero (no float residue)', ({ assert }) => {
    const side = emptySide()
    applyToSide(side, { amount: 0.1, openRate: 1.1, spread: 0.3 }, 1)
    applyToSide(side, { amount: 0.2, openRate: 1.3, spread: 0.1 }, 1)
    applyToSide(side, { amount: 0.1, openRate: 1.1, spread: 0.3 }, -1)
    applyToSide(side, { amount: 0.2, openRate: 1.3, spread: 0.1 }, -1)
    assert.deepEqual(side, { positions: 0, units: 0, cost: 0, spread: 0 })
  })

  test('totals per category add USD figures in category order', ({ assert }) => {
    const totals = categoryTotals([
      {
        category: 'crypto',
        positions: 2,
        usdNotional: 10,
        usdGross: 30,
        clientsUnrealizedPl: -5,
        realizedToday: 1,
      },
      {
        category: 'forex',
        positions: 1,
        usdNotional: -4,
        usdGross: 4,
        clientsUnrealizedPl: 2,
        realizedToday: null,
      },
      {
        category: 'crypto',
        positions: 1,
        usdNotional: null,
        usdGross: null,
        clientsUnrealizedPl: null,
        realizedToday: 2,
      },
    ])
    assert.deepEqual(
      totals.map((t) => [t.category, t.positions, t.usdNotional, t.usdGross, t.realizedToday]),
      [
        ['forex', 1, -4, 4, 0],
        ['crypto', 3, 10, 30, 3],
      ]
    )
  })

  test('margin level and the margin-call screen', ({ assert }) => {
    assert.equal(marginLevel(900, 1000), 90)
    assert.isNull(marginLevel(900, 0))
    assert.isTrue(atOrBelowMarginCall(100, 100))
    assert.isTrue(atOrBelowMarginCall(99.99, 100))
    assert.isFalse(atOrBelowMarginCall(100.01, 100))
    assert.isFalse(atOrBelowMarginCall(null, 100))
  })

  test('top N by a score, largest first, skipping unknowns', ({ assert }) => {
    const items = [5, 1, 9, Number.NaN, 7, 3, 9.5, 2]
    assert.deepEqual(
      topBy(items, (x) => x, 3),
      [9.5, 9, 7]
    )
    assert.deepEqual(
      topBy([1, 2], (x) => x, 10),
      [2, 1]
    )
  })

  test('decimal strings', ({ assert }) => {
    assert.equal(decimalText(120000, 8), '120000')
    assert.equal(decimalText(0.1 + 0.2, 8), '0.3')
    assert.equal(decimalText(-0.000000001, 8), '0')
    assert.equal(usdText(-0.001), '0.00')
    assert.equal(usdText(1234.5), '1234.50')
  })
})

function account(id: number, mode: 'real' | 'demo' | null, fields: Partial<ExposedAccount> = {}) {
  const positions = new Set<ExposedPosition>()
  const a: ExposedAccount = {
    balanceId: id,
    userId: id,
    mode,
    currency: 'USD',
    balance: 10_000,
    margin: 1_000,
    pl: 0,
    positions,
    usdNotional: 0,
    exposureSlot: -1,
    ...fields,
  }
  return a
}

function position(a: ExposedAccount, type: 'buy' | 'sell', amount: number, openRate: number) {
  const p = {
    amount,
    openRate,
    spread: 0,
    type,
    account: a,
    exposure: null,
    accountSlot: -1,
  } as ExposedPosition & {
    instrument: string
    kind: 'forex'
    quote: string
  }
  p.instrument = 'EUR_USD'
  p.kind = 'forex'
  p.quote = 'USD'
  ;(a.positions as Set<ExposedPosition>).add(p)
  return p
}

test.group('exposure book (issue 24 item 3)', () => {
  test('files positions by mode and side; a wallet read later moves them to its mode', ({
    assert,
  }) => {
    const book = new ExposureBook()
    const real = account(1, 'real')
    const later = account(2, null)
    const p1 = position(real, 'buy', 1000, 1.1)
    const p2 = position(later, 'sell', 500, 1.2)
    book.add(p1, 'EUR_USD', 'forex', 'USD')
    book.add(p2, 'EUR_USD', 'forex', 'USD')
    assert.equal(book.sums('real', 'EUR_USD')!.long.units, 1000)
    assert.equal(book.sums('real', 'EUR_USD')!.short.units, 0)
    later.mode = 'demo'
    book.refile([p2])
    assert.equal(book.sums('demo', 'EUR_USD')!.short.units, 500)
    book.remove(p1)
    assert.equal(book.sums('real', 'EUR_USD')!.long.positions, 0)
  })

  test('figures: rows per mode, top accounts by notional and P/L, margin calls', ({ assert }) => {
    const book = new ExposureBook()
    const big = account(1, 'real', { pl: 500 })
    const small = account(2, 'real', { pl: -950, balance: 1_000, margin: 100 })
    const demo = account(3, 'demo')
    const lists: [string, ExposedPosition[]][] = [
      [
        'EUR_USD',
        [
          position(big, 'buy', 100_000, 1.08),
          position(small, 'sell', 1_000, 1.1),
          position(demo, 'buy', 7, 1),
        ],
      ],
    ]
    for (const p of lists[0][1]) book.add(p, 'EUR_USD', 'forex', 'USD')
    const f = book.figures(
      lists,
      [big, small, demo],
      (name) => (name === 'EUR_USD' ? { bid: 1.1, ask: 1.1 } : null),
      100
    )
    assert.equal(f.real.rows.length, 1)
    assert.equal(f.real.rows[0].netUnits, 99_000)
    assert.equal(f.demo.rows[0].longUnits, 7)
    assert.deepEqual(
      f.real.topByNotional.map((a) => a.balanceId),
      [1, 2]
    )
    assert.closeTo(f.real.topByNotional[0].usdNotional, 110_000, 1e-6)
    assert.deepEqual(
      f.real.topByUnrealizedPl.map((a) => a.balanceId),
      [1, 2]
    )
    // small: equity 50 on margin 100 = 50 %
    assert.equal(f.real.marginCallCount, 1)
    assert.equal(f.real.marginCalls[0].balanceId, 2)
    assert.closeTo(f.real.marginCalls[0].marginLevel!, 50, 1e-9)
  })
})
