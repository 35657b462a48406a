import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { formatTableDate, utcDayRange } from '#domain/date_format'

test.group('table dates (customer spec §9: YYYY-MM-DD h:mm A)', () => {
  test('formats in UTC with a 12-hour clock', ({ assert }) => {
    assert.equal(formatTableDate(DateTime.fromISO('2025-03-07T16:05:00Z')), '2025-03-07 4:05 PM')
    assert.equal(formatTableDate(DateTime.fromISO('2025-03-07T00:30:00Z')), '2025-03-07 12:30 AM')
    assert.equal(formatTableDate(DateTime.fromISO('2025-03-07T12:00:00Z')), '2025-03-07 12:00 PM')
    // Another zone is shown in UTC.
    assert.equal(
      formatTableDate(DateTime.fromISO('2025-03-07T01:00:00+02:00', { setZone: true })),
      '2025-03-06 11:00 PM'
    )
    assert.equal(formatTableDate(null), '-')
  })

  test('a day range is half open on whole UTC days', ({ assert }) => {
    const { from, before } = utcDayRange({ dateStart: '2025-01-31', dateEnd: '2025-02-01' })
    assert.equal(from!.toUTC().toISO(), '2025-01-31T00:00:00.000Z')
    assert.equal(before!.toUTC().toISO(), '2025-02-02T00:00:00.000Z')
    assert.deepEqual(utcDayRange({}), { from: null, before: null })
    assert.deepEqual(utcDayRange({ dateStart: '', dateEnd: null }), { from: null, before: null })
  })

  test('no upper bound is needed after the last storable day', ({ assert }) => {
    assert.isNull(utcDayRange({ dateEnd: '9999-12-31' }).before)
    assert.equal(utcDayRange({ dateEnd: '9999-12-30' }).before!.toUTC().toISODate(), '9999-12-31')
  })
})
