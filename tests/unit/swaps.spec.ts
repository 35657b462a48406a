import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  DEFAULT_TRIPLE_DAYS,
  latestRolloverDate,
  rolloverDatesBetween,
  rolloverInstant,
  swapAmount,
  swapDays,
  swapRate,
} from '#domain/swaps'
import { marginCallLevelFrom, tripleDaysFrom, tripleDaysRow } from '#domain/book_settings'

test.group('swaps: the rollover moment (issue 24 item 1)', () => {
  test('17:00 New York is 22:00 UTC in winter and 21:00 UTC in summer', ({ assert }) => {
    assert.equal(rolloverInstant('2026-01-14').toISO(), '2026-01-14T22:00:00.000Z')
    assert.equal(rolloverInstant('2026-07-15').toISO(), '2026-07-15T21:00:00.000Z')
  })

  test('on the daylight-saving change days the rollover keeps 17:00 local', ({ assert }) => {
    // 2026-03-08: clocks go forward at 02:00; 2026-11-01: back at 02:00.
    assert.equal(rolloverInstant('2026-03-08').toISO(), '2026-03-08T21:00:00.000Z')
    assert.equal(rolloverInstant('2026-11-01').toISO(), '2026-11-01T22:00:00.000Z')
  })

  test('the latest rollover at or before a moment', ({ assert }) => {
    const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    assert.equal(latestRolloverDate(at('2026-01-14T21:59:59Z')), '2026-01-13')
    assert.equal(latestRolloverDate(at('2026-01-14T22:00:00Z')), '2026-01-14')
    assert.equal(latestRolloverDate(at('2026-01-15T03:00:00Z')), '2026-01-14')
    assert.equal(latestRolloverDate(at('2026-07-15T21:00:00Z')), '2026-07-15')
  })

  test('missed days are listed oldest first', ({ assert }) => {
    assert.deepEqual(rolloverDatesBetween('2026-01-12', '2026-01-15'), [
      '2026-01-13',
      '2026-01-14',
      '2026-01-15',
    ])
    assert.deepEqual(rolloverDatesBetween('2026-01-15', '2026-01-15'), [])
  })
})

test.group('swaps: days charged per category', () => {
  test('forex, commodities and indices: triple on Wednesday, none at the weekend', ({ assert }) => {
    for (const kind of ['forex', 'commodity', 'index'] as const) {
      assert.equal(swapDays(kind, '2026-01-13', DEFAULT_TRIPLE_DAYS), 1) // Tuesday
      assert.equal(swapDays(kind, '2026-01-14', DEFAULT_TRIPLE_DAYS), 3) // Wednesday
      assert.equal(swapDays(kind, '2026-01-16', DEFAULT_TRIPLE_DAYS), 1) // Friday
      assert.equal(swapDays(kind, '2026-01-17', DEFAULT_TRIPLE_DAYS), 0) // Saturday
      assert.equal(swapDays(kind, '2026-01-18', DEFAULT_TRIPLE_DAYS), 0) // Sunday
    }
  })

  test('stocks: triple on Friday', ({ assert }) => {
    assert.equal(swapDays('stock', '2026-01-14', DEFAULT_TRIPLE_DAYS), 1)
    assert.equal(swapDays('stock', '2026-01-16', DEFAULT_TRIPLE_DAYS), 3)
  })

  test('crypto: every calendar day, never triple', ({ assert }) => {
    for (const d of ['2026-01-14', '2026-01-16', '2026-01-17', '2026-01-18'])
      assert.equal(swapDays('crypto', d, DEFAULT_TRIPLE_DAYS), 1)
  })
})

test.group('swaps: the charge', () => {
  test('the side rate applies; an empty side charges the spec swap percent', ({ assert }) => {
    const i = { swap: '2.5', swapLong: '-3.1', swapShort: null }
    assert.equal(swapRate('buy', i).toFixed(), '-3.1')
    assert.equal(swapRate('sell', i).toFixed(), '-2.5')
    assert.equal(swapRate('sell', { ...i, swapShort: '0.8' }).toFixed(), '0.8')
  })

  test('long EUR_USD on a USD account: 100,000 × 1.1 × −3.6 % / 360', ({ assert }) => {
    const base = { units: '100000', price: '1.1', conversion: '1', rate: '-3.6', currency: 'USD' }
    assert.equal(swapAmount({ ...base, days: 1 }).toFixed(2), '-11.00')
    assert.equal(swapAmount({ ...base, days: 3 }).toFixed(2), '-33.00')
  })

  test('a credit is positive', ({ assert }) => {
    const input = { units: '10000', price: '1.25', conversion: '1', rate: '1.2', days: 1 }
    assert.equal(swapAmount({ ...input, currency: 'USD' }).toFixed(2), '0.42')
  })

  test('a JPY quote on a USD account divides by USD_JPY', ({ assert }) => {
    const input = { units: '100000', price: '150', conversion: '150', rate: '-1.8', days: 1 }
    // 100,000 × 150 / 150 = 100,000 USD; × −1.8 % / 360 = −5.
    assert.equal(swapAmount({ ...input, currency: 'USD' }).toFixed(2), '-5.00')
  })

  test('a JPY wallet is charged in whole yen, half away from zero', ({ assert }) => {
    // 1,000 USD_JPY at 150 on a JPY account: notional 150,000 JPY; × −0.9 % / 360 = −3.75 → −4.
    const input = { units: '1000', price: '150', conversion: '1', rate: '-0.9', days: 1 }
    assert.equal(swapAmount({ ...input, currency: 'JPY' }).toFixed(), '-4')
  })

  test('a EUR wallet trading a USD-quoted index converts through EUR_USD', ({ assert }) => {
    // 2 units × 5,000 USD = 10,000 USD; EUR account: conversion 1.25 (USD per EUR) → 8,000 EUR.
    const input = { units: '2', price: '5000', conversion: '1.25', rate: '-4.5', days: 3 }
    // 8,000 × −4.5 % / 360 × 3 = −3.00
    assert.equal(swapAmount({ ...input, currency: 'EUR' }).toFixed(2), '-3.00')
  })
})

test.group('swaps: the book settings rows', () => {
  test('triple days read per category; unknown values keep the default', ({ assert }) => {
    const rows = {
      swapTripleDays: {
        value1: 'thursday',
        value2: 'bogus',
        value3: null,
        value4: 'none',
        value5: 'sunday',
      },
    }
    assert.deepEqual(tripleDaysFrom(rows), {
      forex: 'thursday',
      commodity: 'wednesday',
      index: 'wednesday',
      stock: null,
      crypto: 'sunday',
    })
    assert.deepEqual(tripleDaysFrom({}), DEFAULT_TRIPLE_DAYS)
    assert.deepEqual(
      tripleDaysFrom({ swapTripleDays: tripleDaysRow(DEFAULT_TRIPLE_DAYS) }),
      DEFAULT_TRIPLE_DAYS
    )
  })

  test('the margin-call level defaults to 100 %', ({ assert }) => {
    assert.equal(marginCallLevelFrom({}), '100')
    assert.equal(marginCallLevelFrom({ marginCallLevel: { value1: '120' } }), '120')
    assert.equal(marginCallLevelFrom({ marginCallLevel: { value1: '-5' } }), '100')
  })
})
