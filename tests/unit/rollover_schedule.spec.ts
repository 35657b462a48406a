import { test } from '@japa/runner'
import { dueRolloverDates } from '#domain/rollover_schedule'

test.group('rollover schedule', () => {
  test('nothing recorded yet: only the latest day, never history', ({ assert }) => {
    assert.deepEqual(dueRolloverDates('2026-01-14', null), ['2026-01-14'])
  })

  test('up to date: nothing; one behind: the latest', ({ assert }) => {
    assert.deepEqual(dueRolloverDates('2026-01-14', '2026-01-14'), [])
    assert.deepEqual(dueRolloverDates('2026-01-14', '2026-01-13'), ['2026-01-14'])
  })

  test('missed days are caught up oldest first, at most seven back', ({ assert }) => {
    assert.deepEqual(dueRolloverDates('2026-01-14', '2026-01-11'), [
      '2026-01-12',
      '2026-01-13',
      '2026-01-14',
    ])
    assert.deepEqual(dueRolloverDates('2026-01-14', '2025-12-01'), [
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
      '2026-01-13',
      '2026-01-14',
    ])
  })

  test('a day started and not finished inside the window is resumed', ({ assert }) => {
    assert.deepEqual(dueRolloverDates('2026-01-14', '2026-01-13', ['2026-01-12']), [
      '2026-01-12',
      '2026-01-14',
    ])
    // Older than the window: left to the command.
    assert.deepEqual(dueRolloverDates('2026-01-14', '2026-01-14', ['2026-01-01']), [])
  })

  test('across the end of daylight saving the days stay whole', ({ assert }) => {
    assert.deepEqual(dueRolloverDates('2026-11-02', '2026-10-31'), ['2026-11-01', '2026-11-02'])
  })
})
