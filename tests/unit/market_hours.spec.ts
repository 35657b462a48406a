import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isCategoryOpen, isForexOpen, isStockOpen, marketStatus } from '#domain/market_hours'

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
    assert.deepEqual(saturday, { forex: false, stock: false, crypto: true })
    assert.isFalse(isCategoryOpen('commodity', saturday))
    assert.isFalse(isCategoryOpen('index', saturday))
    assert.isTrue(isCategoryOpen('crypto', saturday))
    const mondayNoon = marketStatus(ny('2026-11-23T12:00'))
    assert.isTrue(isCategoryOpen('index', mondayNoon))
    assert.isTrue(isCategoryOpen('stock', mondayNoon))
  })
})
