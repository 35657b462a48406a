import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isCategoryOpen, isForexOpen, isStockOpen, marketStatus } from '#domain/market_hours'
import {
  US_STOCK_CALENDAR_YEARS,
  US_STOCK_EARLY_CLOSES,
  US_STOCK_HOLIDAYS,
  usStockSession,
} from '#domain/exchange_calendars'

const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' })

test.group('market hours', () => {
  test('forex opens Sunday 17:00 and closes Friday 17:00 New York time', ({ assert }) => {
    assert.isFalse(isForexOpen(ny('2026-11-22T16:59')), 'Sunday before the open')
    assert.isTrue(isForexOpen(ny('2026-11-22T17:00')), 'Sunday open')
    assert.isTrue(isForexOpen(ny('2026-11-25T03:00')), 'midweek night')
    assert.isTrue(isForexOpen(ny('2026-11-27T16:59')), 'Friday before the close')
    assert.isFalse(isForexOpen(ny('2026-11-27T17:00')), 'Friday close')
    assert.isFalse(isForexOpen(ny('2026-11-21T12:00')), 'Saturday')
  })

  test('follows New York daylight saving time, not UTC', ({ assert }) => {
    // 21:00 UTC on a July Friday is 17:00 EDT: closed; in November (EST) it is 16:00: open.
    assert.isFalse(isForexOpen(DateTime.fromISO('2026-07-10T21:00Z')))
    assert.isTrue(isForexOpen(DateTime.fromISO('2026-11-27T21:00Z')))
  })

  test('stocks trade weekdays 09:30–16:00 New York time', ({ assert }) => {
    assert.isFalse(isStockOpen(ny('2026-11-23T09:29')))
    assert.isTrue(isStockOpen(ny('2026-11-23T09:30')))
    assert.isTrue(isStockOpen(ny('2026-11-23T15:59')))
    assert.isFalse(isStockOpen(ny('2026-11-23T16:00')))
    assert.isFalse(isStockOpen(ny('2026-11-21T11:00')), 'Saturday')
  })

  test('commodity and index follow forex; crypto is always open', ({ assert }) => {
    const saturday = marketStatus(ny('2026-11-21T12:00'))
    assert.deepEqual(saturday, { forex: false, stock: false, crypto: true, closedVenues: [] })
    assert.isFalse(isCategoryOpen('commodity', saturday))
    assert.isFalse(isCategoryOpen('index', saturday))
    assert.isTrue(isCategoryOpen('crypto', saturday))
    const mondayNoon = marketStatus(ny('2026-11-23T12:00'))
    assert.isTrue(isCategoryOpen('index', mondayNoon))
    assert.isTrue(isCategoryOpen('stock', mondayNoon))
  })
})

test.group('exchange holiday calendars (shipped with the app)', () => {
  test('US stocks are closed all day on an exchange holiday: Thanksgiving 2026-11-26', ({
    assert,
  }) => {
    for (const time of ['09:30', '12:00', '15:59']) {
      assert.isFalse(isStockOpen(ny(`2026-11-26T${time}`)), time)
    }
    assert.deepEqual(usStockSession('2026-11-26'), { closed: true })
    const thanksgiving = marketStatus(ny('2026-11-26T12:00'))
    assert.deepInclude(thanksgiving, { forex: true, stock: false, crypto: true })
    assert.isFalse(isCategoryOpen('stock', thanksgiving))
  })

  test('US stocks close at 13:00 on an early-close day: 2026-11-27', ({ assert }) => {
    assert.isFalse(isStockOpen(ny('2026-11-27T09:29')))
    assert.isTrue(isStockOpen(ny('2026-11-27T09:30')))
    assert.isTrue(isStockOpen(ny('2026-11-27T12:59')))
    assert.isFalse(isStockOpen(ny('2026-11-27T13:00')))
    assert.isFalse(isStockOpen(ny('2026-11-27T15:00')))
    assert.deepEqual(usStockSession('2026-11-27'), { closed: false, closesAt: 13 * 60 })
  })

  test('ordinary weekdays keep the 09:30–16:00 session', ({ assert }) => {
    assert.deepEqual(usStockSession('2026-11-25'), { closed: false, closesAt: 16 * 60 })
    assert.isTrue(isStockOpen(ny('2026-11-25T15:59')))
    assert.isTrue(isStockOpen(ny('2026-11-30T10:00')))
  })

  test('the published holidays of each year are closed, and each falls on a weekday', ({
    assert,
  }) => {
    for (const day of [
      '2025-01-09',
      '2025-04-18',
      '2026-07-03',
      '2027-03-26',
      '2027-12-24',
      '2028-06-19',
    ]) {
      assert.isFalse(isStockOpen(ny(`${day}T12:00`)), day)
    }
    for (const day of [...Object.keys(US_STOCK_HOLIDAYS), ...Object.keys(US_STOCK_EARLY_CLOSES)]) {
      const year = Number(day.slice(0, 4))
      assert.isAtMost(ny(`${day}T12:00`).weekday, 5, day)
      assert.isAtLeast(year, US_STOCK_CALENDAR_YEARS.first, day)
      assert.isAtMost(year, US_STOCK_CALENDAR_YEARS.last, day)
    }
    // New Year's Day 2028 is a Saturday: the Friday before trades as usual.
    assert.isTrue(isStockOpen(ny('2027-12-31T12:00')))
  })

  test('forex (and the commodities and indices on its session) closes for Christmas and New Year', ({
    assert,
  }) => {
    assert.isTrue(isForexOpen(ny('2026-12-24T16:59')))
    assert.isFalse(isForexOpen(ny('2026-12-24T17:00')))
    assert.isFalse(isForexOpen(ny('2026-12-25T12:00')))
    assert.isFalse(isForexOpen(ny('2026-12-25T16:59')))
    // Friday 25 December 2026: reopening time is the weekly close.
    assert.isFalse(isForexOpen(ny('2026-12-25T17:00')))
    assert.isTrue(isForexOpen(ny('2026-12-28T10:00')))
    assert.isFalse(isForexOpen(ny('2026-12-31T17:00')))
    assert.isFalse(isForexOpen(ny('2027-01-01T10:00')))
    // Monday 25 December 2028 reopens at 17:00.
    assert.isFalse(isForexOpen(ny('2028-12-25T16:59')))
    assert.isTrue(isForexOpen(ny('2028-12-25T17:00')))
    const christmas = marketStatus(ny('2026-12-25T12:00'))
    assert.isFalse(isCategoryOpen('commodity', christmas))
    assert.isFalse(isCategoryOpen('index', christmas))
    assert.isTrue(isCategoryOpen('crypto', christmas))
  })
})
