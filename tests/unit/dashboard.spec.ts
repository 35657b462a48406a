import { test } from '@japa/runner'
import {
  RECENT_DAYS,
  SiteCurrencyConverter,
  dashboardCards,
  recentDays,
  recentTransactions,
  tradeEngagement,
  utcDay,
  type RollupSum,
} from '#domain/dashboard'
import { formatDay } from '#domain/formatting'

/** EUR: 1 USD buys 0.8 EUR (EUR_USD 1.25); GBP: 1 USD buys 0.5 GBP; JPY unknown. */
const RATES: Record<string, string> = { EUR: '0.8', GBP: '0.5' }
const usd = () => new SiteCurrencyConverter('USD', (c) => RATES[c])

const sum = (
  metric: string,
  mode: string,
  currency: string,
  amount: string,
  count = 1,
  kind = ''
): RollupSum => ({
  metric,
  mode,
  currency,
  kind,
  count,
  amount,
})

test.group('dashboard: the 7-day window (admin spec §9)', () => {
  test('seven UTC days ending today, oldest first, across month and year ends', ({ assert }) => {
    assert.equal(RECENT_DAYS, 7)
    assert.deepEqual(recentDays('2025-03-02'), [
      '2025-02-24',
      '2025-02-25',
      '2025-02-26',
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ])
    assert.deepEqual(recentDays('2025-01-03', 4), [
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
    ])
    // Leap day.
    assert.include(recentDays('2024-03-01'), '2024-02-29')
  })

  test('today is the UTC day, whatever the hour elsewhere', ({ assert }) => {
    assert.equal(utcDay(new Date('2025-03-01T23:59:59.999Z')), '2025-03-01')
    assert.equal(utcDay(new Date('2025-03-02T01:00:00+02:00')), '2025-03-01')
  })

  test('refuses what is not a day', ({ assert }) => {
    assert.throws(() => recentDays('2025-3-1'), /not a day/)
    assert.throws(() => recentDays('yesterday'), /not a day/)
  })

  test('days read as the back office writes dates (DD/MM/YYYY)', ({ assert }) => {
    assert.equal(formatDay('2025-03-02', 'display'), '02/03/2025')
    assert.equal(formatDay('2025-03-02', 'table'), '2025-03-02')
    assert.equal(formatDay('2025-3-2', 'display'), '-')
    assert.equal(formatDay(null, 'display'), '-')
  })
})

test.group('dashboard: conversion to the site currency', () => {
  test('divides by the rate (units of the wallet currency per site unit), adds, rounds to cents at the end', ({
    assert,
  }) => {
    const converter = usd()
    // 100 EUR = 125 USD; 0.01 GBP = 0.02 USD; 10.005 USD stays until the end.
    assert.equal(
      converter.total([
        { currency: 'EUR', amount: '100' },
        { currency: 'GBP', amount: '0.01' },
        { currency: 'USD', amount: '10.005' },
      ]),
      '135.03'
    )
    assert.equal(converter.total([]), '0.00')
    assert.deepEqual([...converter.unconverted], [])
  })

  test('a currency without a rate is left out and named; zero amounts need no rate', ({
    assert,
  }) => {
    const converter = usd()
    assert.equal(
      converter.total([
        { currency: 'JPY', amount: '1000' },
        { currency: 'CHF', amount: '0' },
        { currency: 'USD', amount: '1' },
      ]),
      '1.00'
    )
    assert.deepEqual([...converter.unconverted], ['JPY'])
  })

  test('a zero or negative rate is no rate', ({ assert }) => {
    const converter = new SiteCurrencyConverter('USD', () => '0')
    assert.equal(converter.total([{ currency: 'EUR', amount: '5' }]), '0.00')
    assert.deepEqual([...converter.unconverted], ['EUR'])
  })

  test('the site currency matches whatever its case', ({ assert }) => {
    assert.equal(
      new SiteCurrencyConverter('usd', () => null).total([{ currency: 'USD', amount: '2.5' }]),
      '2.50'
    )
  })
})

test.group('dashboard: cards and the Trade Engagement pie', () => {
  test('money of real wallets only, converted; trades counted on real wallets, demo trades apart', ({
    assert,
  }) => {
    const rows = [
      sum('deposits', 'real', 'USD', '1000.50', 3),
      sum('deposits', 'real', 'EUR', '80', 1),
      sum('deposits', 'demo', 'USD', '999999', 9),
      sum('withdrawals', 'real', 'GBP', '50', 1),
      sum('pnl', 'real', 'USD', '-30.25', 4),
      sum('pnl', 'real', 'EUR', '8', 1),
      sum('pnl', 'demo', 'USD', '5000', 2),
      sum('trades', 'real', '', '0', 4, 'forex'),
      sum('trades', 'real', '', '0', 1, 'crypto'),
      sum('trades', 'demo', '', '0', 7, 'forex'),
      sum('users', '', '', '0', 12),
    ]
    const { cards, tradeEngagement: pie } = dashboardCards(rows, usd())
    assert.deepEqual(cards, {
      totalDeposits: '1100.50',
      totalWithdraws: '100.00',
      totalTrades: 5,
      totalUsers: 12,
      totalProLoss: '-20.25',
      demoTrades: 7,
    })
    assert.deepEqual(pie, {
      categories: ['FOREX', 'COMMODITIES', 'INDICES', 'STOCK', 'CRYPTO'],
      data: [4, 0, 0, 0, 1],
    })
  })

  test('nothing at all gives zeros, every market listed', ({ assert }) => {
    const { cards, tradeEngagement: pie } = dashboardCards([], usd())
    assert.deepEqual(cards, {
      totalDeposits: '0.00',
      totalWithdraws: '0.00',
      totalTrades: 0,
      totalUsers: 0,
      totalProLoss: '0.00',
      demoTrades: 0,
    })
    assert.deepEqual(pie.data, [0, 0, 0, 0, 0])
  })

  test('the pie adds rows of the same market and ignores unknown ones', ({ assert }) => {
    assert.deepEqual(
      tradeEngagement([
        { kind: 'stock', count: 2 },
        { kind: 'stock', count: 3 },
        { kind: 'bonds', count: 9 },
      ]).data,
      [0, 0, 0, 5, 0]
    )
  })
})

test.group('dashboard: the Recent Transactions series', () => {
  test('one amount per day and series, in the site currency, 0.00 on quiet days', ({ assert }) => {
    const days = recentDays('2025-03-02')
    const chart = recentTransactions(
      days,
      [
        { day: '2025-02-24', metric: 'deposits', mode: 'real', currency: 'USD', amount: '10' },
        { day: '2025-02-24', metric: 'deposits', mode: 'real', currency: 'EUR', amount: '8' },
        {
          day: '2025-03-02',
          metric: 'withdrawals',
          mode: 'real',
          currency: 'USD',
          amount: '2.345',
        },
        { day: '2025-03-02', metric: 'deposits', mode: 'demo', currency: 'USD', amount: '500' },
        // Outside the window: ignored.
        { day: '2025-02-23', metric: 'deposits', mode: 'real', currency: 'USD', amount: '77' },
      ],
      usd()
    )
    assert.deepEqual(chart.categories, [
      '24/02/2025',
      '25/02/2025',
      '26/02/2025',
      '27/02/2025',
      '28/02/2025',
      '01/03/2025',
      '02/03/2025',
    ])
    assert.deepEqual(chart.series, [
      { name: 'Deposits', data: ['20.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00'] },
      { name: 'Withdraws', data: ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '2.35'] },
    ])
  })
})
